// swift-tools-version:6.0
import PackageDescription

// Data flows one way: file -> reader -> events -> core -> outcomes -> report.
// Only `CJSONC` and `DragReader` touch json-c; `ReorderCore`, `DragRecording`
// and `DragFuzz` are standard-library only so an app can embed them.
let package = Package(
    name: "DragReplay",
    products: [
        .executable(name: "dragreplay", targets: ["dragreplay"]),
        .library(name: "ReorderCore", targets: ["ReorderCore"]),
        .library(name: "DragRecording", targets: ["DragRecording"]),
        .library(name: "DragFuzz", targets: ["DragFuzz"]),
        .library(name: "DragReplay", targets: ["DragReplay"]),
    ],
    targets: [
        // libm only: `rounded(.down)` needs floor() on Linux.
        .target(name: "ReorderCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "DragRecording", dependencies: ["ReorderCore"]),
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),
        .target(name: "DragReader", dependencies: ["CJSONC", "DragRecording"]),
        .target(name: "DragReplay", dependencies: ["ReorderCore", "DragRecording", "DragReader"]),
        .target(name: "DragFuzz", dependencies: ["ReorderCore", "DragRecording"]),
        .target(name: "DragRender", dependencies: ["DragRecording"]),
        .executableTarget(name: "dragreplay", dependencies: ["DragReplay", "DragFuzz", "DragReader"]),
        .executableTarget(
            name: "dragreplay-bench",
            dependencies: ["ReorderCore", "DragRecording", "DragReader", "DragReplay", "DragFuzz"],
            path: "Sources/Benchmarks"
        ),
        // libFuzzer harnesses: built with -sanitize=fuzzer -DFUZZING by
        // scripts/fuzz-reader and scripts/fuzz-libfuzzer; a plain build gives
        // tools that replay saved inputs (crash reproducers).
        .executableTarget(name: "ReaderFuzzer", dependencies: ["DragReader"], path: "Sources/Harnesses/ReaderFuzzer"),
        .executableTarget(name: "SessionFuzzer", dependencies: ["DragFuzz"], path: "Sources/Harnesses/SessionFuzzer"),
        .target(name: "TestSupport", dependencies: ["ReorderCore"]),
        .testTarget(name: "ReorderCoreTests", dependencies: ["ReorderCore", "TestSupport"]),
        .testTarget(name: "DragRecordingTests", dependencies: ["DragRecording", "DragReader", "TestSupport"], exclude: ["BadInput"]),
        .testTarget(name: "DragReplayTests", dependencies: ["DragReplay", "DragRecording", "DragReader", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "DragFuzzTests", dependencies: ["DragFuzz", "DragReplay", "TestSupport"]),
        .testTarget(name: "DragRenderTests", dependencies: ["DragRender"]),
    ],
    swiftLanguageModes: [.v6]
)
