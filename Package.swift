// swift-tools-version:6.0
import PackageDescription

// Data flows one way: file -> reader -> events -> core -> outcomes -> report.
// Only `CJSONC` and `DragReader` touch json-c. `ReorderCore` and
// `DragRecording` use the standard library (and the C library) only, so an
// app can embed them; `DragFuzz` adds Dispatch and Synchronization for its
// parallel campaigns; `DragReplay` replays any `RecordingSource` and needs
// no parser; `DragCorpus` is recordings on disk (files, directories, bless,
// merge) over all of them.
// `DRAGREPLAY_INTERNAL_CHECKS=1` (set by scripts/test) compiles the
// container's index checks after every mutation, as swift-collections does
// with COLLECTIONS_INTERNAL_CHECKS; builds for users never pay for them.
let internalChecks: [SwiftSetting] =
    Context.environment["DRAGREPLAY_INTERNAL_CHECKS"] == "1" ? [.define("DRAGREPLAY_INTERNAL_CHECKS")] : []

let package = Package(
    name: "DragReplay",
    products: [
        .executable(name: "dragreplay", targets: ["dragreplay"]),
        .library(name: "ReorderCore", targets: ["ReorderCore"]),
        .library(name: "DragRecording", targets: ["DragRecording"]),
        .library(name: "DragFuzz", targets: ["DragFuzz"]),
        .library(name: "DragReplay", targets: ["DragReplay"]),
        .library(name: "DragReader", targets: ["DragReader"]),
        .library(name: "DragCorpus", targets: ["DragCorpus"]),
        .library(name: "DragTesting", targets: ["DragTesting"]),
    ],
    targets: [
        // libm only: `rounded(.down)` needs floor() on Linux.
        .target(name: "ReorderCore", swiftSettings: internalChecks, linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // Every C library call of the project, wrapped (standard library and Glibc only).
        .target(name: "DragSystem"),
        .target(name: "DragRecording", dependencies: ["ReorderCore", "DragSystem"]),
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),
        .target(name: "DragReader", dependencies: ["CJSONC", "DragRecording", "DragSystem"]),
        .target(name: "DragReplay", dependencies: ["ReorderCore", "DragRecording"]),
        .target(name: "DragFuzz", dependencies: ["ReorderCore", "DragRecording", "DragSystem"]),
        .target(name: "DragCorpus", dependencies: ["DragRecording", "DragReader", "DragReplay", "DragFuzz", "DragRender", "DragSystem"]),
        // The page and the SVG need only their own types; `DragRender/Replay` adapts a
        // replay's steps (`ReplayStep`) to them.
        .target(name: "DragRender", dependencies: ["DragRecording", "DragReplay", "ReorderCore"]),
        // For an app's test target: Swift Testing issues with readable
        // reports and the shrunk recording written next to the test.
        .target(name: "DragTesting", dependencies: ["DragFuzz", "DragCorpus", "DragReplay", "DragRecording", "ReorderCore"]),
        .executableTarget(
            name: "dragreplay",
            dependencies: ["DragApp", "DragCorpus", "DragReplay", "DragFuzz", "DragRecording", "DragRender", "ReorderCore", "DragSystem"]),
        .executableTarget(
            name: "dragreplay-bench",
            dependencies: [
                "ReorderCore", "DragRecording", "DragReader", "DragReplay", "DragFuzz", "DragCorpus", "DragApp", "DragRender", "DragSystem",
            ],
            path: "Sources/Benchmarks"
        ),
        // libFuzzer harnesses: built with -sanitize=fuzzer -DFUZZING by
        // scripts/fuzz-reader, scripts/fuzz-libfuzzer and scripts/fuzz-cli; a plain build gives
        // tools that replay saved inputs (crash reproducers).
        .executableTarget(name: "ReaderFuzzer", dependencies: ["DragReader"], path: "Sources/Harnesses/ReaderFuzzer"),
        .executableTarget(name: "SessionFuzzer", dependencies: ["DragFuzz"], path: "Sources/Harnesses/SessionFuzzer"),
        // The whole command line: libFuzzer's bytes become arguments and a
        // recording for the built `dragreplay`, run in a child (scripts/fuzz-cli).
        .executableTarget(name: "CLIFuzzer", dependencies: ["DragReader", "DragSystem"], path: "Sources/Harnesses/CLIFuzzer"),
        // The app host's process layer: the C library only through DragSystem.
        .target(name: "DragApp", dependencies: ["DragRecording", "DragReader", "ReorderCore", "DragSystem"]),
        .target(name: "TestSupport", dependencies: ["ReorderCore", "DragSystem"]),
        .testTarget(name: "DragSystemTests", dependencies: ["DragSystem"]),
        .testTarget(name: "ReorderCoreTests", dependencies: ["ReorderCore", "TestSupport"]),
        .testTarget(name: "DragRecordingTests", dependencies: ["DragRecording", "DragReader", "TestSupport"]),
        .testTarget(
            name: "DragReaderTests", dependencies: ["DragReader", "DragRecording", "DragReplay", "TestSupport"], exclude: ["BadInput"]),
        .testTarget(name: "DragReplayTests", dependencies: ["DragReplay", "DragReader", "DragRecording", "TestSupport"]),
        .testTarget(name: "DragFuzzTests", dependencies: ["DragFuzz", "DragCorpus", "DragReplay", "TestSupport"]),
        .testTarget(name: "DragCorpusTests", dependencies: ["DragCorpus", "DragReplay", "DragFuzz", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport"], exclude: ["Golden", "Apps"]),
        .testTarget(name: "DragAppTests", dependencies: ["DragApp", "DragSystem"], exclude: ["Apps"]),
        .testTarget(
            name: "DragRenderTests",
            dependencies: ["DragRender", "DragCorpus", "DragReader", "DragReplay", "DragRecording", "ReorderCore", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
