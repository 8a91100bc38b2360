import ReorderCore

extension Format {
    /// `lift s0 ["a"] at (50, 22.5)`: a drag event's description, `word`,
    /// the session, `middle`, the point as `point` writes it, then `tail`.
    /// Written byte by byte into the string's own storage: interpolation
    /// and `+` cost thousands of instructions a description, and a page
    /// describes every step of a recording.
    static func dragText(_ word: String, session: Int, _ middle: String, at p: Point, _ tail: String = "") -> String {
        // Integral coordinates (nearly all) as digits; others as `number` prints them.
        let ix = integral(p.x)
        let iy = integral(p.y)
        let x = ix == nil ? number(p.x) : ""
        let y = iy == nil ? number(p.y) : ""
        let text: Int = word.utf8.count + middle.utf8.count + tail.utf8.count
        let room: Int = text + x.utf8.count + y.utf8.count + 3 * 21 + 8
        return String(unsafeUninitializedCapacity: room) { buffer in
            var i = 0
            func put(_ s: String) {
                for b in s.utf8 {
                    buffer[i] = b
                    i += 1
                }
            }
            func put(_ v: Int64) {
                if v < 0 { put("-") }
                var count = 1
                var m = v.magnitude / 10
                while m > 0 {
                    count += 1
                    m /= 10
                }
                var rest = v.magnitude
                for k in stride(from: i + count - 1, through: i, by: -1) {  // from the last digit
                    buffer[k] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                i += count
            }
            put(word)
            put(" s")
            put(Int64(session))
            put(middle)
            put("(")
            if let v = ix { put(v) } else { put(x) }
            put(", ")
            if let v = iy { put(v) } else { put(y) }
            put(")")
            put(tail)
            return i
        }
    }

    /// `v` as the Int64 `number` prints it as, when it prints as one.
    private static func integral(_ v: Double) -> Int64? {
        v == v.rounded(.towardZero) && abs(v) < 9_223_372_036_854_775_808.0 ? Int64(v) : nil
    }
}
