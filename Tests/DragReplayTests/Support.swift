import Foundation
import DragReplay
import DragRecording
import ReorderCore

/// The package root, from this file's place in it.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

func corpus(_ sub: String) -> [String] {
    let dir = packageRoot + "/corpora/" + sub
    return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted().map { dir + "/" + $0 }
}

func temporaryCopy(of path: String) throws -> String {
    let target = NSTemporaryDirectory() + "dragreplay-\(UUID().uuidString)-" + (path as NSString).lastPathComponent
    try FileManager.default.copyItem(atPath: path, toPath: target)
    return target
}

func writeTemporary(_ text: String) throws -> String {
    let target = NSTemporaryDirectory() + "dragreplay-\(UUID().uuidString).jsonl"
    try text.write(toFile: target, atomically: true, encoding: .utf8)
    return target
}

/// Runs the built `dragreplay` (next to the test bundle, or `DRAGREPLAY_BIN`).
func runCLI(_ arguments: [String], cwd: String = packageRoot) throws -> (code: Int32, stdout: String, stderr: String) {
    let bin = ProcessInfo.processInfo.environment["DRAGREPLAY_BIN"]
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("dragreplay").path
    let p = Process()
    p.executableURL = URL(fileURLWithPath: FileManager.default.fileExists(atPath: bin) ? bin : packageRoot + "/.build/debug/dragreplay")
    p.arguments = arguments
    p.currentDirectoryURL = URL(fileURLWithPath: cwd)
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    p.environment = env
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
}

/// Compares with a golden file; `DRAGREPLAY_RECORD_GOLDEN=1` re-records it.
func matchesGolden(_ text: String, _ name: String) throws -> Bool {
    let path = packageRoot + "/Tests/DragReplayTests/Golden/" + name
    if ProcessInfo.processInfo.environment["DRAGREPLAY_RECORD_GOLDEN"] == "1" {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return true
    }
    return (try? String(contentsOfFile: path, encoding: .utf8)) == text
}
