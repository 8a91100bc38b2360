import Foundation
import Testing

/// Compares `text` with a golden file, in the manner of swift-argument-parser's
/// test helpers: a mismatch records an issue with a line diff (`-` golden,
/// `+` actual). `DRAGREPLAY_RECORD_GOLDEN=1` rewrites the file and FAILS the
/// test, so a re-recording is always looked at before it is trusted.
public func assertGolden(
    _ text: String, _ name: String, directory: String = packageRoot + "/Tests/CLITests/Golden",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let path = directory + "/" + name
    if ProcessInfo.processInfo.environment["DRAGREPLAY_RECORD_GOLDEN"] == "1" {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record(
                "Recorded golden file \(path). Re-run without DRAGREPLAY_RECORD_GOLDEN to check it.", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Cannot record golden file \(path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let golden = try? String(contentsOfFile: path, encoding: .utf8) else {
        Issue.record("No golden file \(path). Record it with DRAGREPLAY_RECORD_GOLDEN=1.", sourceLocation: sourceLocation)
        return
    }
    if golden != text {
        Issue.record("Output differs from \(name) (- golden, + actual):\n\(lineDiff(golden, text))", sourceLocation: sourceLocation)
    }
}

/// A line diff (longest common subsequence): unchanged lines with two
/// spaces, removed with `-`, added with `+`.
/// - Complexity: O(m * n) for m and n lines: golden files are short.
public func lineDiff(_ a: String, _ b: String) -> String {
    let x = a.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let y = b.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var lcs = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in stride(from: x.count - 1, through: 0, by: -1) {
        for j in stride(from: y.count - 1, through: 0, by: -1) {
            lcs[i][j] = x[i] == y[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
    }
    var out: [String] = []
    var i = 0
    var j = 0
    while i < x.count || j < y.count {
        if i < x.count && j < y.count && x[i] == y[j] {
            out.append("  " + x[i])
            i += 1
            j += 1
        } else if i < x.count && (j == y.count || lcs[i + 1][j] >= lcs[i][j + 1]) {
            out.append("- " + x[i])
            i += 1
        } else {
            out.append("+ " + y[j])
            j += 1
        }
    }
    return out.joined(separator: "\n")
}
