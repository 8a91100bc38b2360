import DragRecording
import Testing

/// The JSON writer's two fast paths (integers digit by digit, strings that
/// need no escape copied whole) against the slow ones they skip.
@Suite struct JSONBufferTests {
    @Test(
        "integers: every value exactly, negative ones and the extremes included",
        arguments: [
            (0, "0"), (7, "7"), (10, "10"), (1_234_567_890, "1234567890"), (-5, "-5"), (Int.min, "-9223372036854775808"),
            (Int.max, "9223372036854775807"),
        ])
    func integers(value: Int, text: String) {
        var w = _JSONBuffer()
        w.integer(value)
        #expect(w.string == text)
    }

    @Test func theLargestUnsignedInteger() {
        var w = _JSONBuffer()
        w.integer(UInt64.max)
        #expect(w.string == "18446744073709551615")
    }

    @Test(
        "strings: escaped exactly where JSON needs it, copied whole elsewhere",
        arguments: [
            ("plain", #""plain""#), ("", #""""#), ("é ✓ 🙂", #""é ✓ 🙂""#), ("a\"b", #""a\"b""#), ("a\\b", #""a\\b""#),
            ("line\nnext\ttab\r", #""line\nnext\ttab\r""#), ("\u{01}", #""\u0001""#), ("\u{1f}x", #""\u001fx""#),
        ])
    func strings(value: String, text: String) {
        var w = _JSONBuffer()
        w.string(value)
        #expect(w.string == text)
    }

    @Test(
        "numbers: integral ones digit by digit, the rest as Format.number prints them",
        arguments: [3.0, -2.0, 0.0, -0.0, 0.5, -12.25, 1e15, 9_223_372_036_854_774_784.0, 1e20, -1e300, 1 / 3.0])
    func numbers(value: Double) {
        var w = _JSONBuffer()
        w.number(value)
        #expect(w.string == Format.number(value))
    }

    @Test func integralNumbersHaveNoFraction() {
        var w = _JSONBuffer()
        w.openArray()
        for v in [3.0, -2.0, -0.0, 40.5] { w.number(v) }
        w.closeArray()
        #expect(w.string == "[3,-2,0,40.5]")
    }
}
