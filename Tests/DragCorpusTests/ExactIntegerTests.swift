import DragCorpus
import DragReader
import DragRecording
import Foundation
import TestSupport
import Testing

/// Hardening, second pass, class 11: an integer in `meta` is kept exactly
/// from the reader through every writer (2^53 + 1, `Int64.max`, -2^63 are
/// each one Double-rounding away from another number).
@Suite("Exact integers in meta (hardening, class 11)")
struct ExactIntegerTests {
    static let header =
        #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a"]}]},"meta":"#

    @Test("the reader keeps 2^53+1, Int64.max and -2^63 as integers, at any depth; fractions and exponents stay numbers")
    func readerKeepsIntegers() throws {
        let meta =
            #"{"p":9007199254740993,"max":9223372036854775807,"min":-9223372036854775808,"in":[{"x":9007199254740993}],"f":1.5,"e":1e2}"#
        let reader = try RecordingReader(bytes: Array((Self.header + meta + "}\n").utf8))
        #expect(
            reader.header.meta
                == .object([
                    "p": .integer(9_007_199_254_740_993), "max": .integer(.max), "min": .integer(.min),
                    "in": .array([.object(["x": .integer(9_007_199_254_740_993)])]), "f": .number(1.5), "e": .number(100),
                ]))
        #expect(JSONValue.integer(9_007_199_254_740_993) != .integer(9_007_199_254_740_992))
        #expect(JSONValue.number(1).exactInteger == 1 && JSONValue.number(1.5).exactInteger == nil)
    }

    @Test("corpus merge writes 9223372036854775807, -9223372036854775808 and 9007199254740993 as written")
    func mergeKeepsIntegers() throws {
        let input = try temporaryDirectory("exact-in")
        let meta = #"{"max":9223372036854775807,"min":-9223372036854775808,"p":9007199254740993,"f":1.5}"#
        try (Self.header + meta + "}\n" + #"{"type":"enable","t":1}"# + "\n").write(
            toFile: input + "/a.jsonl", atomically: false, encoding: .utf8)
        let output = try temporaryDirectory("exact-out")
        let summary = try mergeCorpora([input], into: output)
        #expect(summary.kept.count == 1 && summary.exitCode == 0)
        let first = try readText(summary.kept[0]).split(separator: "\n")[0]
        #expect(first.hasSuffix(#""meta":{"f":1.5,"max":9223372036854775807,"min":-9223372036854775808,"p":9007199254740993}}"#))
    }

    @Test("fuzz --seed 9007199254740993 writes \"seed\":9007199254740993 into every finding, --seed Int64.max its digits")
    func fuzzSeedExact() throws {
        for (seed, written) in [("9007199254740993", #""seed":9007199254740993"#), ("9223372036854775807", #""seed":9223372036854775807"#)]
        {
            let out = try temporaryDirectory("exact-fuzz")
            let r = try runCLI(["fuzz", "--applier", "insert-before-remove", "--seed", seed, "--runs", "300", "--out", out])
            #expect(r.code == 1, "\(r.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jsonl") }
            #expect(!files.isEmpty)
            for f in files {
                let text = try readText(out + "/" + f)
                #expect(text.contains(written), "\(f)")
                #expect(try checkRecording(path: out + "/" + f).events > 0)
            }
        }
    }
}

extension ExactIntegerTests {
    @Test("JSON has one number kind: 95 equals 95.0 (and hashes alike); 2^53+1 differs from 2^53, 1.5 from 1")
    func oneNumberKind() {
        #expect(JSONValue.integer(95) == .number(95) && Set([JSONValue.integer(95), .number(95)]).count == 1)
        #expect(JSONValue.integer(9_007_199_254_740_993) != .number(9_007_199_254_740_992))
        #expect(JSONValue.number(1.5) != .integer(1) && JSONValue.number(1.5) == .number(1.5))
        #expect(JSONValue.integer(1) != .string("1") && JSONValue.integer(.min) == .integer(.min))
    }
}
