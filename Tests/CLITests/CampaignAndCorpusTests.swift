import Foundation
import TestSupport
import Testing

/// A recording of `events` drag events, written in one go (flat, fast).
func generatedRecording(events: Int, expectEvery: Int = 20) throws -> String {
    var text =
        #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":390,"height":844,"rowHeight":44,"spacing":1},"collections":[{"items":["a","b","c","d","e","f"]}]}}"#
        + "\n"
    text.reserveCapacity(events * 48)
    var t = 0
    var i = 0
    while i < events {
        text += #"{"type":"lift","t":\#(t),"items":["a"],"x":195,"y":22}"# + "\n"
        text += #"{"type":"move","t":\#(t + 1),"x":100,"y":\#(i % 250)}"# + "\n"
        text += #"{"type":"drop","t":\#(t + 2),"x":195,"y":\#(i % 270)}"# + "\n"
        i += 3
        if i % expectEvery < 3 {
            text += #"{"type":"expect","t":\#(t + 2),"outcome":"cancelled"}"# + "\n"
            i += 1
        }
        t += 3
    }
    return try writeTemporary(text)
}

/// Hardening, classes 2, 3 and 5-7: merges name their outputs safely, keep
/// what differs (by the campaign's own finding key) and say why they
/// could not write; campaigns print the same bytes for the same seed whatever
/// the jobs; check, bless and corpus merge run in flat memory; two blesses of
/// one file append one expect.
@Suite("Campaigns and corpora (hardening, classes 2, 3, 5-7)")
struct CampaignAndCorpusTests {
    @Test("corpus merge: the same file name in two inputs keeps both; the same finding from two appliers keeps both")
    func mergeKeepsWhatDiffers() throws {
        let base = try temporaryDirectory("merge")
        let shard = base + "/shard"
        let fuzz = try runCLI(["fuzz", "--applier", "insert-before-remove", "--runs", "400", "--seed", "4", "--out", shard])
        #expect(fuzz.code == 1)
        let finding = try #require(try FileManager.default.contentsOfDirectory(atPath: shard).sorted().first)
        let text = try readText(shard + "/" + finding)
        for (dir, content) in [
            ("a", text), ("b", text.replacingOccurrences(of: #""applier":"insert-before-remove""#, with: #""applier":"array-order""#)),
        ] {
            try FileManager.default.createDirectory(atPath: base + "/" + dir, withIntermediateDirectories: true)
            try content.write(toFile: base + "/\(dir)/same-name.jsonl", atomically: false, encoding: .utf8)
        }
        // Two plain recordings with one name and different content.
        for (dir, item) in [("c", "x"), ("d", "y")] {
            try FileManager.default.createDirectory(atPath: base + "/" + dir, withIntermediateDirectories: true)
            try
                (#"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["\#(item)"]}]}}"#
                + "\n").write(toFile: base + "/\(dir)/recording.jsonl", atomically: false, encoding: .utf8)
        }
        let r = try runCLI(["corpus", "merge", base + "/a", base + "/b", base + "/c", base + "/d", "-o", base + "/merged"])
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.contains("merged 4 recordings: 4 kept, 0 duplicates, 0 invalid, 0 not written"), "\(r.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/merged").count == 4)
        // The same finding twice under one applier is one.
        let again = try runCLI(["corpus", "merge", base + "/a", base + "/a", "-o", base + "/merged2"])
        #expect(again.stdout.contains("merged 2 recordings: 1 kept, 1 duplicates"), "\(again.stdout)")
    }

    /// A small finding whose `meta` is `meta` (a JSON object's members).
    private static func finding(meta: String) -> String {
        #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a","b"]}]},"meta":{\#(meta)}}"#
            + "\n" + #"{"type":"lift","t":0,"items":["a"],"x":50,"y":5}"# + "\n" + #"{"type":"drop","t":1,"x":50,"y":15}"# + "\n"
    }

