import DragRecording
import DragSystem
import ReorderCore
import Testing

@testable import DragReader

/// A key written twice in one object is refused, at the second key, with
/// the first one's column; the catalogue's `duplicate-key-*` files hold the
/// same in whole recordings.
@Suite("Repeated keys (the reader refuses them)")
struct RepeatedKeyTests {
    func parsed(_ text: String) -> JSONCTokener.Result {
        let tokener = JSONCTokener(maxDepth: 32)
        return Array(text.utf8).withUnsafeBytes { tokener.parseStrictly($0, maxDepth: 32) }
    }

    /// The failure's column (from 1) and message, or nil when the line was taken.
    func refusal(_ text: String) -> (column: Int, message: String)? {
        switch parsed(text) {
        case .value(let root):
            root.release()
            return nil
        case .refused(let offset, let message): return (offset + 1, message)
        case .failure(let offset, let message):
            Issue.record("a repeated key is refused, not a parse failure: \(message)")
            return (offset + 1, message)
        }
    }

    @Test("a key twice, at the top or nested, in an object or in an array's object: refused at the second")
    func refused() throws {
        let top = try #require(refusal(#"{"t":0,"type":"move","t":1}"#))
        #expect(top.column == 22)
        #expect(
            top.message
                == "field \"t\" appears twice in its object (first at column 2): a key may appear once in an object, since JSON readers disagree on which value counts"
        )
        let nested = try #require(refusal(#"{"layout":{"heights":{"a":12,"b":3,"a":14}}}"#))
        #expect(nested.column == 36)
        #expect(nested.message.hasPrefix("field \"layout.heights.a\" appears twice in its object (first at column 23)"))
        let inArray = try #require(refusal(#"{"collections":[{"id":"x"},{"id":"y","items":[],"id":"z"}]}"#))
        #expect(inArray.column == 49)
        #expect(inArray.message.hasPrefix("field \"collections[1].id\" appears twice in its object (first at column 29)"))
        // The same key escaped is the same key, as json-c decodes it.
        let escaped = try #require(refusal(#"{"x":5,"\u0078":50}"#))
        #expect(escaped.column == 8)
        #expect(escaped.message.hasPrefix("field \"x\" appears twice in its object (first at column 2)"))
    }

    @Test("what is not a repeated key is taken: one key in two objects, colons in strings, two spellings of one text")
    func taken() {
        #expect(refusal(#"{"a":{"x":1},"b":{"x":2},"c":[{"x":3},{"x":4}]}"#) == nil)
        #expect(refusal(#"{"a:b":"c:d","e":"{\"e\":1}","f":":"}"#) == nil)
        // Keys are bytes, as IDs are: é precomposed and decomposed are two keys.
        #expect(refusal("{\"\u{E9}\":1,\"e\u{301}\":2}") == nil)
        #expect(refusal(#"{"":1,"a":2}"#) == nil)
        #expect(refusal(#"[1,"a:",{"k":":"},{}]"#) == nil)
    }

    @Test("an empty key twice, and a repeated key past 16 bytes (the fast pass's block), are refused too")
    func edges() throws {
        #expect(try #require(refusal(#"{"":1,"":2}"#)).column == 7)
        let long = String(repeating: "k", count: 40)
        let line = #"{"padding-padding-padding":0,""# + long + #"":1,"x":[1,2,3],""# + long + #"":2}"#
        let r = try #require(refusal(line))
        #expect(r.column == line.utf8.count - 44)
    }

    @Test("a repeated key on a last line with no newline is an error, not a truncated tail")
    func lastLine() throws {
        let text = header + "\n" + #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5,"x":6}"#
        #expect {
            _ = try readAll(text)
        } throws: { error in
            guard case .input(let d) = error as? RecordingError else { return false }
            return d.line == 2 && d.column == 48 && d.message.hasPrefix("field \"x\" appears twice in its object (first at column 36)")
        }
    }

    @Test("an app's answer with a key twice is refused like a recording's line")
    func appAnswers() {
        #expect(throws: FieldError.self) { try parseJSON(Array(#"{"ok":true,"ok":false}"#.utf8)) }
        #expect((try? parseJSON(Array(#"{"ok":true}"#.utf8))) != nil)
    }

    @Test("counting and scanning agree on 20,000 generated lines: the key count finds a repeat exactly when the scan names one")
    func methodsAgree() {
        var g = StrictJSONTests.LineGenerator(rng: SplitMix64(seed: 12))
        let tokener = JSONCTokener(maxDepth: 32)
        var repeated = 0
        var taken = 0
        var cleared = 0
        var single = 0
        for _ in 0..<20_000 {
            let line = g.line()
            line.withUnsafeBytes { raw in
                var shape = LineShape()
                guard strictProblem(raw, maxDepth: 32, shape: &shape) == nil, case .value(let root) = tokener.parse(raw) else { return }
                defer { root.release() }
                let counted = root.value.distinctKeysInTree != shape.keys
                let scanned = firstRepeatedKey(raw) != nil
                #expect(counted == scanned, "\(String(decoding: line, as: UTF8.self))")
                if scanned { repeated += 1 } else { taken += 1 }
                // The shortcut for a line of one object: its member count is the tree's.
                if shape.objects == 1 {
                    single += 1
                    #expect(root.value.memberCount == root.value.distinctKeysInTree, "\(String(decoding: line, as: UTF8.self))")
                }
                // The fast pass, where it clears the line, counts as the exact scan does.
                var fast = LineShape()
                guard looksPlain(raw, maxDepth: 32, shape: &fast) else { return }
                cleared += 1
                var exact = LineShape()
                _ = StrictScanner(line: raw, maxDepth: 32).firstProblem(shape: &exact)
                #expect(exact == fast, "\(String(decoding: line, as: UTF8.self))")
            }
        }
        // Every kind was met, so no side of the checks ran empty.
        #expect(
            repeated > 200 && taken > 500 && cleared > 500 && single > 100,
            "repeated \(repeated), taken \(taken), cleared \(cleared), single \(single)")
    }
}
