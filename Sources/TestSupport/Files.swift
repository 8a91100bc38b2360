import DragSystem
import Foundation

/// The package root, from this file's place in it.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .path

/// The `*.jsonl` files of `corpora/SUB`, sorted.
public func corpus(_ sub: String) -> [String] {
    let dir = packageRoot + "/corpora/" + sub
    return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted().map {
        dir + "/" + $0
    }
}

/// A fresh directory under the system's temporary directory.
public func temporaryDirectory(_ prefix: String = "dragreplay") throws -> String {
    let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

public func temporaryCopy(of path: String) throws -> String {
    let target = NSTemporaryDirectory() + "dragreplay-\(UUID().uuidString)-" + (path as NSString).lastPathComponent
    try FileManager.default.copyItem(atPath: path, toPath: target)
    return target
}

public func writeTemporary(_ text: String) throws -> String {
    let target = NSTemporaryDirectory() + "dragreplay-\(UUID().uuidString).jsonl"
    try text.write(toFile: target, atomically: true, encoding: .utf8)
    return target
}

public func readText(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

/// What a run of the `dragreplay` binary printed.
public struct CLIResult: Sendable {
    public var code: Int32
    public var stdout: String
    public var stderr: String
    /// The child was killed by a signal (`code` is the signal): a crash.
    public var signalled = false
    /// The raw bytes, for checks on what a terminal would see.
    public var stdoutBytes: [UInt8] = []
    public var stderrBytes: [UInt8] = []
}

/// The built `dragreplay` the CLI tests run.
public var dragreplayBinary: String {
    let bin =
        ProcessInfo.processInfo.environment["DRAGREPLAY_BIN"]
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("dragreplay").path
    return FileManager.default.fileExists(atPath: bin) ? bin : packageRoot + "/.build/debug/dragreplay"
}

/// Runs the built `dragreplay` (next to the test bundle, or `DRAGREPLAY_BIN`).
public func runCLI(_ arguments: [String], cwd: String = packageRoot, environment: [String: String] = [:]) throws -> CLIResult {
    try run(dragreplayBinary, arguments, cwd: cwd, environment: environment)
}

/// Runs `/bin/sh -c script` with `$DRAGREPLAY` naming the built binary: for
/// redirections a `Process` cannot make (`2>&-`, `>/dev/full`).
public func runShell(_ script: String, cwd: String = packageRoot, environment: [String: String] = [:]) throws -> CLIResult {
    var env = environment
    env["DRAGREPLAY"] = dragreplayBinary
    return try run("/bin/sh", ["-c", script], cwd: cwd, environment: env)
}

/// Runs `executable` with both pipes read at once.
public func run(_ executable: String, _ arguments: [String], cwd: String = packageRoot, environment: [String: String] = [:]) throws
    -> CLIResult
{
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    p.currentDirectoryURL = URL(fileURLWithPath: cwd)
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (k, v) in environment { env[k] = v }
    p.environment = env
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    yieldToOtherTests(p.processIdentifier)
    // Read both pipes at once: a full stderr pipe must not block the child.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    p.waitUntilExit()
    return CLIResult(
        code: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
        signalled: p.terminationReason == .uncaughtSignal, stdoutBytes: Array(o), stderrBytes: Array(errData))
}

/// Lowers a child's priority (nice 10): the CLI tests start many busy
/// children, and on a small machine they must not starve the tests that
/// time an app's answers (DragAppTests).
public func yieldToOtherTests(_ pid: Int32) {
    SystemCall.setNiceness(of: pid, to: 10)
}
