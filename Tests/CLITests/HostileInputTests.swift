import Foundation
import ReorderCore
import TestSupport
import Testing

let badInputDirectory = packageRoot + "/Tests/DragReaderTests/BadInput"

func badInputs() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: badInputDirectory)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted().map {
        badInputDirectory + "/" + $0
    }
}

/// What a terminal must never receive from a human-readable output.
func expectNoRawControl(_ r: CLIResult, stdout checkOut: Bool = true, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if let i = rawControlOffset(r.stderrBytes) {
        Issue.record("\(what): raw control byte at \(i) of stderr: \(r.stderr.debugDescription)", sourceLocation: sourceLocation)
    }
    if checkOut, let i = rawControlOffset(r.stdoutBytes) {
        Issue.record("\(what): raw control byte at \(i) of stdout: \(r.stdout.debugDescription)", sourceLocation: sourceLocation)
    }
}

/// Hardening: malformed and extreme recordings and arguments through every
/// command. Nothing crashes; input errors exit 2 with `path:line:column:
/// error:`; what people read never carries a raw control character.
@Suite("Hostile input (hardening)")
struct HostileInputTests {
    static let header =
        #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}"#

    @Test("the bad-input catalogue: check, replay and bless exit 2 with path:line:column: error:, never crash; bless changes nothing")
    func catalogue() throws {
        let files = badInputs()
        #expect(files.count >= 100)
        let check = try runCLI(["check"] + files)
        #expect(check.code == 2 && !check.signalled)
        for f in files { #expect(check.stderr.contains("\(f):") && check.stderr.contains(": error: "), "\(f)") }
        #expect(check.stderr.contains("checked \(files.count) recordings: 0 valid, \(files.count) invalid"))
        expectNoRawControl(check, "check")
        let replay = try runCLI(["replay"] + files)
        #expect(replay.code == 2 && !replay.signalled)
        for f in files { #expect(replay.stdout.contains("ERROR \(f)"), "\(f)") }
        expectNoRawControl(replay, "replay")
        // bless refuses each one and leaves it byte for byte.
        let dir = try temporaryDirectory("bless-bad")
        var copies: [(String, Data)] = []
        for f in files {
            let copy = dir + "/" + (f as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: f, toPath: copy)
            copies.append((copy, try Data(contentsOf: URL(fileURLWithPath: f))))
        }
        let bless = try runCLI(["bless"] + copies.map(\.0))
        #expect(bless.code == 2 && !bless.signalled)
        for (copy, original) in copies { #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == original, "\(copy)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).count == files.count)  // no temporaries left
    }

    /// Recordings with parameters drawn from the edges of the limits and far
    /// past them, in every layout kind, with drags at extreme points.
    static func extremeRecordings(count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        func pick(_ xs: [String]) -> String { xs[Int(rng.next() % UInt64(xs.count))] }
        // At the edges of the limits, and (one recording in three) past them.
        let goodSizes = ["10", "1e12", "999999999999", "0.000001", "1e-6", "5", "0.5", "1000"]
        let goodSpacings = ["0", "2", "1e12", "0.000000001"]
        let goodPoints = ["5", "0", "-0", "-1", "99", "100", "999999999999", "1e12", "-1e12", "0.000001", "50.5", "2000"]
        let goodColumns = ["1", "3", "1000000"]
        var out: [String] = []
        for _ in 0..<count {
            let wild = rng.next() % 3 == 0
            let sizes = goodSizes + (wild ? ["1e13", "1e21", "1e300", "1e-7", "1e-300", "0", "-1"] : [])
            let spacings = goodSpacings + (wild ? ["1e13", "1e300", "-0.5"] : [])
            let points = goodPoints + (wild ? ["1e13", "9.3e19", "1e300", "-1e300"] : [])
            let columns = goodColumns + (wild ? ["1000001", "9223372036854775807", "0"] : [])
            let kind = rng.next() % 4
            let layout: String
            switch kind {
            case 0:
                layout =
                    #"{"kind":"list","width":\#(pick(sizes)),"height":\#(pick(sizes)),"rowHeight":\#(pick(sizes)),"spacing":\#(pick(spacings)),"headerHeight":\#(pick(spacings)),"heights":{"a":\#(pick(sizes))}}"#
            case 1:
                layout =
                    #"{"kind":"hstack","width":\#(pick(sizes)),"height":\#(pick(sizes)),"itemWidth":\#(pick(sizes)),"spacing":\#(pick(spacings))}"#
            case 2:
                let cols = rng.next() % 2 == 0 ? #""columns":\#(pick(columns))"# : #""minimum":\#(pick(sizes))"#
                layout =
                    #"{"kind":"grid","width":\#(pick(sizes)),"height":\#(pick(sizes)),"rowHeight":\#(pick(sizes)),"spacing":\#(pick(spacings)),\#(cols)}"#
            default:
                layout =
                    #"{"kind":"board","width":\#(pick(sizes)),"height":\#(pick(sizes)),"columnWidth":\#(pick(sizes)),"rowHeight":\#(pick(sizes)),"spacing":\#(pick(spacings))}"#
            }
            let collections =
                kind == 1
                ? #"[{"items":["a","b","c"],"fixed":["f"]}]"#
                : #"[{"id":"s0","items":["a","b"],"fixed":["f"]},{"id":"s1","items":["c","d","e"]}]"#
            var lines = [#"{"format":"dragrec","version":1,"container":{"layout":\#(layout),"collections":\#(collections)}}"#]
            var t = 0
            for s in 0..<3 {
                let external = rng.next() % 3 == 0
                let items = external ? #"["x\#(s)"]"# : pick([#"["a"]"#, #"["c"]"#, #"["b","a"]"#])
                lines.append(
                    #"{"type":"lift","t":\#(t),"session":\#(s),"items":\#(items),"x":\#(pick(points)),"y":\#(pick(points)),"external":\#(external),"ops":["move","copy"]}"#
                )
                for _ in 0..<3 {
                    t += 1
                    lines.append(#"{"type":"move","t":\#(t),"session":\#(s),"x":\#(pick(points)),"y":\#(pick(points))}"#)
                }
                t += 1
                lines.append(#"{"type":"drop","t":\#(t),"session":\#(s),"x":\#(pick(points)),"y":\#(pick(points))}"#)
            }
            out.append(lines.joined(separator: "\n") + "\n")
        }
        return out
    }

    @Test("300 generated recordings at and past the limits: check exits 0 or 2, replay never crashes, and agrees with check")
    func extremeRecordings() throws {
        let dir = try temporaryDirectory("extreme")
        for (i, text) in Self.extremeRecordings(count: 300, seed: 42).enumerated() {
            try text.write(toFile: dir + "/r\(String(format: "%03d", i)).jsonl", atomically: false, encoding: .utf8)
        }
        let check = try runCLI(["check", dir])
        #expect(!check.signalled && (check.code == 0 || check.code == 2))
        let valid = check.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(valid.hasPrefix("checked 300 recordings: "))
        let replay = try runCLI(["replay", "--format", "json", "--trace", dir])
        #expect(!replay.signalled && (0...2).contains(replay.code))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any])
        let recordings = try #require(root["recordings"] as? [[String: Any]])
        #expect(recordings.count == 300)
        // Exactly the recordings check refused are input errors in the replay.
        let refused = Set(
            check.stderr.split(separator: "\n").compactMap { line -> String? in
                guard line.contains(": error: ") else { return nil }
                return String(line.prefix { $0 != ":" })
            })
        let errors = Set(recordings.filter { $0["status"] as? String == "error" }.compactMap { $0["path"] as? String })
        #expect(refused == errors)
        #expect(!refused.isEmpty && refused.count < 300)
    }

    @Test("the sweep's repros are refused by check with the limit they break, and replay reports an input error")
    func repros() throws {
        let layouts = [
            (#"{"kind":"list","width":100,"height":1e21,"rowHeight":10}"#, #"layout field "height" must be at most 1e12"#),
            (
                #"{"kind":"grid","width":100,"height":100,"rowHeight":10,"columns":9223372036854775807}"#,
                #"layout field "columns" must be at most 1000000"#
            ),
            (#"{"kind":"grid","width":1e300,"height":100,"rowHeight":10,"minimum":1e-300}"#, #"layout field "width" must be at most 1e12"#),
        ]
        for (layout, message) in layouts {
            let path = try writeTemporary(
                #"{"format":"dragrec","version":1,"container":{"layout":\#(layout),"collections":[{"items":["a","b"]}]}}"# + "\n"
                    + #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"# + "\n" + #"{"type":"move","t":1,"x":5,"y":9.3e19}"# + "\n")
            let check = try runCLI(["check", path])
            #expect(check.code == 2 && check.stderr.contains("\(path):1:") && check.stderr.contains(message), "\(check.stderr)")
            let replay = try runCLI(["replay", path])
            #expect(replay.code == 2 && !replay.signalled)
        }
    }

    @Test("IDs, types, keys, paths and arguments with escape sequences and newlines never reach human output raw; JSON keeps them exact")
    func outputInjection() throws {
        let dir = try temporaryDirectory("inject")
        let ids = [#"a\u001b[31m"#, #"b\nFAKE.jsonl:1:1: error: forged"#, #"c\u009b2J"#, #"d\u202e"#, "e\u{7F}"]
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        let valid =
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":[\#(list)]}]}}"#
            + "\n" + #"{"type":"lift","t":0,"items":["\#(ids[0])","\#(ids[1])"],"x":5,"y":5}"# + "\n"
            + #"{"type":"drop","t":1,"x":5,"y":45}"# + "\n" + #"{"type":"update","t":2,"item":"gone\u001b]0;title\u0007"}"# + "\n"
            + #"{"type":"expect","t":3,"order":["\#(ids[2])"]}"# + "\n"
        let evilName = dir + "/evil\u{1B}[31m\nFAKE.jsonl:9:9: error: x.jsonl"
        try valid.write(toFile: evilName, atomically: false, encoding: .utf8)
        let invalid = [
            #"{"type":"\u001b[2J","t":0}"#, #"{"type":"expect","t":0,"collections":{"k\u001b[31m":["a"]}}"#,
            #"{"type":"enable","t":"\u001b[31m\u009b"}"#, "{\"type\":\"enable\",\"t\":\"\u{7F}\u{9B}\"}",
        ]
        var invalidPaths: [String] = []
        for (i, line) in invalid.enumerated() {
            let p = dir + "/bad\(i).jsonl"
            try (Self.header + "\n" + line + "\n").write(toFile: p, atomically: false, encoding: .utf8)
            invalidPaths.append(p)
        }
        let keyHeader =
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10,"heights":{"z\u001b[2J":0}},"collections":[{"items":["a"]}]}}"#
        let keyPath = dir + "/key.jsonl"
        try (keyHeader + "\n").write(toFile: keyPath, atomically: false, encoding: .utf8)
        let all = [evilName, keyPath] + invalidPaths

        let runs: [([String], Bool)] = [
            (["check"] + all, true), (["replay"] + all, true), (["replay", "--trace", "--strict"] + all, true),
            (["replay", "--trace", "--applier", "insert-before-remove", evilName], true),
            (["replay", "--format", "\u{1B}[31mx"], true), (["help", "\u{1B}]0;x\u{07}"], true), (["\u{1B}[2J"], true),
            (["fuzz", "--runs", "1\u{1B}[31m"], true), (["replay", "--applier", "a\nb", evilName], true),
            (["replay", "--format", "json"] + all, true), (["corpus", "merge", dir, "-o", dir + "/merged\u{1B}x"], true),
        ]
        for (arguments, checkOut) in runs {
            let r = try runCLI(arguments)
            #expect(!r.signalled)
            expectNoRawControl(r, stdout: checkOut, arguments.joined(separator: " ").debugDescription)
            #expect(!r.stderr.contains("\nFAKE"), "\(r.stderr)")
        }
        // JSON: the IDs come back exactly.
        let json = try runCLI(["replay", "--format", "json", evilName])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let recording = try #require((root["recordings"] as? [[String: Any]])?.first)
        #expect(recording["path"] as? String == evilName)
        let final = try #require((recording["final"] as? [[String: Any]])?.first?["items"] as? [String])
        let decoded = try #require(
            try JSONSerialization.jsonObject(with: Data("[\(list)]".utf8)) as? [String])
        #expect(Set(final) == Set(decoded))
        // JUnit parses and names the file exactly (XML escapes it).
        let junit = try runCLI(["replay", "--format", "junit", evilName, keyPath])
        #expect(junit.stdout.hasPrefix("<?xml"))
        // bless: the summary line escapes the path.
        let blessed = try runCLI(["bless", evilName])
        #expect(blessed.code == 0)
        expectNoRawControl(blessed, "bless")
    }

    @Test("replica names with a bidi override and a zero-width space reach --trace, failures and the page escaped, never raw")
    func forgedReplicaNames() throws {
        let dir = try temporaryDirectory("replica-names")
        let path = dir + "/r.jsonl"
        let lines = [
            #"{"format":"dragrec","version":3,"container":{"layout":{"kind":"list","width":320,"height":480,"rowHeight":40},"collections":[{"items":["a","b","c"]}]},"replicas":{"ids":["A\u202e","B\u200b"],"merge":"causal"}}"#,
            #"{"type":"relocate","t":0,"replica":"A\u202e","items":["a"],"before":"c"}"#,
            #"{"type":"relocate","t":0,"replica":"B\u200b","items":["a"],"before":null}"#,
            #"{"type":"deliver","t":1,"to":"B\u200b"}"#,
            #"{"type":"quiesce","t":10}"#,
            #"{"type":"expect","t":10,"replicas":{"A\u202e":["c","b","a"]}}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let trace = try runCLI(["replay", "--trace", path])
        #expect(trace.code == 1, "\(trace.stdout)\(trace.stderr)")
        expectNoRawControl(trace, "replay --trace of replicas with forged names")
        #expect(trace.stdout.contains(#"commit A\u202e#1 on "A\u202e""#), "\(trace.stdout)")
        #expect(trace.stdout.contains(#"sent #1 A\u202e>B\u200b carrying A\u202e#1"#), "\(trace.stdout)")
        let bug = try runCLI(["replay", "--merge-bug", "arrival-order", path])
        expectNoRawControl(bug, "replay --merge-bug of replicas with forged names")
        #expect(bug.stdout.contains(#"convergence: replicas "A\u202e", "B\u200b" differ"#), "\(bug.stdout)")
        let page = try runCLI(["render", "-o", dir + "/r.html", path])
        #expect(page.code == 0 || page.code == 1, "\(page.stderr)")
        let script = try String(contentsOfFile: packageRoot + "/Sources/DragRender/Page/page.js", encoding: .utf8)
        // The replica view's every name goes through the page's one escape (`M.shown`).
        for drawn in [
            "M.shown(l.id)", "M.shown(o.id)", "M.shown(o.label)", "M.shown(a.label)", "M.shown(p.label)", "M.shown(r)",
            "M.shown(RM.shownAt(n))",
        ] {
            #expect(script.contains(drawn), "page.js draws a replica name without M.shown: \(drawn)")
        }
    }

    @Test(
        "labels and flag names an app answers reach replay --trace and the fuzz --app summary escaped, never raw (issue 44, class 4)"
    )
    func forgedAppText() throws {
        let app = "python3 Tests/CLITests/Apps/broken_app.py forged-text"
        let forged = #"\u001b[31mPin\nfake.jsonl:1:1: error: forged\u202e"#
        let recording = try writeTemporary(
            #"{"format":"dragrec","version":2,"container":{"layout":{"kind":"list","width":200,"height":400,"rowHeight":10},"#
                + #""collections":[{"items":["a","b","c"]}],"swipe":{"actionWidth":80,"leading":{"actions":[{"name":"pin","label":"Pin"}]}}}}"#
                + "\n" + #"{"type":"swipe","t":0,"item":"b","dx":80}"# + "\n")
        let trace = try runCLI(["replay", "--trace", "--app", app, recording])
        #expect(trace.code == 1, "\(trace.stderr)")
        #expect(
            trace.stdout.contains(
                #"   FAILED: app: fresh-labels: row "b" (leading) shows [""# + forged + #""], the current flags give ["Pin"]"#),
            "\(trace.stdout)")
        expectNoRawControl(trace, "replay --trace --app")
        let plain = try runCLI(["replay", "--app", app, recording])
        #expect(plain.stdout.contains(#"shows [""# + forged + #""]"#), "\(plain.stdout)")
        expectNoRawControl(plain, "replay --app")
        let out = try temporaryDirectory("forged-fuzz")
        let fuzz = try runCLI(["fuzz", "--app", app, "--runs", "6", "--seed", "1", "--jobs", "1", "--out", out])
        #expect(fuzz.code == 1, "\(fuzz.stderr)")
        #expect(
            fuzz.stdout.contains(#"the code under test left the flags {""# + forged + #"": ["a"]}, expected {}"#), "\(fuzz.stdout)")
        expectNoRawControl(fuzz, "fuzz --app")
    }

    @Test(
        "reading never hangs: a FIFO with no writer fails at once, with a writer it is read, bless refuses it; /dev/zero fails on the line limit"
    )
    func streams() throws {
        let dir = try temporaryDirectory("fifo")
        let fifo = dir + "/r.jsonl"
        #expect(mkfifo(fifo, 0o644) == 0)
        let lonely = try runShell(#"timeout 20 "$DRAGREPLAY" check "$0""#.replacingOccurrences(of: "$0", with: fifo))
        #expect(lonely.code == 2)
        #expect(lonely.stderr.contains("a FIFO with no writer"))
        let fed = try runShell(
            #"cat "$1" > "$0" & timeout 20 "$DRAGREPLAY" check "$0"; wait"#
                .replacingOccurrences(of: "$0", with: fifo).replacingOccurrences(
                    of: "$1", with: packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl"))
        #expect(fed.code == 0, "\(fed.stderr)")
        let blessFIFO = try runShell(#"timeout 20 "$DRAGREPLAY" bless "$0""#.replacingOccurrences(of: "$0", with: fifo))
        #expect(blessFIFO.code == 2)
        #expect(blessFIFO.stderr.contains("is not a regular file; bless rewrites recordings on disk"))
        let zero = try runShell(#"timeout 20 "$DRAGREPLAY" check /dev/zero"#)
        #expect(zero.code == 2)
        #expect(zero.stderr.contains("/dev/zero:1:1: error: line is longer than the limit of 1 MiB"))
        let null = try runCLI(["check", "/dev/null"])
        #expect(null.code == 2 && null.stderr.contains("empty file"))
        let piped = try runShell(#"cat corpora/reports/task-lands-one-row-too-far.jsonl | timeout 20 "$DRAGREPLAY" replay /dev/stdin"#)
        #expect(piped.code == 0, "\(piped.stdout)")
    }

    @Test(
        "an unreadable subdirectory or file is an error, never skipped (run as nobody: root reads everything)",
        .enabled(if: isRoot && systemTool("setpriv") != nil, "needs root and setpriv to run the binary as nobody"))
    func unreadable() throws {
        let dir = try temporaryDirectory("unreadable")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl", toPath: dir + "/sub/a.jsonl")
        try FileManager.default.copyItem(
            atPath: packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl", toPath: dir + "/b.jsonl")
        #expect(chmod(dir + "/sub", 0o000) == 0)
        defer { chmod(dir + "/sub", 0o755) }
        let asNobody = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", dragreplayBinary]
        let sub = try run(systemTool("setpriv")!, asNobody + ["check", dir])
        #expect(sub.code == 2)
        #expect(sub.stderr.contains("\(dir)/sub: error: opendir failed: Permission denied"), "\(sub.stderr)")
        chmod(dir + "/sub", 0o755)
        #expect(chmod(dir + "/b.jsonl", 0o000) == 0)
        let file = try run(systemTool("setpriv")!, asNobody + ["check", dir + "/b.jsonl"])
        #expect(file.code == 2)
        #expect(file.stderr.contains("\(dir)/b.jsonl: error: open failed: Permission denied"), "\(file.stderr)")
    }

    @Test(
        "usage errors say what was wrong: empty paths, malformed shards, numbers out of range, an explore scope too large",
        arguments: [
            (["fuzz", "--out", ""], "Invalid value '' for '--out' (expected a path)."),
            (["explore", "--out", ""], "Invalid value '' for '--out' (expected a path)."),
            (["replay", "-o", "", "corpora/reports"], "Invalid value '' for '--output' (expected a path)."),
            (["corpus", "merge", "corpora/reports", "-o", ""], "Invalid value '' for '--output' (expected a path)."),
            (["fuzz", "--shard", "1//2"], "Invalid value '1//2' for '--shard'"),
            (["fuzz", "--shard", "2/2"], "Invalid value '2/2' for '--shard'"),
            (["fuzz", "--shard", "-1/2"], "Invalid value '-1/2' for '--shard'"),
            (["fuzz", "--shard", "0/9223372036854775808"], "Invalid value '0/9223372036854775808' for '--shard'"),
            (["fuzz", "--jobs", "99999999999999999999"], "Invalid value '99999999999999999999' for '--jobs'"),
            (["fuzz", "--jobs", "0"], "Invalid value '0' for '--jobs'"),
            (["fuzz", "--runs", "-1"], "Invalid value '-1' for '--runs'"),
            (["fuzz", "--seed", "-5"], "Invalid value '-5' for '--seed'"),
            (["fuzz", "--time", "nan"], "Invalid value 'nan' for '--time'"),
            (["fuzz", "--time", "1e999"], "Invalid value '1e999' for '--time'"),
            (["explore", "--items", "8", "--mutations", "3"], "script pairs, over the limit of 2000000"),
        ])
    func usage(_ arguments: [String], _ message: String) throws {
        let r = try runCLI(arguments)
        #expect(r.code == 2 && !r.signalled)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("a printed replay command is shell-quoted: pasted into a shell, it reproduces the finding")
    func printedCommandsPaste() throws {
        let dir = try temporaryDirectory("paste") + "/found here 'and' $(there)"
        let r = try runCLI(["fuzz", "--applier", "insert-before-remove", "--runs", "300", "--seed", "2", "--out", dir])
        #expect(r.code == 1)
        let commands = r.stdout.split(separator: "\n").filter { $0.hasPrefix("  dragreplay replay ") }
        #expect(!commands.isEmpty)
        for command in commands {
            let pasted = try runShell("\"$DRAGREPLAY\"" + command.dropFirst("  dragreplay".count))
            #expect(pasted.code == 1, "\(command): \(pasted.stderr)")
        }
    }

    @Test("replay -o onto one of its own recordings is refused, and the recording is kept")
    func reportOverItsInput() throws {
        let path = try temporaryCopy(of: packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl")
        let before = try readText(path)
        let r = try runCLI(["replay", "-o", path, path])
        #expect(r.code == 2)
        #expect(r.stderr.contains("is also a recording to replay"))
        #expect(try readText(path) == before)
    }
}
