import DragSystem
import Foundation
import Glibc
import Testing

@testable import DragApp

/// The broken apps of `Apps/`, run with the system's python3.
func app(_ name: String) -> String {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Apps").path
    return "python3 '\(directory)/\(name).py'"
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

let hello = bytes(#"{"op":"hello","protocol":1,"tool":"dragreplay tests"}"#)
let reset = bytes(#"{"op":"reset","container":{"collections":[{"id":null,"items":[],"fixed":[],"locked":[],"capacity":null}]}}"#)
let emptyAnswer = #"{"ok":true,"collections":[]}"#

func helloAnswer(_ name: String, protocol version: Int = 1) -> String {
    #"{"ok":true,"protocol":\#(version),"name":"\#(name)","supports":["apply"]}"#
}

/// The error `body` throws, or nil. (Closures passed here are inferred as
/// throwing `any Error`; anything but an `AppProcessError` is an issue.)
func failure<Result>(_ body: () throws -> Result) -> AppProcessError? {
    do {
        _ = try body()
        return nil
    } catch let error as AppProcessError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

/// Seconds taken by `body`, with its result.
func timed<Result>(_ body: () -> Result) -> (Result, seconds: Double) {
    let start = MonotonicClock.now()
    let result = body()
    return (result, MonotonicClock.now().seconds(since: start))
}

/// True while `pid` is a process that has not exited (a zombie has exited).
func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(close, offsetBy: 2)]
    return state != "Z" && state != "X"
}

/// True once `pid` has stopped running, within `seconds` (a SIGKILL is
/// queued at once but the process dies when next scheduled).
func stopsRunning(_ pid: pid_t, within seconds: Double = 2) -> Bool {
    let deadline = Deadline(after: seconds)
    while !deadline.hasExpired {
        if !isRunning(pid) { return true }
        usleep(5_000)
    }
    return !isRunning(pid)
}

/// The app's main process left no trace: no /proc entry (so not a zombie),
/// and nothing for `waitpid` to collect.
func isReaped(_ pid: pid_t) -> Bool {
    var status: Int32 = 0
    let waited = waitpid(pid, &status, WNOHANG)
    let nothingToReap = waited == -1 && errno == ECHILD
    return nothingToReap && !FileManager.default.fileExists(atPath: "/proc/\(pid)")
}

/// The pipes and pidfds this process has open: what `AppProcess` opens.
/// Other descriptors (files other suites read) are left out of the count.
func openPipesAndPidfds() -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.filter { entry in
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)") else { return false }
        return target.hasPrefix("pipe:") || target.contains("pidfd")
    }.count
}

/// The integer after `"key":` in a JSON line (enough for the fixtures' answers).
func integer(_ key: String, in line: [UInt8]) -> Int32? {
    let line = text(line)
    guard let range = line.range(of: "\"\(key)\":") else { return nil }
    return Int32(line[range.upperBound...].prefix { $0.isNumber })
}

/// A value shared with a thread the test starts; access is ordered by semaphores.
final class Shared<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
