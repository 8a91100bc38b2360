import DragRecording
import DragSystem
import Foundation
import ReorderCore
import TestSupport
import Testing

@testable import DragReader

/// The strict pre-scan (StrictJSON.swift): JSON's grammar where json-c is
/// lenient, checked on tables of edge cases, on generated lines against
/// Foundation's parser, and for agreement between its fast and exact passes.
@Suite("Strict JSON (hardening, class 10)")
struct StrictJSONTests {
    func problem(_ line: String) -> (offset: Int, message: String)? {
        var bytes = Array(line.utf8)
        var shape = LineShape()
        return bytes.withUnsafeMutableBytes { strictProblem(UnsafeRawBufferPointer($0), maxDepth: 32, shape: &shape) }
    }

    func exact(_ bytes: [UInt8]) -> (offset: Int, message: String)? {
        var shape = LineShape()
        return bytes.withUnsafeBytes { StrictScanner(line: $0, maxDepth: 32).firstProblem(shape: &shape) }
    }

    func plain(_ bytes: [UInt8]) -> Bool {
        var shape = LineShape()
        return bytes.withUnsafeBytes { looksPlain($0, maxDepth: 32, shape: &shape) }
    }

    @Test(
        "numbers in JSON's grammar pass, wherever they stand",
        arguments: [
            "0", "-0", "1", "-1", "10", "0.5", "-0.5", "1.25", "1e5", "1E5", "1e+5", "1e-5", "1.5e-3", "-0.0e+00", "0e5", "1e05",
            "123456789012345678", "9223372036854775807", "-9223372036854775808", "0.30000000000000004", "1.7976931348623157e308",
            "12345678901234567890.5", "1e300", "-1.7976931348623157e308", "1e-999", "0.1e309",
        ])
    func validNumbers(_ n: String) {
        #expect(problem("{\"a\":\(n),\"b\":[\(n),\(n)]}") == nil, "\(n)")
    }

    @Test(
        "numbers json-c takes but JSON does not are refused at their first byte",
        arguments: [
            ("5.", "needs a digit after the decimal point"), ("1.e2", "needs a digit after the decimal point"),
            ("-1.", "needs a digit after the decimal point"), ("-01", "has a leading zero"), ("00", "has a leading zero"),
            ("-.5", "'-' must be followed by a digit"), ("NaN", "NaN is not a JSON number"),
            ("Infinity", "Infinity is not a JSON number"), ("-Infinity", "-Infinity is not a JSON number"),
            ("9223372036854775808", "does not fit in a 64-bit signed integer"),
            ("-9223372036854775809", "does not fit in a 64-bit signed integer"),
            ("99999999999999999999999999", "does not fit in a 64-bit signed integer"),
        ])
    func invalidNumbers(_ n: String, _ message: String) throws {
        let p = try #require(problem("{\"type\":\"enable\",\"t\":\(n)}"))
        #expect(p.offset == 21)
        #expect(p.message.contains(message), "\(p.message)")
    }

    @Test("an overflowing integer is found where it stands, even beside Int64.max written out")
    func overflowIsPositionExact() throws {
        let line = #"{"type":"insert","t":0,"items":["z"],"note":9223372036854775807,"index":99999999999999999999}"#
        let p = try #require(problem(line))
        #expect(p.offset == line.utf8.count - 21)
        #expect(p.message == "integer 99999999999999999999 does not fit in a 64-bit signed integer")
        #expect(problem(#"{"a":9223372036854775807,"b":-9223372036854775808}"#) == nil)
    }

