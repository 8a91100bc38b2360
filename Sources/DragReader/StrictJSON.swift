import DragRecording
import DragSystem

#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

// Raw checks json-c does not make. json-c in strict mode still accepts
// `5.`, `1.e2`, `-01`, `-.5`, `NaN` and `Infinity`; clamps integers past
// 64 bits; turns a lone surrogate escape into U+FFFD (so "\ud800" and
// "\udbff" would be the same ID); cuts an object key at an escaped NUL;
// and lets overlong and surrogate UTF-8 through. The reader checks every
// one of those here, before json-c sees the line, and reports the first in
// line order with its byte offset.

/// Spaces, tabs and carriage returns only.
func isBlank(_ line: UnsafeRawBufferPointer) -> Bool {
    for b in line where b != 0x20 && b != 0x09 && b != 0x0D { return false }
    return true
}

/// What makes a line unacceptable before json-c parses it: its offset and the
/// whole message. One fast pass (16 bytes at a time) proves most lines
/// plain; only a line it cannot clear gets the exact byte-by-byte scan.
/// Either way `shape` gets the line's keys and objects, for the check of
/// repeated keys after json-c (`JSONCTokener.parseStrictly`).
/// - Complexity: O(n) for a line of n bytes, whatever it holds.
func strictProblem(_ line: UnsafeRawBufferPointer, maxDepth: Int, shape: inout LineShape) -> (offset: Int, message: String)? {
    if looksPlain(line, maxDepth: maxDepth, shape: &shape) { return nil }
    shape = LineShape()
    return StrictScanner(line: line, maxDepth: maxDepth).firstProblem(shape: &shape)
}

/// What the strict checks count outside strings: a colon for each key and a
/// `{` for each object (exact for a line json-c then parses). json-c keeps
/// one member per key, so fewer keys in its tree than here means a key was
/// repeated.
struct LineShape: Equatable {
    var keys = 0
    var objects = 0
}

// MARK: - The fast pass

/// The lanes of a comparison as 16 bits, lane k at bit k.
@inline(__always)
func laneBits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt16 {
    #if arch(x86_64)
    // One instruction (SSE2's byte mask), where the portable form below
    // takes a dozen.
    return UInt16(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(mask, to: SIMD2<Int64>.self)))
    #else
    let bytes = SIMD16<UInt8>(repeating: 0).replacing(with: 1, where: mask)
    let halves = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
    // Gathers the low bit of each of 8 bytes into the top byte (no carries:
    // every partial product lands on its own bit).
    let gather: UInt64 = 0x0102_0408_1020_4080
    let low = UInt16(truncatingIfNeeded: (halves[0] &* gather) >> 56)
    let high = UInt16(truncatingIfNeeded: (halves[1] &* gather) >> 56)
    return low | high << 8
    #endif
}

/// Whether any lane of a comparison holds: the two halves of the mask's
/// bytes tested at once. The standard library's `any` reduces lane by lane
/// through a generic `min()`, which is not inlined here and cost as much as
/// the rest of the fast pass.
@inline(__always)
func anyLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
    let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return halves[0] | halves[1] != 0
}

