import ReorderCore
import Testing

@testable import ReorderConformance

/// An answer that holds a model's ID in other bytes (`"cafe\u{301}"`
/// answered as `"caf\u{E9}"`, what an app that normalises its keys does)
/// answers another ID: IDs are compared byte for byte. `String`'s `==`
/// takes the two for one, so each check compares bytes once the orders
/// agree.
@Suite("Answers in other bytes")
struct RespellingTests {
    static let nfd = "cafe\u{301}"
    static let nfc = "caf\u{E9}"
    static let container = ReorderContainer<String, String?>(collections: [ReorderCollection(id: nil, items: ["a", nfd, "b"])])
    static let moveA = ReorderDifference<String, String?>(sources: ["a"], destination: .init(collectionID: nil, position: .end))

    static func bytes(_ s: String?) -> [UInt8]? { s.map { Array($0.utf8) } }

    static let tail =
        " (U+0063 U+0061 U+0066 U+00E9) where the model has \"" + nfd
        + "\" (U+0063 U+0061 U+0066 U+0065 U+0301): the same text in other bytes is another ID (IDs are compared byte for byte)"

    @Test("the two spellings are one String, in different bytes: the reason for the checks")
    func premise() {
        #expect(Self.nfd == Self.nfc)
        #expect(Self.bytes(Self.nfd) != Self.bytes(Self.nfc))
        #expect(!_identicalIDs(Self.nfd, Self.nfc) && _identicalIDs(Self.nfd, "cafe\u{301}"))
        #expect(!_identicalIDs(Optional(Self.nfd), Optional(Self.nfc)) && _identicalIDs(String?.none, String?.none))
    }

    @Test("a delivery in the right order with an ID respelled breaks conservation")
    func delivery() throws {
        let v = try #require(Self.container.checkDelivery(Self.moveA, after: [[Self.nfc, "b", "a"]], text: .plain))
        #expect(v.invariant == .conservation)
        #expect(Self.bytes(v.message) == Self.bytes(#"applying ["a"] -> nil end gave ""# + Self.nfc + "\"" + Self.tail))
        // The same answer in the model's bytes passes.
        #expect(Self.container.checkDelivery(Self.moveA, after: [[Self.nfd, "b", "a"]], text: .plain) == nil)
    }

    @Test("an external drop and a mutation answered with an ID respelled break conservation")
    func receiveAndExact() throws {
        let d = ReorderDifference<String, String?>(sources: ["z"], destination: .init(collectionID: nil, position: .end))
        let received = try #require(Self.container.checkReceive(d, after: [["a", Self.nfc, "b", "z"]], text: .plain))
        #expect(received.invariant == .conservation)
        #expect(Self.bytes(received.message) == Self.bytes(#"an external drop of ["z"] gave ""# + Self.nfc + "\"" + Self.tail))
        #expect(Self.container.checkReceive(d, after: [["a", Self.nfd, "b", "z"]], text: .plain) == nil)
        let exact = try #require(
            ReorderContainer<String, String?>.checkExact("update", expected: [["a", Self.nfd]], after: [["a", Self.nfc]], text: .plain))
        #expect(exact.invariant == .conservation)
        #expect(Self.bytes(exact.message) == Self.bytes(#"update gave ""# + Self.nfc + "\"" + Self.tail))
    }

    @Test("the container's identical orders tell the spellings apart where hasOrders does not")
    func identicalOrders() {
        #expect(Self.container.hasOrders([["a", Self.nfc, "b"]]))
        #expect(!Self.container._hasIdenticalOrders([["a", Self.nfc, "b"]]))
        #expect(Self.container._hasIdenticalOrders([["a", Self.nfd, "b"]]))
        #expect(!Self.container._hasIdenticalOrders([["a", Self.nfd]]))
    }

    @Test("a perform answer's flags: a flagged item in other bytes is found, the model's ID first")
    func flags() throws {
        typealias Engine = CheckedEngine<String, String?>
        let model: [String: Set<String>] = ["unread": [Self.nfd, "a"], "pinned": ["b"]]
        let found = try #require(Engine.firstRespelling(["unread": [Self.nfc, "a"], "pinned": ["b"]], model))
        #expect(Self.bytes(found.0) == Self.bytes(Self.nfd) && Self.bytes(found.1) == Self.bytes(Self.nfc))
        #expect(Engine.firstRespelling(model, model) == nil)
        // A flag the model lacks is the flags' own difference, not a spelling.
        #expect(Engine.firstRespelling(["other": [Self.nfc]], model) == nil)
        #expect(CheckedEngine<Int, Int>.firstRespelling(["f": [1]], ["f": [1]]) == nil)
    }

    @Test("integer IDs are compared with ==, and never respelled")
    func otherTypes() {
        #expect(_firstRespelling([[1, 2]], [[1, 2]]) == nil)
        #expect(_identicalIDs(3, 3) && !_identicalIDs(3, 4))
        let c = ReorderContainer<Int, Int>(collections: [ReorderCollection(id: 0, items: [1, 2])])
        #expect(c._hasIdenticalOrders([[1, 2]]) && !c._hasIdenticalOrders([[2, 1]]))
    }
}
