/// Code under test in another process whose requests can be written ahead
/// of its answers (an app over the app protocol). The fuzzer runs a case in
/// two ways, with the same results:
///
/// 1. Pipelined (`beginPipelinedCase` ... `endPipelinedCase`): every request
///    is answered at once with what a correct app answers (the canonical
///    rule, the standard drop configuration, the reference swipe handler,
///    run in process), written to the app without waiting, and the app's
///    real answers are compared with those predictions as they arrive. No
///    request depends on an answer unless an answer differs, so when every
///    answer equals its prediction the case ran exactly as it would have
///    one request at a time.
/// 2. Otherwise (`endPipelinedCase` returns false: an answer differed, an
///    error, a timeout, a crash) the case is run again from its `reset`,
///    one request at a time, and that run is the result: findings,
///    shrinking and counts do not depend on the pipelining.
public protocol PipelinedSubject: AnyObject {
    /// Starts a pipelined case: `handle` answers with predictions from now on.
    func beginPipelinedCase()
    /// Reads every outstanding answer and ends the pipelined case.
    /// - Returns: true when every answer equalled its prediction; false when
    ///   the case must be run again one request at a time.
    func endPipelinedCase() -> Bool
    /// At the end of any case: a protocol error if the app has written
    /// output that no request asked for.
    func endCase() -> SubjectFailure?
}