    /// Every path under `directory`, relative to it, sorted.
    private static func tree(_ directory: String) -> [String] {
        ((FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? []).sorted()
    }

    @Test(
        "corpus merge: a meta.invariant that climbs, hides, carries a newline or an escape, or runs long names a file inside -o, made safe",
        arguments: [
            (#"../../escaped"#, "escaped"), (#".hidden"#, "hidden"), (#"a\nb"#, "a-b"), (#"\u001b[31mred"#, "31mred"),
            (#"/"#, "recording"), (String(repeating: "x", count: 300), String(repeating: "x", count: 64)),
        ])
    func mergeNamesSafely(invariant: String, expected: String) throws {
        let base = try temporaryDirectory("merge-name")
        try FileManager.default.createDirectory(atPath: base + "/in", withIntermediateDirectories: true)
        try Self.finding(meta: #""invariant":"\#(invariant)","mode":"sessions","applier":"canonical""#)
            .write(toFile: base + "/in/f.jsonl", atomically: false, encoding: .utf8)
        let out = base + "/deep/er/out"
        let r = try runCLI(["corpus", "merge", base + "/in", "-o", out])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("merged 1 recordings: 1 kept, 0 duplicates, 0 invalid, 0 not written"), "\(r.stdout)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(names.count == 1)
        let name = try #require(names.first)
        // The name is the sanitized invariant, "-", the 16 hex digits of the content's hash.
        let hash = name.dropFirst(expected.count + 1).dropLast(".jsonl".count)
        #expect(name == "\(expected)-\(hash).jsonl", "\(name)")
        #expect(hash.count == 16 && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(name)")
        // Nothing written anywhere but -o.
        #expect(Self.tree(base) == ["deep", "deep/er", "deep/er/out", "deep/er/out/\(name)", "in", "in/f.jsonl"])
    }

    @Test("corpus merge: findings identical but for meta.app or meta.handler are all kept (the campaign's key); identical ones are one")
    func mergeKeysAsTheCampaign() throws {
        let base = try temporaryDirectory("merge-key")
        let common = #""invariant":"placement","mode":"sessions""#
        let variants = [
            ("app-a", #","app":"./app-a""#), ("app-b", #","app":"./app-b""#),
            ("handler-1", #","applier":"canonical","handler":"index-captured""#),
            ("handler-2", #","applier":"canonical","handler":"stale-labels""#), ("plain", #","applier":"canonical""#),
        ]
        for (dir, meta) in variants {
            try FileManager.default.createDirectory(atPath: base + "/" + dir, withIntermediateDirectories: true)
            try Self.finding(meta: common + meta).write(toFile: base + "/\(dir)/f.jsonl", atomically: false, encoding: .utf8)
        }
        let r = try runCLI(["corpus", "merge"] + variants.map { base + "/" + $0.0 } + ["-o", base + "/merged"])
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.contains("merged 5 recordings: 5 kept, 0 duplicates, 0 invalid, 0 not written"), "\(r.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/merged").count == 5)
        // The same finding twice, app or handler included, is one.
        let again = try runCLI([
            "corpus", "merge", base + "/app-a", base + "/app-a", base + "/handler-1", base + "/handler-1", "-o", base + "/merged2",
        ])
        #expect(again.code == 0, "\(again.stderr)")
        #expect(again.stdout.contains("merged 4 recordings: 2 kept, 2 duplicates"), "\(again.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/merged2").count == 2)
    }

    @Test("corpus merge: an invalid recording is reported as invalid with path:line:column and skipped; exit 2; no Foundation error text")
    func mergeReportsInvalid() throws {
        let base = try temporaryDirectory("merge-invalid")
        try FileManager.default.copyItem(atPath: packageRoot + "/Tests/DragReaderTests/BadInput/x-nan.jsonl", toPath: base + "/bad.jsonl")
        try FileManager.default.copyItem(
            atPath: packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl", toPath: base + "/good.jsonl")
        let r = try runCLI(["corpus", "merge", base, "-o", base + "/out"])
        #expect(r.code == 2)
        #expect(r.stderr.contains("\(base)/bad.jsonl:2:40: error: not valid JSON: NaN"))
        #expect(r.stdout.contains("merged 2 recordings: 1 kept, 0 duplicates, 1 invalid, 0 not written"))
        #expect(!r.stderr.contains("NSCocoaErrorDomain") && !r.stderr.contains("Error Domain"))
    }

    @Test("fuzz: stdout and findings are byte-identical for one seed and --runs under --jobs 1 and --jobs 2, with thousands failing")
    func deterministicAcrossJobs() throws {
        let base = try temporaryDirectory("jobs")
        var outputs: [(String, [String: String])] = []
        for jobs in ["1", "2"] {
            let out = base + "/found"
            try? FileManager.default.removeItem(atPath: out)
            let r = try runCLI(["fuzz", "--applier", "insert-before-remove", "--seed", "5", "--runs", "3000", "--jobs", jobs, "--out", out])
            #expect(r.code == 1)
            var files: [String: String] = [:]
            for f in try FileManager.default.contentsOfDirectory(atPath: out) { files[f] = try readText(out + "/" + f) }
            outputs.append((r.stdout, files))
        }
        #expect(outputs[0].0 == outputs[1].0)
        #expect(outputs[0].1 == outputs[1].1)
        let failing = outputs[0].0.split(separator: " ").dropFirst(4).first.flatMap { Int($0) } ?? 0
        #expect(failing > 500, "\(outputs[0].0.prefix(120))")
    }

    @Test("fuzz --format json: integers exactly, a seed past 2^53 included")
    func jsonSummaryIntegersExact() throws {
        let out = try temporaryDirectory("seed")
        let r = try runCLI(["fuzz", "--seed", "9007199254740993", "--runs", "3", "--format", "json", "--out", out])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix(#"{"applier":"canonical","seed":9007199254740993,"runs":3,"sessions":"#), "\(r.stdout)")
    }

    @Test("memory: check, bless and corpus merge keep a flat peak RSS from 10,000 to 100,000 events (the child's VmHWM)")
    func flatMemory() throws {
        var peaks: [String: [Int]] = [:]
        for events in [10_000, 100_000] {
            let path = try generatedRecording(events: events)
            let check = measure([dragreplayBinary, "check", path])
            #expect(check.code == 0)
            let blessed = measure([dragreplayBinary, "bless", path])
            #expect(blessed.code == 0)
            let dir = try temporaryDirectory("mem")
            try FileManager.default.copyItem(atPath: path, toPath: dir + "/r.jsonl")
            let merge = measure([dragreplayBinary, "corpus", "merge", dir, "-o", dir + "/out"])
            #expect(merge.code == 0)
            peaks["check", default: []].append(check.peakKiB)
            peaks["bless", default: []].append(blessed.peakKiB)
            peaks["merge", default: []].append(merge.peakKiB)
        }
        for (command, kib) in peaks {
            // Ten times the events: less than 2 MiB more memory.
            #expect(kib[1] - kib[0] < 2048, "\(command): \(kib[0]) KiB -> \(kib[1]) KiB")
        }
    }

    @Test("two blesses of one file at once append one final expect, whichever wins (8 rounds)")
    func concurrentBlesses() throws {
        let header =
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}"#
        let text =
            header + "\n" + #"{"type":"lift","t":0,"items":["c"],"x":5,"y":25}"# + "\n" + #"{"type":"drop","t":7,"x":5,"y":2}"# + "\n"
        for _ in 0..<8 {
            let path = try writeTemporary(text)
            let r = try runShell(
                #""$DRAGREPLAY" bless "$F" > /dev/null & "$DRAGREPLAY" bless "$F" > /dev/null; a=$?; wait $!; b=$?; exit $((a + b))"#,
                environment: ["F": path])
            #expect(r.code == 0, "\(r.stderr)")
            let lines = try readText(path).split(separator: "\n")
            #expect(lines.count == 4)
            #expect(lines.filter { $0.contains(#""type":"expect""#) }.count == 1)
            #expect(
                temporaries(in: (path as NSString).deletingLastPathComponent).filter { $0.contains((path as NSString).lastPathComponent) }
                    .isEmpty)
        }
    }
}
