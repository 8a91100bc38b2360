import DragRecording
import DragSystem

// A key written twice in one object (`"heights":{"a":12,"a":14}`) is JSON
// that readers disagree on: json-c keeps the last value, others the first
// or refuse. A recording must mean one thing, so the reader refuses it, at
// the second key, naming where the first one is.

extension JSONCTokener {
    /// Parses one line as the reader takes it: the raw checks json-c does
    /// not make (`strictProblem`), json-c, and then a repeated key, found by
    /// comparing the keys the raw checks counted with those in json-c's
    /// tree (an object of one line with no nested object costs one
    /// comparison; otherwise the tree is walked).
    /// - Complexity: O(n) for a line of n bytes.
    func parseStrictly(_ line: UnsafeRawBufferPointer, maxDepth: Int) -> Result {
        var shape = LineShape()
        if let problem = strictProblem(line, maxDepth: maxDepth, shape: &shape) {
            return .failure(offset: problem.offset, message: problem.message)
        }
        let result = parse(line)
        guard case .value(let root) = result else { return result }
        let distinct =
            shape.objects == 0
            ? 0 : shape.objects == 1 && root.value.kind == .object ? root.value.memberCount : root.value.distinctKeysInTree
        if distinct == shape.keys { return result }
        root.release()
        let (offset, message) =
            firstRepeatedKey(line)
            ?? (0, "a key appears twice in one object (\(shape.keys) keys, \(distinct) distinct): a key may appear once in an object")
        return .refused(offset: offset, message: message)
    }
}

/// The first key of `line` that an earlier key of the same object repeats
/// (compared as json-c decodes them, so `"a"` and `"\u0061"` are one key):
/// the offset of its opening quote and the message. `nil` when none
/// repeats. The error path only: it keeps every key of the open objects.
/// - Complexity: O(n) expected for a line of n bytes.
func firstRepeatedKey(_ line: UnsafeRawBufferPointer) -> (offset: Int, message: String)? {
    struct Frame {
        var isObject: Bool
        var expectsKey = true
        var keys: [[UInt8]: Int] = [:]
    }
    let scanner = StrictScanner(line: line, maxDepth: .max)
    var frames: [Frame] = []
    var path = MemberPath()
    var i = 0
    while i < line.count {
        let b = line[i]
        switch b {
        case 0x22:
            guard case .end(let next) = scanner.scanString(from: i) else { return nil }
            guard let last = frames.indices.last, frames[last].isObject, frames[last].expectsKey else {
                i = next
                continue
            }
            let key = decodedKey(UnsafeRawBufferPointer(rebasing: line[i..<next]))
            path.string(i..<next, text: SafeText.escapingControls(String(decoding: key, as: UTF8.self)))
            if let first = frames[last].keys[key] {
                return (
                    i,
                    "field \"\(path.name)\" appears twice in its object (first at column \(first + 1)): "
                        + "a key may appear once in an object, since JSON readers disagree on which value counts"
                )
            }
            frames[last].keys[key] = i
            i = next
            continue
        case 0x7B, 0x5B:
            frames.append(Frame(isObject: b == 0x7B))
            path.open(array: b == 0x5B)
        case 0x7D, 0x5D:
            _ = frames.popLast()
            path.close()
        case 0x2C:
            if let last = frames.indices.last { frames[last].expectsKey = true }
            path.comma()
        case 0x3A:
            if let last = frames.indices.last { frames[last].expectsKey = false }
            path.colon()
        default: break
        }
        i += 1
    }
    return nil
}

/// A key's bytes as json-c decodes them: as written when it holds no
/// escape, else through json-c.
private func decodedKey(_ quoted: UnsafeRawBufferPointer) -> [UInt8] {
    let inner = UnsafeRawBufferPointer(rebasing: quoted.dropFirst().dropLast())
    if !inner.contains(0x5C) { return Array(inner) }
    guard case .value(let root) = JSONCTokener(maxDepth: 1).parse(quoted) else { return Array(inner) }
    defer { root.release() }
    return root.value.stringBytes.map(Array.init) ?? Array(inner)
}