    /// Issue 23, class 10: json-c makes these infinity wherever they stand.
    @Test(
        "a number past the largest double is refused in any field, known or not, named by its path",
        arguments: [
            (#"{"type":"enable","t":1,"extra":1e999}"#, 23, "extra", "1e999"),
            (#"{"meta":{"f":1e999}}"#, 9, "meta.f", "1e999"),
            (#"{"meta":{"a":1,"b":{"c":[0,1,-1E+400]}}}"#, 29, "meta.b.c[2]", "-1E+400"),
            (#"{"x":[{"y":2e308}]}"#, 7, "x[0].y", "2e308"),
            (
                #"{"big":1"# + String(repeating: "0", count: 400) + #".5}"#, 1, "big",
                "1" + String(repeating: "0", count: 39) + "... (403 characters)"
            ),
        ] as [(String, Int, String, String)])
    func overflowingDoubles(_ line: String, _ offset: Int, _ field: String, _ shown: String) throws {
        let p = try #require(problem(line), "\(line)")
        #expect(p.offset == offset, "\(line)")
        #expect(p.message == "field \"\(field)\" must be a finite number, got \(shown)")
        #expect(!plain(Array(line.utf8)), "the fast pass sends it to the exact scan")
    }

    @Test("an exponent within range is fine, and true, false and e inside strings keep a line plain")
    func exponentsInRange() {
        #expect(problem(#"{"a":1.7976931348623157e308,"b":-1e308,"c":1e-400,"d":123e-500}"#) == nil)
        #expect(plain(Array(#"{"type":"enable","t":1,"on":true,"off":false,"s":"1e999"}"#.utf8)))
    }

    @Test("a literal as long as a line is reported in 40 characters and its length")
    func longLiteral() throws {
        let p = try #require(problem("{\"t\":" + String(repeating: "9", count: 100_000) + "}"))
        #expect(p.message.hasPrefix("integer " + String(repeating: "9", count: 40) + "... (100000 characters)"))
    }

    @Test(
        "strings: lone surrogates, NUL, bad escapes and invalid UTF-8 are refused; pairs and valid UTF-8 pass",
        arguments: [
            (#""\ud800""#, "lone surrogate \\ud800"), (#""\udbff""#, "lone surrogate \\udbff"), (#""\udc00""#, "lone surrogate \\udc00"),
            (#""\ud800\u0041""#, "lone surrogate \\ud800"), (#""\ud800\ud800""#, "lone surrogate \\ud800"),
            (#""a\u0000b""#, "a NUL character"), (#""\x41""#, "invalid escape \\x"), (#""\u12g4""#, "4 hex digits"),
        ])
    func badStrings(_ s: String, _ message: String) throws {
        let p = try #require(problem("{\"item\":\(s)}"))
        #expect(p.message.contains(message), "\(p.message)")
        let key = try #require(problem("{\(s):1}"))
        #expect(key.message.contains(message))
    }

    @Test("escaped pairs, every simple escape and valid UTF-8 of every length pass")
    func goodStrings() {
        for s in [#""\ud834\udd1e""#, #""\uD834\uDD1E""#, #""\"\\\/\b\f\n\r\t""#, "\"é€𝄞\"", #""\u001b""#, "\"\u{7F}\""] {
            #expect(problem("{\"item\":\(s)}") == nil, "\(s)")
        }
    }

    @Test(
        "invalid UTF-8: each ill-formed sequence of the Unicode standard is named",
        arguments: [
            ([0xC0, 0x80], "overlong"), ([0xE0, 0x80, 0xAF], "overlong"), ([0xF0, 0x80, 0x80, 0xAF], "overlong"),
            ([0xED, 0xA0, 0x80], "surrogate"), ([0xF4, 0x90, 0x80, 0x80], "past U+10FFFF"), ([0xFF], "never occurs"),
            ([0x80], "never started"), ([0xC3], "cut off"), ([0xE2, 0x82], "cut off"), ([0xE2, 0x28, 0xA1], "cut off"),
        ] as [([UInt8], String)])
    func invalidUTF8(_ sequence: [UInt8], _ reason: String) throws {
        let line = Array(#"{"item":""#.utf8) + sequence + Array(#""}"#.utf8)
        let p = try #require(exact(line))
        #expect(p.offset == 9)
        #expect(p.message.contains("invalid UTF-8") && p.message.contains(reason), "\(p.message)")
    }

    @Test("a byte-order mark or a no-break space before the object gets its own message")
    func bomAndNBSP() throws {
        let bom = try #require(exact([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
        #expect(bom.message.contains("a UTF-8 byte-order mark (EF BB BF) is not allowed at the start of a line"))
        let nbsp = try #require(exact([0xC2, 0xA0] + Array("{}".utf8)))
        #expect(nbsp.message.contains("U+00A0 (no-break space) outside a string"))
        let later = try #require(exact(Array("{\"a\":1".utf8) + [0xEF, 0xBB, 0xBF] + Array("}".utf8)))
        #expect(later.message.contains("byte-order mark (U+FEFF) outside a string"))
    }

    @Test("\"\\ud800\" and \"\\udbff\" can no longer become one ID; an escaped pair reads as its character")
    func surrogatesDoNotCollide() throws {
        let header =
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["\ud834\udd1e"]}]}}"#
        let reader = try RecordingReader(bytes: Array(header.utf8))
        #expect(reader.header.collections[0].items == ["𝄞"])
        for id in [#"\ud800"#, #"\udbff"#] {
            #expect(throws: RecordingError.self) {
                try RecordingReader(bytes: Array(header.replacingOccurrences(of: #"\ud834\udd1e"#, with: id).utf8))
            }
        }
    }

    /// Lines built from JSON's pieces, valid and not: numbers of every
    /// shape, strings with escapes and UTF-8, structure, and stray bytes.
    struct LineGenerator {
        var rng: SplitMix64
        mutating func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
        mutating func number() -> String {
            pick([
                "0", "-0", "7", "-12", "3.25", "1e5", "2E-3", "5.", "1.e2", "-01", "00", "-.5", "NaN", "-Infinity", "9223372036854775807",
                "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "0.1234567890123456789", "1234567890123456789012",
                "1e05", "10", "100.001", "-0.0",
            ])
        }
        mutating func string() -> String {
            "\""
                + (0..<Int(rng.next() % 4)).map { _ in
                    pick([
                        "a", "item-7", "é", "\\n", "\\u0041", "\\ud834\\udd1e", "\\ud800", "\\u0000", "N", "I", ".", "-", "0", "'", " ",
                        ":", "{",
                    ])
                }.joined() + "\""
        }
        mutating func value(_ depth: Int) -> String {
            switch rng.next() % (depth > 3 ? 3 : 5) {
            case 0: number()
            case 1: string()
            case 2: pick(["true", "false", "null"])
            case 3: "[" + (0..<Int(rng.next() % 4)).map { _ in value(depth + 1) }.joined(separator: ",") + "]"
            default: object(depth + 1)
            }
        }
        mutating func object(_ depth: Int) -> String {
            "{" + (0..<Int(rng.next() % 4)).map { _ in string() + ":" + value(depth) }.joined(separator: pick([",", ", ", ",\t"])) + "}"
        }
        mutating func line() -> [UInt8] {
            var bytes = Array(object(0).utf8)
            // Now and then a stray byte where it does not belong.
            if rng.next() % 4 == 0, !bytes.isEmpty {
                let at = Int(rng.next() % UInt64(bytes.count))
                bytes.insert(pick([0x00, 0x09, 0x0D, 0x1B, 0x27, 0x7F, 0x80, 0xC2, 0xA0, 0xFF, 0x2E, 0x2D, 0x30]), at: at)
            }
            return bytes
        }
    }

    @Test("the fast pass never clears a line the exact scan refuses and json-c takes (20,000 generated lines)")
    func fastPassIsSound() {
        var g = LineGenerator(rng: SplitMix64(seed: 10))
        let tokener = JSONCTokener(maxDepth: 32)
        var cleared = 0
        for _ in 0..<20_000 {
            let line = g.line()
            guard plain(line), exact(line) != nil else {
                if plain(line) { cleared += 1 }
                continue
            }
            // What the fast pass leaves out (an exponent with no digits),
            // json-c refuses itself: the verdict is the same.
            let parsed: Bool = line.withUnsafeBytes { raw in
                guard case .value(let root) = tokener.parse(raw) else { return false }
                root.release()
                return true
            }
            #expect(!parsed, "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(cleared > 1_000)  // the fast pass does clear plain lines
    }

    @Test("whatever the reader accepts, Foundation's strict JSON parser accepts too (5,000 generated lines)")
    func acceptsOnlyJSON() {
        var g = LineGenerator(rng: SplitMix64(seed: 11))
        let tokener = JSONCTokener(maxDepth: 32)
        var accepted = 0
        for _ in 0..<5_000 {
            let line = g.line()
            let ours: Bool = line.withUnsafeBytes { raw in
                var shape = LineShape()
                guard strictProblem(raw, maxDepth: 32, shape: &shape) == nil else { return false }
                guard case .value(let root) = tokener.parse(raw) else { return false }
                root.release()
                return true
            }
            guard ours else { continue }
            accepted += 1
            #expect((try? JSONSerialization.jsonObject(with: Data(line))) != nil, "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(accepted > 500)
    }

    /// A header of `n` heights past 64 bits with `Int64.max` written at its end.
    func largeIntegersHeader(_ n: Int, value: String = "99999999999999999999") -> [UInt8] {
        let heights = (0..<n).map { "\"i\($0)\":\(value)" }.joined(separator: ",")
        let header =
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10,"heights":{"#
            + heights + #"}},"collections":[{"items":["a"]}]},"meta":{"n":9223372036854775807}}"# + "\n"
        return Array(header.utf8)
    }

    /// The least of three wall-clock times of reading `bytes` (refused).
    func readingTime(_ bytes: [UInt8]) -> Double {
        (0..<3).map { _ in
            let start = Date()
            _ = try? RecordingReader(bytes: bytes)
            return Date().timeIntervalSince(start)
        }.min()!
    }

    @Test("CPU: a header of 18,000 heights past 64 bits with Int64.max written at its end is refused at once (was 11.9 s, and valid)")
    func manyLargeIntegers() throws {
        // The old check searched the line for Int64.max's literal once per
        // clamped value, and took the one at the end for each of them.
        #expect(
            throws: RecordingError.input(
                Diagnostic(
                    path: "<memory>", line: 1, column: 126, message: "integer 99999999999999999999 does not fit in a 64-bit signed integer")
            )
        ) {
            try RecordingReader(bytes: largeIntegersHeader(18_000))
        }
        // And 18,000 genuine Int64.max values: refused by the limit on sizes.
        let genuine = largeIntegersHeader(18_000, value: "9223372036854775807")
        #expect(throws: RecordingError.self) { try RecordingReader(bytes: genuine) }
        // Linear, not quadratic: ten times the values cost about ten times
        // as much (a search per value cost a hundred). A ratio of two sizes
        // read side by side, not a bound on time, so a loaded machine does
        // not fail it.
        let ratio = readingTime(genuine) / max(readingTime(largeIntegersHeader(1_800, value: "9223372036854775807")), 1e-6)
        #expect(ratio < 40, "18,000 values took \(ratio)x as long as 1,800")
    }

    @Test("messages quote what json-c read, escaped and cut short; map keys in field names are escaped")
    func messagesEchoSafely() throws {
        let header =
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10,"heights":{"a\u001b[2J":"x"}},"collections":[{"items":["a"]}]}}"#
        do {
            _ = try RecordingReader(bytes: Array(header.utf8))
            Issue.record("accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains(#"heights["a\u001b[2J"]"#), "\(text)")
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
        }
        let long =
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a"]}]}}"#
            + "\n{\"type\":\"enable\",\"t\":[" + Array(repeating: "\"\u{7F}\u{9B}31m\"", count: 10_000).joined(separator: ",") + "]}\n"
        let reader = try RecordingReader(bytes: Array(long.utf8))
        do {
            _ = try reader.next()
            Issue.record("accepted")
        } catch {
            let text = "\(error)"
            #expect(text.count < 300, "\(text.count)")
            #expect(text.contains(#"\u007f\u009b31m"#))
            #expect(SafeText.isPlain(text))
        }
    }
}
