// swift-tools-version:6.0
import PackageDescription

// The architecture, every target with what it holds and what it depends on,
// is one table in docs/contributing.md ("Where things live"), in the order
// data flows (file -> reader -> events -> core -> outcomes -> report).
// ArchitectureDocTests (Tests/CLITests) reads this file's targets and their
// `dependencies:` and fails when that table disagrees; test targets are in
// Tests/README.md.

// `DRAGREPLAY_INTERNAL_CHECKS=1` (set by scripts/test) compiles the
// container's index checks after every mutation, as swift-collections does
// with COLLECTIONS_INTERNAL_CHECKS; builds for users never pay for them.
let internalChecks: [SwiftSetting] =
    Context.environment["DRAGREPLAY_INTERNAL_CHECKS"] == "1" ? [.define("DRAGREPLAY_INTERNAL_CHECKS")] : []

// The libraries run optimised (`-O`, assertions kept with `-assert-config
// Debug`) in debug builds too, the app's own code at -Onone: a test
// target's `swift test` builds its dependencies in debug, where the
// libraries' generic code runs unspecialised, and a fuzz budget given in
// seconds would buy a small fraction of the cases. SwiftPM allows unsafe
// flags only in a root package or a path or branch dependency, not in a
// versioned one (read from `.build/checkouts/`, Xcode's
// `SourcePackages/checkouts/` or a registry download): there the flag is
// left out. `DRAGREPLAY_DEBUG_OPTIMIZE=0` turns it off (to step through the
// libraries in a debugger).
let checkout = ["/checkouts/", "/SourcePackages/", "/registry/downloads/"].contains { Context.packageDirectory.contains($0) }
let optimized: [SwiftSetting] =
    checkout || Context.environment["DRAGREPLAY_DEBUG_OPTIMIZE"] == "0"
    ? [] : [.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))]

