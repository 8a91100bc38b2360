// swift-tools-version:6.0
import PackageDescription

// An app's package as a user writes it: its own model, move closure and
// sync (`SyncedBoard.swift`) in `PhotoBoard`, put under test from its own test target with DragReplay's
// libraries, depending on DragReplay by path. CI builds and runs it
// (`swift test --package-path examples/ConsumerPackage`).
let package = Package(
    name: "PhotoBoard",
    dependencies: [.package(name: "DragReplay", path: "../..")],
    targets: [
        .target(
            name: "PhotoBoard",
            dependencies: [
                .product(name: "ReorderCore", package: "DragReplay"), .product(name: "ReorderReplicas", package: "DragReplay"),
            ]),
        .testTarget(
            name: "PhotoBoardTests",
            dependencies: [
                "PhotoBoard",
                .product(name: "DragTesting", package: "DragReplay"),
                .product(name: "DragCorpus", package: "DragReplay"),
                .product(name: "DragFuzz", package: "DragReplay"),
                .product(name: "ReorderReplicas", package: "DragReplay"),
            ]),
        // Every ```swift block of the README and every complete Swift file of
        // docs/library.md, extracted by scripts/readme-snippets: they compile
        // and pass here, so they cannot drift.
        .testTarget(
            name: "ReadmeSnippets",
            dependencies: [
                .product(name: "ReorderCore", package: "DragReplay"),
                .product(name: "DragTesting", package: "DragReplay"),
                .product(name: "DragCorpus", package: "DragReplay"),
                .product(name: "DragFuzz", package: "DragReplay"),
                .product(name: "DragReplay", package: "DragReplay"),
                .product(name: "DragRecording", package: "DragReplay"),
            ]),
    ]
)
