import ReorderCore
import Testing

@Suite("DropOperation.Set")
struct DropOperationTests {
    @Test(
        "names: move before copy, as a recording's and the app protocol's ops write them",
        arguments: [(DropOperation.Set.move, ["move"]), (.copy, ["copy"]), (.all, ["move", "copy"]), (DropOperation.Set(), [String]())])
    func names(_ ops: DropOperation.Set, _ expected: [String]) {
        #expect(ops.names == expected)
    }
}