/// True when the line certainly has none of the problems the exact scan
/// looks for: no control byte (but tab and CR between values), no `'`, no
/// backslash, no byte >= 0x80; outside strings no `N` or `I` (NaN,
/// Infinity), no exponent (`e` or `E` after a digit: it could overflow), no `.` without a digit on both sides, no `-` without a digit
/// after it, no `0` starting a run of digits, no run of 19 or more digits
/// (a 64-bit integer has at most 19), and too few `[`/`{` to nest past
/// `maxDepth`. Strings are tracked with a running parity of quotes (there
/// are no escaped quotes: a backslash alone sends the line to the exact
/// scan); the few bytes outside strings that numbers and nesting hinge on
/// are then looked at one by one. It may send a harmless line to the exact
/// scan; it never clears a line the exact scan would reject (a test checks
/// the two agree on generated lines).
///
/// It runs on every line, so it looks at 16 bytes at a time and moves each
/// lane's verdict into a bit mask (SSE2's byte mask where there is one),
/// and loads a line's last block without a copy; its cost is in
/// docs/performance.md.
@inline(__always)
func looksPlain(_ line: UnsafeRawBufferPointer, maxDepth: Int, shape: inout LineShape) -> Bool {
    guard let base = line.baseAddress else { return true }
    let n = line.count
    @inline(__always) func isDigit(_ k: Int) -> Bool { k >= 0 && k < n && base.load(fromByteOffset: k, as: UInt8.self) &- 0x30 < 10 }
    var i = 0
    var opens = 0
    var insideString: UInt16 = 0  // all ones when the previous block ended inside a string
    var run = 0  // digits outside strings that end the previous block
    let space = SIMD16<UInt8>(repeating: 0x20)
    let tab = SIMD16<UInt8>(repeating: 0x09)
    let carriageReturn = SIMD16<UInt8>(repeating: 0x0D)
    let apostrophe = SIMD16<UInt8>(repeating: 0x27)
    let backslash = SIMD16<UInt8>(repeating: 0x5C)
    let high = SIMD16<UInt8>(repeating: 0x80)
    let quote = SIMD16<UInt8>(repeating: 0x22)
    let digit0 = SIMD16<UInt8>(repeating: 0x30)
    let ten = SIMD16<UInt8>(repeating: 10)
    let dot = SIMD16<UInt8>(repeating: 0x2E)
    let minus = SIMD16<UInt8>(repeating: 0x2D)
    let capitalN = SIMD16<UInt8>(repeating: 0x4E)
    let capitalI = SIMD16<UInt8>(repeating: 0x49)
    let bracket = SIMD16<UInt8>(repeating: 0x5B)
    let brace = SIMD16<UInt8>(repeating: 0x7B)
    let smallE = SIMD16<UInt8>(repeating: 0x65)
    let capitalE = SIMD16<UInt8>(repeating: 0x45)
    let colon = SIMD16<UInt8>(repeating: 0x3A)
    while i < n {
        let (v, seen) = block(base, from: i, count: n)
        let tabOrCR = (v .== tab) .| (v .== carriageReturn)
        if anyLane(((v .< space) .& .!tabOrCR) .| (v .== apostrophe) .| (v .== backslash) .| (v .>= high)) { return false }
        let quotes = laneBits(v .== quote) &>> seen
        var parity = quotes
        parity ^= parity << 1
        parity ^= parity << 2
        parity ^= parity << 4
        parity ^= parity << 8
        parity ^= insideString
        insideString = parity & 0x8000 != 0 ? 0xFFFF : 0
        let outside = ~(parity | quotes)
        shape.keys += ((laneBits(v .== colon) &>> seen) & outside).nonzeroBitCount
        // Tabs and CRs are fine between values, not raw inside a string.
        if anyLane(tabOrCR) && (laneBits(tabOrCR) &>> seen) & parity & ~quotes != 0 { return false }
        // The few bytes outside strings that numbers and nesting hinge on,
        // one by one.
        var special =
            (laneBits(
                (v .== dot) .| (v .== minus) .| (v .== digit0) .| (v .== capitalN) .| (v .== capitalI) .| (v .== bracket) .| (v .== brace)
                    .| (v .== smallE) .| (v .== capitalE)) &>> seen) & outside
        while special != 0 {
            let k = i + special.trailingZeroBitCount
            special &= special &- 1
            switch base.load(fromByteOffset: k, as: UInt8.self) {
            case 0x5B: opens += 1
            case 0x7B:
                opens += 1
                shape.objects += 1
            case 0x2E: if !(isDigit(k - 1) && isDigit(k + 1)) { return false }
            case 0x2D: if !isDigit(k + 1) { return false }
            // An exponent could overflow a double; `e` in true and false is fine.
            case 0x65, 0x45: if isDigit(k - 1) { return false }
            case 0x30:
                if isDigit(k + 1) && !isDigit(k - 1) && !(k > 0 && base.load(fromByteOffset: k - 1, as: UInt8.self) == 0x2E) {
                    return false
                }
            default: return false  // N, I: NaN, Infinity
            }
        }
        // A run of 19 digits or more could be an integer past 64 bits.
        let digits = (laneBits(v &- digit0 .< ten) &>> seen) & outside
        if digits == 0xFFFF {
            run += 16
            if run >= 19 { return false }
        } else {
            if run + (~digits).trailingZeroBitCount >= 19 { return false }
            run = (~digits).leadingZeroBitCount
        }
        i += 16
    }
    return opens <= maxDepth
}

/// The 16 bytes from `i` of a line of `n` bytes. A last block shorter than
/// 16 is loaded to end at `n` instead, without a copy, overlapping the one
/// before: `seen` of its lanes come before `i`, for the caller to shift out
/// of its lane bits (they passed the checks that look at every lane). A
/// line shorter than 16 bytes is copied, padded with spaces.
@inline(__always)
func block(_ base: UnsafeRawPointer, from i: Int, count n: Int) -> (SIMD16<UInt8>, seen: UInt16) {
    if i + 16 <= n { return (base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self), 0) }
    if n >= 16 { return (base.loadUnaligned(fromByteOffset: n - 16, as: SIMD16<UInt8>.self), UInt16(16 - (n - i))) }
    var v = SIMD16<UInt8>(repeating: 0x20)
    withUnsafeMutableBytes(of: &v) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base + i, count: n - i)) }
    return (v, 0)
}

