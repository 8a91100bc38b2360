import ReorderCore

/// The one JSON writer: every JSON the tool writes (recordings, reports,
/// summaries, app messages, the page's document) goes through it. It writes
/// compact JSON and places commas itself; strings are escaped where JSON
/// must (quote, backslash, control bytes), all else, UTF-8 included, as it
/// is; numbers as `Format.number` prints them.
///
/// Bytes go into one buffer of its own: a render writes a few hundred bytes
/// per step in pieces of a few bytes (keys, IDs, numbers), and through an
/// array each piece paid a uniqueness and capacity check and a copy of its
/// string. Here a piece is one capacity check and a copy; keys the code
/// spells are static, and numbers never go through a `String` when they
/// need not. `~Copyable`: two copies would share the buffer.
///
/// A script-safe writer also escapes `<`, `>` and `&` in strings as
/// `Markup.scriptSafe` does (the only place JSON has them), so that the
/// page's spooled JSON goes into the page without another pass.
///
///     var w = _JSONBuffer()
///     w.open()
///     w.key("n")
///     w.integer(3)
///     w.close()   // {"n":3}
package struct _JSONBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written since the last `removeAll`.
    package private(set) var count = 0
    private var needsComma = false
    /// Per byte, whether a string escapes it: `escapes` or `scriptEscapes`.
    private let escapeTable: UnsafePointer<Bool>
    private let isScriptSafe: Bool

    /// - Parameter scriptSafe: escape `<`, `>` and `&` too (`Markup.scriptSafe`).
    package init(capacity: Int = 128, scriptSafe: Bool = false) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
        isScriptSafe = scriptSafe
        escapeTable = scriptSafe ? Self.scriptEscapes : Self.escapes
    }

    // nonisolated(unsafe): written once, when first used, and only read after.
    nonisolated(unsafe) private static let escapes = table { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    nonisolated(unsafe) private static let scriptEscapes = table {
        $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "&")
    }

    /// A table of 256 flags, never freed (two live as long as the process).
    private static func table(_ escapes: (UInt8) -> Bool) -> UnsafePointer<Bool> {
        let t = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for b in 0...255 { t[b] = escapes(UInt8(b)) }
        return UnsafePointer(t)
    }

    deinit { start.deallocate() }

    /// The bytes written, valid until the next write.
    package var unsafeBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

    /// The bytes written, as an array.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// The bytes written, as text.
    package var string: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

    /// Room for `n` bytes in all, for a writer that knows about how much it
    /// writes.
    package mutating func reserveCapacity(_ n: Int) {
        if capacity < n { grow(n - count) }
    }

    /// The bytes written so far, removed from the buffer; where the next
    /// comma goes is kept, so a stream can be written out piece by piece.
    package mutating func take() -> [UInt8] {
        defer { count = 0 }
        return bytes
    }

    /// Forgets the bytes written, keeping the room and where the next comma
    /// goes, so that a stream can be written out piece by piece.
    package mutating func removeAll() { count = 0 }

    /// Room for `n` more bytes, where they go.
    @inline(__always) private mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < n { grow(n) }
        return start + count
    }

    @inline(never) private mutating func grow(_ n: Int) {
        let newCapacity = max(capacity * 2, count + n)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: start, count: count)
        start.deallocate()
        start = bigger
        capacity = newCapacity
    }

    @inline(__always) private mutating func byte(_ b: UInt8) {
        room(1).pointee = b
        count += 1
    }

    private mutating func append(_ s: StaticString) {
        let n = s.utf8CodeUnitCount
        room(n).update(from: s.utf8Start, count: n)
        count += n
    }

    private mutating func append(_ bytes: some Collection<UInt8>) {
        let p = room(bytes.count)
        var i = 0
        for b in bytes {
            p[i] = b
            i += 1
        }
        count += i
    }

    @inline(__always) private mutating func separate() {
        if needsComma { byte(UInt8(ascii: ",")) }
        needsComma = true
    }

    package mutating func open() {
        byte(UInt8(ascii: "{"))
        needsComma = false
    }
    package mutating func close() {
        byte(UInt8(ascii: "}"))
        needsComma = true
    }
    package mutating func openArray() {
        byte(UInt8(ascii: "["))
        needsComma = false
    }
    package mutating func closeArray() {
        byte(UInt8(ascii: "]"))
        needsComma = true
    }
    /// Before an array element that is itself an object or array.
    package mutating func element() {
        separate()
        needsComma = false
    }

    /// A key the code spells: printable ASCII without quote or backslash,
    /// so it is copied as it is.
    package mutating func key(_ k: StaticString) {
        separate()
        let n = k.utf8CodeUnitCount
        let p = room(n + 3)
        p[0] = UInt8(ascii: "\"")
        // Byte by byte: keys are a few bytes, shorter than a call to copy them.
        for i in 0..<n { p[i + 1] = k.utf8Start[i] }
        p[n + 1] = UInt8(ascii: "\"")
        p[n + 2] = UInt8(ascii: ":")
        count += n + 3
        needsComma = false
    }

    /// A key from the data (an ID, a label, a flag's name), escaped like a
    /// string.
    package mutating func key(id: String) {
        separate()
        quote(id)
        byte(UInt8(ascii: ":"))
        needsComma = false
    }

    package mutating func string(_ s: String) {
        separate()
        quote(s)
    }

    /// An ID's bytes as a key.
    package mutating func key(id: StringID) { key(id: id.string) }

    /// An ID's bytes as a string.
    package mutating func string(_ id: StringID) { string(id.string) }

    /// IDs as an array of strings, their bytes as given.
    package mutating func strings(_ ids: [StringID]) {
        separate()
        byte(UInt8(ascii: "["))
        for (i, id) in ids.enumerated() {
            if i > 0 { byte(UInt8(ascii: ",")) }
            quote(id.string)
        }
        byte(UInt8(ascii: "]"))
    }

    /// `v` as a string, as `string(String(v))` writes it.
    package mutating func integerString(_ v: Int) {
        separate()
        byte(UInt8(ascii: "\""))
        digits(v)
        byte(UInt8(ascii: "\""))
    }

    package mutating func strings(_ items: [String]) {
        separate()
        byte(UInt8(ascii: "["))
        for (i, s) in items.enumerated() {
            if i > 0 { byte(UInt8(ascii: ",")) }
            quote(s)
        }
        byte(UInt8(ascii: "]"))
    }

    package mutating func integer(_ v: Int) {
        separate()
        digits(v)
    }

    package mutating func bool(_ b: Bool) {
        separate()
        if b { append("true") } else { append("false") }
    }

    package mutating func null() {
        separate()
        append("null")
    }

    /// An integer field (`session`, `index`, `capacity`, a seed, a count):
    /// every value exactly, never through a Double.
    package mutating func integer(_ v: some BinaryInteger) {
        guard let n = Int(exactly: v) else {
            separate()
            append(String(v).utf8)
            return
        }
        integer(n)
    }

    /// Appends already-rendered JSON as one value.
    package mutating func raw(_ json: String) {
        separate()
        append(json.utf8)
    }

    /// Appends already-rendered JSON bytes as one value (a payload carried
    /// byte for byte).
    package mutating func raw(bytes json: [UInt8]) {
        separate()
        append(json)
    }

    /// A string as `Format.quoted` escapes it: also every scalar a terminal
    /// could act on (`SafeText.isUnsafe`), for JSON a person may read in a
    /// terminal (the replay report). It reads back as the same string.
    package mutating func shownString(_ s: String) {
        separate()
        append(Format.quoted(s).utf8)
    }

    /// An ID as `shownString` writes text.
    package mutating func shownString(_ id: StringID) { shownString(id.string) }

    /// A newline between values (a streamed report, one record a line);
    /// commas are placed as without it.
    package mutating func newline() { byte(0x0A) }

    /// Integer fields of the object being written, in the order given: a
    /// summary's counts.
    ///
    ///     w.open()
    ///     w.integers([("passed", 3), ("failed", 0)])
    ///     w.close()   // {"passed":3,"failed":0}
    package mutating func integers(_ fields: some Sequence<(String, Int)>) {
        for (k, v) in fields {
            key(id: k)
            integer(v)
        }
    }

    /// `"key":{...}`: an object of integer fields (a map of counts).
    package mutating func integers(_ key: StaticString, _ fields: some Sequence<(String, Int)>) {
        self.key(key)
        open()
        integers(fields)
        close()
    }

    package mutating func value(_ v: JSONValue) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .integer(let i): integer(i)
        case .number(let n): number(n)
        case .string(let s): string(s)
        case .array(let a):
            element()
            openArray()
            for x in a { value(x) }
            closeArray()
        case .object(let o):
            element()
            open()
            for (k, x) in o.sorted(by: { $0.key < $1.key }) {
                key(id: k)
                value(x)
            }
            close()
        }
    }

    /// As `Format.number` prints it: integral values as integers, others as
    /// Swift's shortest form that reads back as the same value.
    package mutating func number(_ v: Double) {
        separate()
        if v == v.rounded(.towardZero) && abs(v) < 9_223_372_036_854_775_808.0 { return digits(Int(Int64(v))) }
        if exactFraction(v) { return }
        let text = Format.number(v)
        for b in text.utf8 { byte(b) }
    }

    /// `v` in decimal, two digits at a time from the last.
    private mutating func digits(_ v: Int) {
        var rest = v.magnitude
        var n = 1
        var next: UInt = 10
        while n < 20 && rest >= next {
            n += 1
            next &*= 10
        }
        let sign = v < 0 ? 1 : 0
        let p = room(n + sign)
        if sign == 1 { p[0] = UInt8(ascii: "-") }
        let pairs = Self.digitPairs.utf8Start
        var i = sign + n
        while rest >= 100 {
            let r = Int(rest % 100)
            rest /= 100
            i -= 2
            p[i] = pairs[2 * r]
            p[i + 1] = pairs[2 * r + 1]
        }
        if rest >= 10 {
            p[i - 2] = pairs[2 * Int(rest)]
            p[i - 1] = pairs[2 * Int(rest) + 1]
        } else {
            p[i - 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest)
        }
        count += n + sign
    }

    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Writes a value with at most 10 binary digits after the point (a
    /// coordinate like 2570.5), when its exact decimal has at most 15
    /// significant digits: that decimal is then Swift's shortest form, since
    /// any shorter one is further from the value than half its ulp. Says
    /// whether it wrote it (JSONBufferTests checks it against `Format.number`).
    private mutating func exactFraction(_ v: Double) -> Bool {
        let a = abs(v)
        guard a < 1e9 else { return false }
        // Doubling is exact: m is the fewest binary digits after the point.
        var scaled = a
        var m = 0
        while scaled != scaled.rounded(.towardZero) {
            if m == 10 { return false }
            scaled *= 2
            m += 1
        }
        let whole = Int(a)
        var wholeDigits = 1
        var t = whole
        while t >= 10 {
            t /= 10
            wholeDigits += 1
        }
        guard wholeDigits + m <= 15 else { return false }
        // (a - whole) is k / 2^m exactly; times 10^m it is k * 5^m, an integer below 2^53.
        var fraction = Int((a - Double(whole)) * Self.powersOfTen[m])
        if v < 0 { byte(UInt8(ascii: "-")) }
        digits(whole)
        let p = room(m + 1)
        p[0] = UInt8(ascii: ".")
        var i = m + 1
        while i > 1 {
            i -= 1
            p[i] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        count += m + 1
        return true
    }

    private static let powersOfTen: [Double] = (0...10).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// A string escaped where JSON must: quote, backslash and control bytes
    /// (and, script-safe, `<`, `>`, `&`); all else, UTF-8 included, as it is.
    private mutating func quote(_ s: String) {
        // Over the contiguous UTF-8 (a native string's, or a small string's
        // copied out): iterating `utf8` cost three times as much per ID.
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { quote($0) }
        if done == nil { Array(s.utf8).withUnsafeBufferPointer { quote($0) } }
    }

    @inline(__always) private mutating func quote(_ utf8: UnsafeBufferPointer<UInt8>) {
        let n = utf8.count
        let p = room(n + 2)
        p[0] = UInt8(ascii: "\"")
        var i = 0
        while i < n {
            let b = utf8[i]
            if escapeTable[Int(b)] { return escaped(utf8) }
            p[i + 1] = b
            i += 1
        }
        p[n + 1] = UInt8(ascii: "\"")
        count += n + 2
    }

    /// A string with a byte to escape, byte by byte (into room for the
    /// longest escape of every byte).
    @inline(never) private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        let hex: StaticString = "0123456789abcdef"
        let p = room(6 * utf8.count + 2)
        var o = 0
        func put(_ b: UInt8) {
            p[o] = b
            o += 1
        }
        put(UInt8(ascii: "\""))
        for b in utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                put(92)
                put(b)
            case 0x0A:
                put(92)
                put(UInt8(ascii: "n"))
            case 0x09:
                put(92)
                put(UInt8(ascii: "t"))
            case 0x0D:
                put(92)
                put(UInt8(ascii: "r"))
            case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                guard b < 0x20 || isScriptSafe else {
                    put(b)
                    continue
                }
                for e in [92, UInt8(ascii: "u"), 48, 48, hex.utf8Start[Int(b >> 4)], hex.utf8Start[Int(b & 15)]] { put(e) }
            default: put(b)
            }
        }
        put(UInt8(ascii: "\""))
        count += o
    }
}
