import Foundation
import TestSupport

/// Runs the CLI, with its wall time (the deadline tests bound it).
func timedCLI(_ arguments: [String]) throws -> (CLIResult, seconds: Double) {
    let start = Date()
    let r = try runCLI(arguments)
    return (r, Date().timeIntervalSince(start))
}

/// The recordings a run wrote into `directory`, by name.
func findings(_ directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }.sorted()
}
