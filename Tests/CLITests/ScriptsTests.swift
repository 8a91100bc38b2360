import Foundation
import TestSupport
import Testing

/// A clang that links libFuzzer (`-fsanitize=fuzzer`), as the Swift toolchain's does.
private let fuzzerClang: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let found = path.split(separator: ":").map { $0 + "/clang" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let clang = found, let dir = try? temporaryDirectory("clang-probe") else { return nil }
    try? "int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n".write(
        toFile: dir + "/probe.c", atomically: true, encoding: .utf8)
    let r = try? run(clang, ["-fsanitize=fuzzer", dir + "/probe.c", "-o", dir + "/probe"])
    return r?.code == 0 ? clang : nil
}()

/// Issue 44, class 10: the scripts quote their paths and fail when a step
/// fails. scripts/clusterfuzzlite-run (the run-and-prune half of
/// clusterfuzzlite-local) from a directory whose path holds a quote and a
/// space: libFuzzer's merge joins its inner command unquoted for sh, and
/// used to fail on every input, print "0 merged" and exit 0.
@Suite("Scripts (issue 44)")
struct ScriptsTests {
    @Test("every bash script in scripts/ stops at a failed command, an unset variable and a failed pipeline")
    func strictMode() throws {
        let dir = packageRoot + "/scripts"
        for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() {
            let text = try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
            guard text.hasPrefix("#!/usr/bin/env bash") else { continue }
            #expect(text.contains("\nset -euo pipefail\n"), "scripts/\(name)")
        }
    }

    @Test(
        "clusterfuzzlite-run from a path with a quote and a space merges (exit 0, 1 merged); a merge that fails is exit 1 naming it",
        .enabled(if: fuzzerClang != nil, "needs a clang that links libFuzzer (-fsanitize=fuzzer)"))
    func clusterFuzzLiteRun() throws {
        let base = try temporaryDirectory("cfl") + "/it's a dir"
        let out = base + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try "ab".write(toFile: base + "/seed", atomically: true, encoding: .utf8)
        try #"""
        #include <stdint.h>
        #include <stddef.h>
        #include <stdlib.h>
        #include <string.h>
        static int merging;
        int LLVMFuzzerInitialize(int *argc, char ***argv) {
        #ifdef CRASH_IN_MERGE
            for (int i = 0; i < *argc; i++) if (strncmp((*argv)[i], "-merge", 6) == 0) merging = 1;
        #endif
            return 0;
        }
        int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
            static volatile int seen;
            if (merging) abort();
            if (n > 1 && d[0] == 'a' && d[1] == 'b') seen++;
            return 0;
        }
        """#.write(toFile: base + "/fuzzer.c", atomically: true, encoding: .utf8)
        for (name, define) in [("okfuzzer", "-DOK"), ("mergecrash", "-DCRASH_IN_MERGE")] {
            let cc = try run(fuzzerClang!, ["-fsanitize=fuzzer", define, base + "/fuzzer.c", "-o", out + "/" + name])
            #expect(cc.code == 0, "\(cc.stderr)")
            let zip = try run(
                "/usr/bin/env",
                [
                    "python3", "-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1], 'w'); z.write(sys.argv[2], 'seed'); z.close()",
                    out + "/\(name)_seed_corpus.zip", base + "/seed",
                ])
            #expect(zip.code == 0, "\(zip.stderr)")
        }
        try FileManager.default.moveItem(atPath: out + "/mergecrash", toPath: base + "/mergecrash")
        let ok = try run("/bin/bash", [packageRoot + "/scripts/clusterfuzzlite-run", out, "1", base + "/run"])
        #expect(ok.code == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.contains("clusterfuzzlite-run: okfuzzer for 1 s (no options), 1 seeds"), "\(ok.stdout)")
        #expect(
            ok.stdout.range(of: #"corpus: 1 seeds \+ \d+ found -> [1-9]\d* merged"#, options: .regularExpression) != nil, "\(ok.stdout)")
        #expect(!ok.stderr.contains("Unterminated"), "\(ok.stderr)")
        try FileManager.default.moveItem(atPath: base + "/mergecrash", toPath: out + "/mergecrash")
        let failing = try run("/bin/bash", [packageRoot + "/scripts/clusterfuzzlite-run", out, "1", base + "/run"])
        #expect(failing.code == 1, "\(failing.stdout)\(failing.stderr)")
        #expect(failing.stderr.contains("clusterfuzzlite-run: error: merging mergecrash's corpus failed: "), "\(failing.stderr)")
        let usage = try run("/bin/bash", [packageRoot + "/scripts/clusterfuzzlite-run", out, "soon", base + "/run"])
        #expect(usage.code == 2)
        #expect(usage.stderr == "clusterfuzzlite-run: error: SECONDS must be a whole number of seconds, got 'soon'\n")
    }
}
