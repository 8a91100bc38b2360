import DragRecording
import Testing

@testable import DragRender

/// The one JSON writer against a reference written here the plain way:
/// strings escaped byte by byte, numbers as `Format.number` prints them,
/// integers as `String` does. The page's bytes, the recordings' and the
/// reports' did not change when the two writers became one.
@Suite struct JSONBufferTests {
    /// What `body` writes, from a small buffer, so that writing grows it.
    func written(_ body: (inout _JSONBuffer) -> Void) -> String {
        var w = _JSONBuffer(capacity: 8)
        body(&w)
        return w.string
    }

    /// `s` as a JSON string the plain way: quote, backslash, `\n`, `\t`,
    /// `\r` and other control bytes as `\u00xx`; all else as it is.
    func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test(
        "strings: escaped exactly where JSON must",
        arguments: [
            "", "w64", "plain text of some length, longer than a small string", "é ✓ 🙂", "a\"b", "a\\b", "line\nnext\ttab\r",
            "\u{01}", "\u{1f}x", "\u{7f}", "</script>", "{\"type\":\"insert\",\"t\":16,\"items\":[\"w100\"]}",
        ])
    func strings(value: String) {
        let text = written {
            $0.openArray()
            $0.string(value)
            $0.strings([value, "x", value])
            $0.closeArray()
        }
        #expect(text == "[\(quoted(value)),[\(quoted(value)),\"x\",\(quoted(value))]]")
    }

    @Test(
        "integers, as numbers and as strings",
        arguments: [0, 7, 9, 10, 99, 100, 12345, 1_234_567_890, -1, -5, -10, Int.min, Int.max, 999_999_999_999_999_999])
    func integers(value: Int) {
        let text = written {
            $0.openArray()
            $0.integer(value)
            $0.integerString(value)
            $0.integer(UInt64(value.magnitude) &+ (value < 0 ? 0 : UInt64(Int.max) + 1))
            $0.closeArray()
        }
        let big = UInt64(value.magnitude) &+ (value < 0 ? 0 : UInt64(Int.max) + 1)
        #expect(text == "[\(value),\"\(value)\",\(big)]")
    }

    /// Fractions with few binary digits take the exact path; the others,
    /// and values out of its range, go through `Format.number`.
    static let someNumbers: [Double] = [
        0, -0.0, 0.5, -0.5, 2570.5, -12.25, 0.125, 1.0 / 1024, 3.0 / 1024, 1.0 / 2048, 0.1, 1.0 / 3, 123_456_789.5,
        999_999_999.75, 1e9 + 0.5, 12_345_678_901.5, 1e15, 1e15 + 0.5, 1e20, -1e300, .leastNonzeroMagnitude, 9_223_372_036_854_774_784.0,
        4_503_599_627_370_495.5, 0.0009765625, 44.000_000_000_000_01,
    ]

    @Test("numbers as Format.number prints them", arguments: someNumbers)
    func numbers(value: Double) {
        #expect(written { $0.number(value) } == Format.number(value))
    }

    @Test func everyFractionOfAFewBinaryDigits() {
        // k / 2^m over magnitudes from 1 to 10^9: the exact path's whole range and its edges.
        var values: [Double] = []
        for m in 1...12 {
            for k in [1, 3, 7, 255, 1001, 65_537, 999_999, 123_456_789, 2_000_000_001, 1_099_511_627_775] {
                values.append(Double(k) / Double(1 << m))
                values.append(-Double(k) / Double(1 << m))
            }
        }
        let text = written { w in
            w.openArray()
            for v in values { w.number(v) }
            w.closeArray()
        }
        #expect(text == "[" + values.map(Format.number).joined(separator: ",") + "]")
    }

    @Test func objectsKeysAndCommas() {
        let text = written {
            $0.open()
            $0.key("a")
            $0.bool(true)
            $0.key("b")
            $0.null()
            $0.key(id: "w\"1\n")
            $0.openArray()
            $0.element()
            $0.open()
            $0.close()
            $0.element()
            $0.openArray()
            $0.bool(false)
            $0.closeArray()
            $0.closeArray()
            $0.key("c")
            $0.value(.object(["z": .array([.integer(1), .number(0.5), .string("s"), .null]), "a": .bool(false)]))
            $0.key("d")
            $0.raw("[1, 2]")
            $0.key("e")
            $0.shownString("\u{1B}[31m")
            $0.integers("f", [("x", 1), ("y\"", 2)])
            $0.close()
            $0.newline()
        }
        #expect(
            text == "{\"a\":true,\"b\":null,\"w\\\"1\\n\":[{},[false]],\"c\":{\"a\":false,\"z\":[1,0.5,\"s\",null]},\"d\":[1, 2],"
                + "\"e\":\"\\u001b[31m\",\"f\":{\"x\":1,\"y\\\"\":2}}\n")
    }

    @Test(
        "script-safe: the bytes Markup.scriptSafe makes of the plain writer's",
        arguments: ["</script>", "a<b>&c", "<!--", "plain", "\"<\"\n&\u{01}>", "é<🙂>"])
    func scriptSafe(value: String) {
        var p = _JSONBuffer(capacity: 8, scriptSafe: true)
        p.openArray()
        p.string(value)
        p.key(id: value)
        p.strings([value, value])
        p.closeArray()
        var b = _JSONBuffer()
        b.openArray()
        b.string(value)
        b.key(id: value)
        b.strings([value, value])
        b.closeArray()
        var safe: [UInt8] = []
        Markup.scriptSafe(Array(b.string.utf8), into: &safe)
        #expect(p.bytes == safe)
        #expect(b.string.contains("<") == value.contains("<"))
    }

    @Test func takeAndRemoveAllKeepWhereTheNextCommaGoes() {
        var w = _JSONBuffer()
        w.openArray()
        w.integer(1)
        w.removeAll()
        w.integer(2)
        #expect(w.string == ",2")
        #expect(w.take() == Array(",2".utf8))
        w.integer(3)
        #expect(w.string == ",3")
    }
}