// MARK: - The exact scan

/// The byte-by-byte check of one line against JSON's grammar where json-c
/// is lenient: strings (escapes, surrogates, NUL, UTF-8, raw control
/// bytes), numbers (RFC 8259's grammar, and 64-bit range for integers),
/// what stands between values, and nesting depth. Everything else (a
/// missing comma, a bad literal) is left to json-c, which reports it.
struct StrictScanner {
    let line: UnsafeRawBufferPointer
    let maxDepth: Int

    typealias Problem = (offset: Int, message: String)

    /// The first problem in line order; `shape` counts what it passed.
    func firstProblem(shape: inout LineShape) -> Problem? {
        let n = line.count
        var i = 0
        var depth = 0
        var path = MemberPath()
        while i < n {
            let b = line[i]
            switch b {
            case 0x22:
                switch scanString(from: i) {
                case .problem(let p): return p
                case .end(let next):
                    path.string(i..<next, text: text(i + 1..<max(i + 1, next - 1)))
                    i = next
                }
                continue
            case 0x2D, 0x30...0x39:
                switch scanNumber(from: i) {
                case .problem(let p): return p
                case .end(let next):
                    if let p = overflow(i..<next, path: path) { return p }
                    i = next
                }
                continue
            case 0x27: return (i, "not valid JSON: single-quoted string (JSON strings use double quotes)")
            case 0x5B, 0x7B:
                if b == 0x7B { shape.objects += 1 }
                depth += 1
                if depth > maxDepth { return (i, "not valid JSON: nesting too deep: more than \(maxDepth) levels") }
                path.open(array: b == 0x5B)
            case 0x5D, 0x7D:
                depth -= 1
                path.close()
            case 0x2C: path.comma()
            case 0x3A:
                shape.keys += 1
                path.colon()
            case 0x09, 0x0D, 0x20: break
            case 0..<0x20: return (i, "not valid JSON: control character \(hexByte(b)) outside a string")
            case 0x4E, 0x49:
                if let word = nonNumber(at: i) {
                    return (i, "not valid JSON: \(word) is not a JSON number (numbers are finite and written in digits)")
                }
            case 0x80...: return outsideNonASCII(at: i)
            default: break
            }
            i += 1
        }
        return nil
    }

    enum Scan {
        case end(Int)
        case problem(Problem)
    }

    /// `NaN`, `Infinity` at `i`, as written.
    func nonNumber(at i: Int) -> String? {
        if matches("NaN", at: i) { return "NaN" }
        if matches("Infinity", at: i) { return "Infinity" }
        return nil
    }

    func matches(_ word: StaticString, at i: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i + count <= line.count else { return false }
        return word.withUTF8Buffer { w in (0..<count).allSatisfy { line[i + $0] == w[$0] } }
    }

    // MARK: Strings

    /// From the opening quote at `q` to just past the closing one (or the
    /// end of the line for an unterminated string: json-c reports that).
    func scanString(from q: Int) -> Scan {
        let n = line.count
        var j = q + 1
        while j < n {
            let b = line[j]
            if b == 0x22 { return .end(j + 1) }
            if b == 0x5C {
                guard j + 1 < n else { return .end(n) }
                switch line[j + 1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
                    j += 2
                case 0x75:
                    guard let code = hex4(at: j + 2) else {
                        return .problem((j, "not valid JSON: \\u must be followed by 4 hex digits"))
                    }
                    switch code {
                    case 0:
                        return .problem(
                            (
                                j,
                                "a NUL character (\\u0000) is not allowed in a string: it would cut an object key short, and IDs may not hold it"
                            ))
                    case 0xD800...0xDBFF:
                        if j + 11 < n, line[j + 6] == 0x5C, line[j + 7] == 0x75, let low = hex4(at: j + 8), (0xDC00...0xDFFF).contains(low)
                        {
                            j += 12
                        } else {
                            return .problem(
                                (
                                    j,
                                    "lone surrogate \(text(j..<j + 6)) in a string: an escaped high surrogate must be followed by an escaped low one (\\udc00 to \\udfff)"
                                ))
                        }
                    case 0xDC00...0xDFFF:
                        return .problem(
                            (j, "lone surrogate \(text(j..<j + 6)) in a string: an escaped low surrogate must follow a high one"))
                    default:
                        j += 6
                    }
                default:
                    return .problem((j, "not valid JSON: invalid escape \(text(j..<min(j + 2, n))) in a string"))
                }
                continue
            }
            if b < 0x20 { return .problem((j, "not valid JSON: control character \(hexByte(b)) inside a string (write it escaped)")) }
            if b >= 0x80 {
                switch utf8Sequence(at: j) {
                case .valid(let length, _): j += length
                case .invalid(let why): return .problem((j, "not valid JSON: invalid UTF-8 in a string: \(why)"))
                }
                continue
            }
            j += 1
        }
        return .end(n)
    }

