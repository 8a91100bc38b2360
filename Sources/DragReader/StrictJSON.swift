#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Raw checks json-c does not make.

/// Spaces, tabs and carriage returns only.
func isBlank(_ line: UnsafeRawBufferPointer) -> Bool {
    for b in line where b != 0x20 && b != 0x09 && b != 0x0D { return false }
    return true
}

/// What json-c does not check in strict mode: single-quoted strings, raw
/// control characters inside strings, and the spec's nesting depth (json-c
/// counts a scalar as a level too). One fast pass looks for the suspicious
/// bytes; only when it finds some does a second pass track strings.
func strictProblem(_ line: UnsafeRawBufferPointer, maxDepth: Int) -> (offset: Int, message: String)? {
    if looksPlain(line, maxDepth: maxDepth) { return nil }
    var inString = false
    var escaped = false
    var depth = 0
    for (i, b) in line.enumerated() {
        if inString {
            if escaped {
                escaped = false
                continue
            }
            if b == 0x5C {
                escaped = true
            } else if b == 0x22 {
                inString = false
            } else if b < 0x20 {
                return (i, "control character 0x\(String(b, radix: 16)) inside a string (write it escaped)")
            }
            continue
        }
        switch b {
        case 0x22: inString = true
        case 0x27: return (i, "single-quoted string (JSON strings use double quotes)")
        case 0x5B, 0x7B:
            depth += 1
            if depth > maxDepth { return (i, "nesting too deep: more than \(maxDepth) levels") }
        case 0x5D, 0x7D: depth -= 1
        case 0x09, 0x0D: break
        case 0..<0x20: return (i, "control character 0x\(String(b, radix: 16)) outside a string")
        default: break
        }
    }
    return nil
}

/// The fast pass, 16 bytes at a time: no `'`, no control byte, and too few
/// `[`/`{` to nest past `maxDepth`.
@inline(__always)
func looksPlain(_ line: UnsafeRawBufferPointer, maxDepth: Int) -> Bool {
    guard let base = line.baseAddress else { return true }
    let n = line.count
    var i = 0
    var opens = 0
    let quote = SIMD16<UInt8>(repeating: 0x27)
    let control = SIMD16<UInt8>(repeating: 0x20)
    let bracket = SIMD16<UInt8>(repeating: 0x5B)
    let brace = SIMD16<UInt8>(repeating: 0x7B)
    let one = SIMD16<UInt8>(repeating: 1)
    let zero = SIMD16<UInt8>(repeating: 0)
    while i + 16 <= n {
        let v = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        if any((v .< control) .| (v .== quote)) { return false }
        opens &+= Int(zero.replacing(with: one, where: (v .== bracket) .| (v .== brace)).wrappedSum())
        i += 16
    }
    while i < n {
        let b = line[i]
        if b == 0x27 || b < 0x20 { return false }
        if b == 0x5B || b == 0x7B { opens += 1 }
        i += 1
    }
    return opens <= maxDepth
}