let package = Package(
    name: "DragReplay",
    products: [
        .executable(name: "dragreplay", targets: ["dragreplay"]),
        .library(name: "ReorderCore", targets: ["ReorderCore"]),
        .library(name: "ReorderSwipe", targets: ["ReorderSwipe"]),
        .library(name: "ReorderConformance", targets: ["ReorderConformance"]),
        .library(name: "ReorderReplicas", targets: ["ReorderReplicas"]),
        .library(name: "DragSystem", targets: ["DragSystem"]),
        .library(name: "DragRecording", targets: ["DragRecording"]),
        .library(name: "DragFuzz", targets: ["DragFuzz"]),
        .library(name: "DragReplay", targets: ["DragReplay"]),
        .library(name: "DragReader", targets: ["DragReader"]),
        .library(name: "DragRender", targets: ["DragRender"]),
        .library(name: "DragCorpus", targets: ["DragCorpus"]),
        .library(name: "DragTesting", targets: ["DragTesting"]),
    ],
    targets: [
        // libm only: `rounded(.down)` needs floor() on Linux.
        .target(
            name: "ReorderCore", swiftSettings: internalChecks + optimized,
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // The swipe model and the session engine over both models.
        .target(name: "ReorderSwipe", dependencies: ["ReorderCore"], swiftSettings: optimized),
        // The conformance oracle: the model beside the code under test
        // (`CheckedEngine`, the invariants, the `ReorderSubject` protocol and
        // the in-process subject, swipe conformance).
        .target(name: "ReorderConformance", dependencies: ["ReorderCore", "ReorderSwipe"], swiftSettings: optimized),
        // Replicas (dragrec v3): ops, the two merge models, the sync channel
        // and the checks of conservation, convergence and intent.
        .target(name: "ReorderReplicas", dependencies: ["ReorderCore"], swiftSettings: optimized),
        // The known-buggy appliers, swipe handlers and merges, and the
        // catalogue of built-in ones by name: for the fuzzer, the CLI and the
        // bug reports, never in what an app embeds.
        .target(
            name: "KnownBugs", dependencies: ["ReorderCore", "ReorderSwipe", "ReorderConformance", "ReorderReplicas"],
            swiftSettings: optimized),
        // Every C library call of the project, wrapped, and the file layer
        // over them: descriptors, paths, atomic writes, their errors and the
        // one diagnostic. Glibc, and ReorderCore only for its one stable
        // hash (`FNV1a64`), which names a long file's temporaries.
        .target(name: "DragSystem", dependencies: ["ReorderCore"], swiftSettings: optimized),
        .target(
            name: "DragRecording", dependencies: ["ReorderCore", "ReorderSwipe", "ReorderReplicas", "DragSystem"], swiftSettings: optimized),
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),
        .target(
            name: "DragReader", dependencies: ["CJSONC", "DragRecording", "ReorderSwipe", "ReorderReplicas", "DragSystem", "ReorderCore"],
            swiftSettings: optimized),
        .target(
            name: "DragReplay",
            dependencies: [
                "ReorderCore", "ReorderSwipe", "ReorderReplicas", "DragRecording", "DragReader", "ReorderConformance", "DragSystem",
            ],
            swiftSettings: optimized),
        .target(
            name: "DragFuzz",
            dependencies: [
                "ReorderCore", "ReorderSwipe", "ReorderReplicas", "DragRecording", "DragReplay", "ReorderConformance", "KnownBugs",
                "DragSystem",
            ],
            swiftSettings: optimized),
        .target(
            name: "DragCorpus",
            dependencies: [
                "DragRecording", "DragReader", "DragReplay", "DragFuzz", "DragRender", "ReorderConformance", "DragSystem", "KnownBugs",
                "ReorderCore",
            ],
            swiftSettings: optimized),
        // The page and the SVG need only their own types; `DragRender/Replay` adapts a
        // replay's steps (`ReplayStep`) to them.
        // Page/: the page's script and stylesheet, embedded in the code at
        // build time (the tool stays one binary, the page one file);
        // Tests/page/ unit-tests the script with `node --test`.
        .target(
            name: "DragRender",
            dependencies: [
                "DragRecording", "DragReader", "DragReplay", "ReorderCore", "ReorderSwipe", "ReorderConformance", "ReorderReplicas",
                "DragSystem",
            ],
            resources: [.embedInCode("Page/page.js"), .embedInCode("Page/page.css"), .embedInCode("Page/errors.js")],
            swiftSettings: optimized),
        // For an app's test target: Swift Testing issues with readable
        // reports and the shrunk recording written next to the test.
        .target(
            name: "DragTesting",
            dependencies: [
                "DragFuzz", "DragCorpus", "DragReplay", "DragRecording", "DragSystem", "ReorderCore", "ReorderReplicas",
                "ReorderConformance",
            ],
            swiftSettings: optimized),
        .executableTarget(
            name: "dragreplay",
            dependencies: [
                "DragApp", "DragCorpus", "DragReplay", "DragFuzz", "DragRecording", "DragReader", "DragRender", "ReorderCore",
                "ReorderConformance", "KnownBugs", "DragSystem", "ReorderReplicas",
            ]),
        .executableTarget(
            name: "dragreplay-bench",
            dependencies: [
                "ReorderCore", "DragRecording", "DragReader", "DragReplay", "DragFuzz", "DragCorpus", "DragApp", "DragRender",
                "ReorderConformance", "DragSystem",
            ],
            path: "Sources/Benchmarks"
        ),
        // libFuzzer harnesses: built with -sanitize=fuzzer -DFUZZING by
        // scripts/fuzz-reader, scripts/fuzz-libfuzzer and scripts/fuzz-cli; a plain build gives
        // tools that replay saved inputs (crash reproducers).
        .executableTarget(name: "ReaderFuzzer", dependencies: ["DragReader"], path: "Sources/Harnesses/ReaderFuzzer"),
        .executableTarget(name: "SessionFuzzer", dependencies: ["DragFuzz", "ReorderCore"], path: "Sources/Harnesses/SessionFuzzer"),
        // The whole command line: libFuzzer's bytes become arguments and a
        // recording for the built `dragreplay`, run in a child (scripts/fuzz-cli).
        .executableTarget(name: "CLIFuzzer", dependencies: ["DragReader", "DragSystem"], path: "Sources/Harnesses/CLIFuzzer"),
        // The app host's process layer: the C library only through DragSystem.
        .target(
            name: "DragApp",
            dependencies: [
                "DragRecording", "DragReader", "ReorderCore", "ReorderSwipe", "ReorderConformance", "ReorderReplicas", "DragSystem",
            ],
            swiftSettings: optimized),
        .target(name: "TestSupport", dependencies: ["ReorderCore", "ReorderSwipe", "DragSystem"]),
        .testTarget(name: "DragSystemTests", dependencies: ["DragSystem", "TestSupport"]),
        .testTarget(name: "ReorderCoreTests", dependencies: ["ReorderCore", "TestSupport", "ReorderConformance", "KnownBugs"]),
        .testTarget(name: "ReorderSwipeTests", dependencies: ["ReorderSwipe", "ReorderCore", "TestSupport", "ReorderConformance"]),
        .testTarget(name: "ReorderReplicasTests", dependencies: ["ReorderReplicas", "ReorderCore", "KnownBugs"]),
        .testTarget(name: "ReorderConformanceTests", dependencies: ["ReorderConformance", "ReorderCore", "ReorderSwipe", "TestSupport"]),
        .testTarget(
            name: "KnownBugsTests", dependencies: ["KnownBugs", "ReorderConformance", "ReorderCore", "ReorderSwipe", "TestSupport"]),
        .testTarget(
            name: "DragRecordingTests",
            dependencies: ["DragRecording", "ReorderSwipe", "ReorderReplicas", "DragReader", "TestSupport", "DragSystem", "ReorderCore"]),
        .testTarget(
            name: "DragReaderTests",
            dependencies: [
                "DragReader", "DragRecording", "ReorderSwipe", "ReorderReplicas", "DragReplay", "TestSupport", "DragSystem", "ReorderCore",
            ],
            exclude: ["BadInput"]),
        .testTarget(
            name: "DragReplayTests",
            dependencies: ["DragReplay", "DragReader", "DragRecording", "TestSupport", "KnownBugs", "ReorderReplicas", "ReorderCore"]),
        .testTarget(
            name: "DragFuzzTests",
            dependencies: [
                "DragFuzz", "DragRecording", "DragReader", "DragCorpus", "DragReplay", "TestSupport", "ReorderConformance", "KnownBugs",
                "ReorderCore", "ReorderReplicas", "ReorderSwipe",
            ]),
        .testTarget(
            name: "DragCorpusTests",
            dependencies: [
                "DragCorpus", "DragReplay", "DragFuzz", "TestSupport", "ReorderConformance", "KnownBugs", "DragReader", "DragRecording",
                "DragSystem", "ReorderCore",
            ]),
        .testTarget(name: "DragTestingTests", dependencies: ["DragTesting", "DragFuzz", "ReorderReplicas", "ReorderCore"]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "ReorderCore"], exclude: ["Golden", "Apps"]),
        .testTarget(
            name: "DragAppTests",
            dependencies: ["DragApp", "ReorderConformance", "ReorderReplicas", "DragRecording", "DragSystem", "ReorderCore"],
            exclude: ["Apps"]),
        .testTarget(
            name: "DragRenderTests",
            dependencies: [
                "DragRender", "DragCorpus", "DragReader", "DragReplay", "DragRecording", "ReorderCore", "TestSupport", "ReorderConformance",
                "KnownBugs", "DragSystem", "ReorderSwipe",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
