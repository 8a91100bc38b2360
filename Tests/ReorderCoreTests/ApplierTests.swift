import KnownBugs
import ReorderConformance
import ReorderCore
import TestSupport
import Testing

@Suite("Canonical apply (spec 3.1)")
struct CanonicalApplyTests {
    @Test(
        "moves in selection order, forward and backward",
        arguments: [
            ("a b c d e", "b", "e", "a c d b e"),  // forward: lands right before e, not one further
            ("a b c d e", "d", "b", "a d b c e"),  // backward
            ("a b c d e", "e b", "a", "e b a c d"),  // selection order, not array order
            ("a b c d e", "b d", nil, "a c e b d"),  // .end
            ("a b c d e", "b", "c", "a b c d e"),  // already in place
        ] as [(String, String, String?, String)])
    func basic(items: String, sources: String, anchor: String?, expected: String) {
        #expect(applied(.canonical, difference(sources, before: anchor), to: single(items)) == [expected])
    }

    @Test("step 1: absent, fixed and duplicated sources drop out; none left, no change")
    func stepOne() {
        let c = single("a b c", fixed: "h")
        #expect(applied(.canonical, difference("c zz h c", before: "a"), to: c) == ["c a b"])
        #expect(applied(.canonical, difference("zz h", before: "a"), to: c) == ["a b c"])
    }

    @Test("step 1 with many sources (the set path): absent, fixed and duplicated sources drop out, first occurrence kept")
    func stepOneManySources() {
        let c = single("a b c d e f g h i j k l", fixed: "z")
        // 14 sources: duplicates (k, c, a), an absent ID and a fixed one.
        let d = difference("k c zz a k e z g c i a b j l", before: "f")
        #expect(applied(.canonical, d, to: c) == ["d k c a e g i b j l f h"])
    }

    @Test("a drop of half of a large list keeps selection order and lands before the anchor", arguments: [1_000, 20_000])
    func halfOfALargeList(n: Int) {
        let items: [StringID] = (0..<n).map { "i\($0)" }
        var c = TContainer(collections: [.init(id: nil, items: items)])
        let sources: [StringID] = stride(from: n - 1, to: 0, by: -2).map { "i\($0)" }  // every other item, backwards
        var warnings: [ReorderWarning<StringID, StringID?>] = []
        c.applyCanonical(TDifference(sources: sources, destination: destination(nil, "i0")), warnings: &warnings)
        #expect(c.orders == [sources + stride(from: 0, to: n, by: 2).map { "i\($0)" }])
        #expect(warnings.isEmpty)
    }

    @Test("step 2: an unknown collection changes nothing, with a warning")
    func stepTwo() {
        var c = named(["x": "a b", "y": "c"])
        var warnings: [ReorderWarning<StringID, StringID?>] = []
        let resolved = c.applyCanonical(difference("a", before: nil, in: "nope"), warnings: &warnings)
        #expect(resolved == nil)
        #expect(c.orders == [["a", "b"], ["c"]])
        #expect(warnings == [.unknownCollection("nope")])
    }

    @Test("step 3: an anchor among the sources resolves to the first non-source after it")
    func anchorAmongSources() {
        #expect(applied(.canonical, difference("c b", before: "c"), to: single("a b c d")) == ["a c b d"])
        #expect(applied(.canonical, difference("d c", before: "c"), to: single("a b c d")) == ["a b d c"])
        // x in S, nothing after it that is not in S: the end.
        #expect(applied(.canonical, difference("a d", before: "d"), to: single("a b c d")) == ["b c a d"])
    }

    @Test(
        "step 3: an anchor that is gone, fixed, or elsewhere sends the block to the end, with a warning",
        arguments: [
            ("zz", "anchorNotInTarget"), ("h", "anchorNotInTarget"), ("c", "anchorNotInTarget"), ("d", "anchorSourceOutsideTarget"),
        ])
    func anchorElsewhere(anchor: String, warning: String) {
        var c = TContainer(collections: [.init(id: "x", items: ids("a b"), fixed: ["h"]), .init(id: "y", items: ids("c d"))])
        var warnings: [ReorderWarning<StringID, StringID?>] = []
        c.applyCanonical(TDifference(sources: ["a", "d"], destination: destination("x", anchor)), warnings: &warnings)
        #expect(c.orders == [["b", "a", "d"], ["c"]])
        #expect(warnings.count == 1)
        #expect(String(describing: warnings[0]).contains("moved to the end"))
        #expect("\(warnings[0])".contains(warning == "anchorNotInTarget" ? "not among" : "a source outside"))
    }