    func hex4(at i: Int) -> UInt32? {
        guard i + 4 <= line.count else { return nil }
        var value: UInt32 = 0
        for k in 0..<4 {
            let b = line[i + k]
            let digit: UInt8
            switch b {
            case 0x30...0x39: digit = b - 0x30
            case 0x41...0x46: digit = b - 0x41 + 10
            case 0x61...0x66: digit = b - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    enum UTF8Sequence {
        case valid(length: Int, scalar: UInt32)
        case invalid(String)
    }

    /// One UTF-8 sequence starting at `i` (a byte >= 0x80), checked against
    /// the well-formed byte sequences of the Unicode standard (table 3-7):
    /// no overlong forms, no surrogates, nothing past U+10FFFF, no cut-off
    /// sequence. (json-c lets the first three through, and Swift would turn
    /// each into U+FFFD, making different IDs equal.)
    func utf8Sequence(at i: Int) -> UTF8Sequence {
        let b0 = line[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch b0 {
        case 0x80...0xBF: return .invalid("byte \(hexByte(b0)) continues a sequence that never started")
        case 0xC0, 0xC1: return .invalid("byte \(hexByte(b0)) starts an overlong encoding")
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xED:
            length = 3
            high = 0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return .invalid("byte \(hexByte(b0)) never occurs in UTF-8")
        }
        var scalar = UInt32(b0) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            guard i + k < line.count else { return .invalid("the sequence starting with \(hexByte(b0)) is cut off") }
            let b = line[i + k]
            let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard b >= lo && b <= hi else {
                if k == 1 && b0 == 0xED && b >= 0xA0 && b <= 0xBF {
                    return .invalid("bytes \(hexByte(b0)) \(hexByte(b)) encode a surrogate")
                }
                if k == 1 && (b0 == 0xE0 || b0 == 0xF0) && b >= 0x80 && b < low {
                    return .invalid("bytes \(hexByte(b0)) \(hexByte(b)) start an overlong encoding")
                }
                if k == 1 && b0 == 0xF4 && b > 0x8F && b <= 0xBF {
                    return .invalid("bytes \(hexByte(b0)) \(hexByte(b)) encode a code point past U+10FFFF")
                }
                return .invalid("the sequence starting with \(hexByte(b0)) is cut off by \(hexByte(b))")
            }
            scalar = scalar << 6 | UInt32(b & 0x3F)
        }
        return .valid(length: length, scalar: scalar)
    }

    /// A byte >= 0x80 between values: a byte-order mark, a no-break space,
    /// some other character, or invalid UTF-8.
    func outsideNonASCII(at i: Int) -> Problem {
        switch utf8Sequence(at: i) {
        case .invalid(let why): return (i, "not valid JSON: invalid UTF-8: \(why)")
        case .valid(_, let scalar):
            if scalar == 0xFEFF {
                return i == 0
                    ? (i, "a UTF-8 byte-order mark (EF BB BF) is not allowed at the start of a line (save the file as UTF-8 without a BOM)")
                    : (i, "not valid JSON: a byte-order mark (U+FEFF) outside a string")
            }
            let name = scalar == 0xA0 ? " (no-break space)" : ""
            return (
                i,
                "not valid JSON: U+\(hex(scalar, digits: 4))\(name) outside a string (only spaces, tabs and line breaks may stand between values)"
            )
        }
    }

    // MARK: Numbers

    /// A number starting at `s` (a `-` or a digit), against RFC 8259:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. An integer
    /// (no fraction, no exponent) must fit in 64 signed bits: json-c would
    /// clamp it without a word.
    func scanNumber(from s: Int) -> Scan {
        let n = line.count
        func isDigit(_ k: Int) -> Bool { k < n && line[k] >= 0x30 && line[k] <= 0x39 }
        var j = s
        let negative = line[j] == 0x2D
        if negative { j += 1 }
        guard isDigit(j) else {
            if matches("Infinity", at: j) {
                return .problem((s, "not valid JSON: -Infinity is not a JSON number (numbers are finite and written in digits)"))
            }
            return .problem((s, "not valid JSON: '-' must be followed by a digit"))
        }
        let integerStart = j
        if line[j] == 0x30 {
            j += 1
            if isDigit(j) { return .problem((s, "not valid JSON: number \(literal(at: s)) has a leading zero")) }
        } else {
            while isDigit(j) { j += 1 }
        }
        let integerEnd = j
        var integral = true
        if j < n && line[j] == 0x2E {
            integral = false
            j += 1
            guard isDigit(j) else {
                return .problem((s, "not valid JSON: number \(literal(at: s)) needs a digit after the decimal point"))
            }
            while isDigit(j) { j += 1 }
        }
        if j < n && (line[j] == 0x65 || line[j] == 0x45) {
            integral = false
            j += 1
            if j < n && (line[j] == 0x2B || line[j] == 0x2D) { j += 1 }
            guard isDigit(j) else { return .problem((s, "not valid JSON: number \(literal(at: s)) needs digits in its exponent")) }
            while isDigit(j) { j += 1 }
        }
        if integral && overflows(integerStart..<integerEnd, negative: negative) {
            return .problem((s, "integer \(literal(at: s)) does not fit in a 64-bit signed integer"))
        }
        return .end(j)
    }

    /// A number in JSON's grammar whose value is past the largest double
    /// (`1e999`, 400 digits and a fraction): json-c makes it infinity, which
    /// no field may hold, known or not (`meta`, an unknown field). Reported
    /// at the member's key, as the reader reports a field, or at the number
    /// in an array; nil for any number within range. Only numbers that could
    /// overflow (more than 300 decimal places of magnitude) are converted.
    func overflow(_ number: Range<Int>, path: MemberPath) -> Problem? {
        var j = number.lowerBound
        if line[j] == 0x2D { j += 1 }
        var magnitude = 0
        while j < number.upperBound, line[j] >= 0x30, line[j] <= 0x39 {
            magnitude += 1
            j += 1
        }
        while j < number.upperBound, line[j] != 0x65, line[j] != 0x45 { j += 1 }
        if j < number.upperBound {
            j += 1
            let negative = line[j] == 0x2D
            if line[j] == 0x2B || negative { j += 1 }
            var exponent = 0
            while j < number.upperBound {
                exponent = min(exponent * 10 + Int(line[j] - 0x30), 1_000_000)
                j += 1
            }
            magnitude += negative ? -exponent : exponent
        }
        if magnitude <= 300 { return nil }
        let literal = text(number)
        if let value = Double(literal), value.isFinite { return nil }
        let shown = literal.count <= 40 ? literal : String(literal.prefix(40)) + "... (\(literal.count) characters)"
        let message = "field \"\(path.name)\" must be a finite number, got \(shown)"
        return (path.keyOffset ?? number.lowerBound, message)
    }

    /// Whether the digits (no leading zero) are past Int64.max, or past
    /// -Int64.min for a negative number.
    func overflows(_ digits: Range<Int>, negative: Bool) -> Bool {
        if digits.count != 19 { return digits.count > 19 }
        let limit: StaticString = negative ? "9223372036854775808" : "9223372036854775807"
        return limit.withUTF8Buffer { l in
            for k in 0..<19 where line[digits.lowerBound + k] != l[k] { return line[digits.lowerBound + k] > l[k] }
            return false
        }
    }

    /// The number-like text at `s` as written, for messages: at most 40
    /// bytes, then its length.
    func literal(at s: Int) -> String {
        func isNumberByte(_ c: UInt8) -> Bool { (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2B || c == 0x2E || c == 0x65 || c == 0x45 }
        var e = s
        while e < line.count && isNumberByte(line[e]) { e += 1 }
        if e - s <= 40 { return text(s..<e) }
        return text(s..<s + 40) + "... (\(e - s) characters)"
    }

    /// Bytes of the line as text, for messages (numbers and escapes; any
    /// control character in them escaped).
    func text(_ range: Range<Int>) -> String {
        SafeText.escapingControls(String(decoding: UnsafeRawBufferPointer(rebasing: line[range]), as: UTF8.self))
    }
}

func hexByte(_ b: UInt8) -> String { "0x" + hex(UInt32(b), digits: 2) }

func hex(_ v: UInt32, digits: Int) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - s.count)) + s
}
