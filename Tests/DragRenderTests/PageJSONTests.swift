import DragRecording
import Testing

@testable import DragRender

/// `PageJSON` writes the bytes `_JSONBuffer` writes for the same calls:
/// the page's bytes did not change when the renderer moved to it.
@Suite struct PageJSONTests {
    /// The same calls on both writers, `PageJSON`'s bytes beside `_JSONBuffer`'s.
    func both(_ page: (inout PageJSON) -> Void, _ buffer: (inout _JSONBuffer) -> Void) -> (String, String) {
        var p = PageJSON(capacity: 8)  // small, so that writing grows it
        page(&p)
        var b = _JSONBuffer()
        buffer(&b)
        return (String(decoding: p.array, as: UTF8.self), b.string)
    }

    @Test(
        "strings: escaped exactly where _JSONBuffer escapes them",
        arguments: [
            "", "w64", "plain text of some length, longer than a small string", "é ✓ 🙂", "a\"b", "a\\b", "line\nnext\ttab\r",
            "\u{01}", "\u{1f}x", "\u{7f}", "</script>", "{\"type\":\"insert\",\"t\":16,\"items\":[\"w100\"]}",
        ])
    func strings(value: String) {
        let (page, buffer) = both(
            {
                $0.openArray()
                $0.string(value)
                $0.strings([value, "x", value])
                $0.closeArray()
            },
            {
                $0.openArray()
                $0.string(value)
                $0.strings([value, "x", value])
                $0.closeArray()
            })
        #expect(page == buffer)
    }

    @Test(
        "integers, as numbers and as strings",
        arguments: [0, 7, 9, 10, 99, 100, 12345, 1_234_567_890, -1, -5, -10, Int.min, Int.max, 999_999_999_999_999_999])
    func integers(value: Int) {
        let (page, buffer) = both(
            {
                $0.openArray()
                $0.integer(value)
                $0.integerString(value)
                $0.closeArray()
            },
            {
                $0.openArray()
                $0.integer(value)
                $0.string(String(value))
                $0.closeArray()
            })
        #expect(page == buffer)
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
        let (page, buffer) = both({ $0.number(value) }, { $0.number(value) })
        #expect(page == buffer)
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
        let (page, buffer) = both(
            { w in
                w.openArray()
                for v in values { w.number(v) }
                w.closeArray()
            },
            { w in
                w.openArray()
                for v in values { w.number(v) }
                w.closeArray()
            })
        #expect(page == buffer)
    }

    @Test func objectsKeysAndCommas() {
        let (page, buffer) = both(
            {
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
                $0.close()
            },
            {
                $0.open()
                $0.key("a")
                $0.bool(true)
                $0.key("b")
                $0.null()
                $0.key("w\"1\n")
                $0.openArray()
                $0.element()
                $0.open()
                $0.close()
                $0.element()
                $0.openArray()
                $0.bool(false)
                $0.closeArray()
                $0.closeArray()
                $0.close()
            })
        #expect(page == buffer)
    }

    @Test(
        "script-safe: the bytes Markup.scriptSafe makes of _JSONBuffer's",
        arguments: ["</script>", "a<b>&c", "<!--", "plain", "\"<\"\n&\u{01}>", "é<🙂>"])
    func scriptSafe(value: String) {
        var p = PageJSON(capacity: 8, scriptSafe: true)
        p.openArray()
        p.string(value)
        p.key(id: value)
        p.strings([value, value])
        p.closeArray()
        var b = _JSONBuffer()
        b.openArray()
        b.string(value)
        b.key(value)
        b.strings([value, value])
        b.closeArray()
        var safe: [UInt8] = []
        Markup.scriptSafe(Array(b.string.utf8), into: &safe)
        #expect(p.array == safe)
    }

    @Test func removeAllKeepsWhereTheNextCommaGoes() {
        var w = PageJSON()
        w.openArray()
        w.integer(1)
        w.removeAll()
        w.integer(2)
        #expect(String(decoding: w.array, as: UTF8.self) == ",2")
    }
}
