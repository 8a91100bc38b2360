/// Where the exact scan stands in a line's nesting, as the reader names a
/// field: `container.swipe.actionWidth`, `items[2]`, `meta.seed`. Kept only
/// on the exact scan's slow path, to name a number that overflows.
struct MemberPath {
    private struct Frame {
        let isArray: Bool
        var key: String?
        var keyOffset: Int?
        var index = 0
        /// In an object: the next string is a key.
        var expectsKey = true
    }

    private var frames: [Frame] = []

    mutating func open(array: Bool) { frames.append(Frame(isArray: array)) }
    mutating func close() { _ = frames.popLast() }

    mutating func comma() {
        guard !frames.isEmpty else { return }
        if frames[frames.count - 1].isArray {
            frames[frames.count - 1].index += 1
        } else {
            frames[frames.count - 1].expectsKey = true
        }
    }

    mutating func colon() {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].expectsKey = false
    }

    /// A string from its opening quote to past its closing one; a key if the object expects one.
    mutating func string(_ range: Range<Int>, text: String) {
        guard let last = frames.indices.last, !frames[last].isArray, frames[last].expectsKey else { return }
        frames[last].key = text
        frames[last].keyOffset = range.lowerBound
    }

    /// `a.b[3].c`; empty at the top level.
    var name: String {
        var result = ""
        for frame in frames {
            if frame.isArray {
                result += "[\(frame.index)]"
            } else if let key = frame.key {
                result += result.isEmpty ? key : "." + key
            }
        }
        return result
    }

    /// Where the innermost member's key starts, when the innermost level is an object.
    var keyOffset: Int? {
        guard let last = frames.last, !last.isArray else { return nil }
        return last.keyOffset
    }
}