    @Test("step 4: moves across collections, removing sources from every collection")
    func acrossCollections() {
        let c = named(["todo": "a b c", "done": "d e"])
        #expect(applied(.canonical, difference("e a", before: "c", in: "todo"), to: c) == ["b e a c", "d"])
        #expect(applied(.canonical, difference("b", before: nil, in: "done"), to: c) == ["a c", "d e b"])
    }

    @Test("reports what it resolved")
    func resolved() {
        var c = single("a b c d")
        var w: [ReorderWarning<StringID, StringID?>] = []
        let r = c.applyCanonical(difference("b c", before: "c"), warnings: &w)
        #expect(r == ResolvedMove(moved: ["b", "c"], collection: 0, anchor: "d"))
    }
}

@Suite("Legacy offsets (spec 3.4)")
struct OffsetsTests {
    @Test("captured at the drop; moved items keep array order")
    func arrayOrder() {
        #expect(applied(.offsets, difference("d b", before: "a"), to: single("a b c d")) == ["b d a c"])
        #expect(applied(.offsets, difference("b", before: "d"), to: single("a b c d")) == ["a c b d"])
        #expect(applied(.offsets, difference("a", before: nil), to: single("a b c d")) == ["b c d a"])
    }

    @Test("offsets drift when the array changes before the apply; IDs do not")
    func drift() {
        var c = single("a b c d")
        let d = difference("d", before: "b")
        let offsets = Applier<StringID, StringID?>.offsets
        let captured = offsets.capture(d, c)
        #expect(captured.offsets?.from == [3])
        #expect(captured.offsets?.to == 1)
        c.insert(["x"], into: 0, at: 0)  // a sync inserts at the top
        var canonical = c
        var w: [ReorderWarning<StringID, StringID?>] = []
        offsets.apply(captured, &c, &w)
        #expect(c.orders == [["x", "c", "a", "b", "d"]])  // moved c, not d, and to the wrong place
        Applier<StringID, StringID?>.canonical.apply(Applier<StringID, StringID?>.canonical.capture(d, canonical), &canonical, &w)
        #expect(canonical.orders == [["x", "a", "d", "b", "c"]])
    }

    @Test("out-of-range offsets are dropped; a toOffset past the end means the end")
    func outOfRange() {
        var a = ["a", "b", "c"]
        a.move(fromOffsets: [0, 7, -1], toOffset: 99)
        #expect(a == ["b", "c", "a"])
        var b = ["a", "b", "c"]
        b.move(fromOffsets: [5], toOffset: 0)
        #expect(b == ["a", "b", "c"])
    }
}

@Suite("Known-buggy appliers")
struct KnownBugTests {
    @Test("array-order: array order, and an anchor among the sources sends the block to the end")
    func arrayOrder() {
        #expect(applied(.arrayOrder, difference("d b", before: "a"), to: single("a b c d")) == ["b d a c"])
        #expect(applied(.arrayOrder, difference("c b", before: "c"), to: single("a b c d")) == ["a d b c"])
        // agrees with canonical on a plain single move
        #expect(applied(.arrayOrder, difference("b", before: "d"), to: single("a b c d")) == ["a c b d"])
    }

    @Test("self-anchor-to-end: selection order, but an anchor among the sources goes to the end; duplicates repeat")
    func selfAnchor() {
        #expect(applied(.selfAnchorToEnd, difference("d b", before: "a"), to: single("a b c d")) == ["d b a c"])
        #expect(applied(.selfAnchorToEnd, difference("c b", before: "c"), to: single("a b c d")) == ["a d c b"])
        #expect(applied(.selfAnchorToEnd, difference("b b", before: "a"), to: single("a b c")) == ["b b a c"])
    }

    @Test("insert-before-remove: every forward move lands one slot too far")
    func insertBeforeRemove() {
        #expect(applied(.insertBeforeRemove, difference("b", before: "d"), to: single("a b c d e")) == ["a c d b e"])
        #expect(applied(.canonical, difference("b", before: "d"), to: single("a b c d e")) == ["a c b d e"])
        // backward moves are right
        #expect(applied(.insertBeforeRemove, difference("d", before: "b"), to: single("a b c d e")) == ["a d b c e"])
    }

    @Test("every built-in name resolves to an applier of that name", arguments: Applier<StringID, StringID?>.builtInNames)
    func names(name: String) {
        #expect(Applier<StringID, StringID?>.named(name)?.name == name)
    }
}
