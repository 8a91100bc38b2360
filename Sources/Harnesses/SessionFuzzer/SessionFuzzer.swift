import DragFuzz
import Foundation
import ReorderCore

// Drives the fuzzer's generator from libFuzzer's bytes: each byte is one
// choice of the choice sequence, so coverage guidance steers the same
// generator that seeds and shrinking use. A broken invariant aborts, and
// libFuzzer saves the input. DRAGFUZZ_APPLIER picks the applier (canonical).

let applier: Applier<Int, Int> =
    Applier<Int, Int>.named(ProcessInfo.processInfo.environment["DRAGFUZZ_APPLIER"] ?? "canonical") ?? .canonical

func runOne(_ bytes: [UInt8]) -> Violation? {
    guard let first = bytes.first else { return nil }
    var choices = ChoiceSequence(replaying: bytes.dropFirst().map { UInt64($0) })
    let mode: FuzzMode = first & 1 == 0 ? .sessions : .differences
    return CaseRunner(applier: applier, mode: mode).run(&choices).violation
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessions(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if let v = runOne(Array(UnsafeBufferPointer(start: data, count: size))) {
        FileHandle.standardError.write(Data("invariant \(v.invariant.rawValue) broken: \(v.message)\n".utf8))
        abort()
    }
    return 0
}

// SwiftPM links an executable's entry point as `SessionFuzzer_main`; hand it to
// libFuzzer's driver, which parses libFuzzer's flags and runs the loop.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

@_cdecl("SessionFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzSessions(data, size) }
}
#else
@main
struct SessionFuzzerMain {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                continue
            }
            if let v = runOne(Array(data)) { print("\(path): \(v.invariant.rawValue): \(v.message)") } else { print("\(path): ok") }
        }
    }
}
#endif
