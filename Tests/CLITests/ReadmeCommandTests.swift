import Foundation
import TestSupport
import Testing

/// A command the README shows in a ```sh block, with the output it prints
/// under it (a block whose lines start with `$ ` is a transcript: the other
/// lines are the output of the command above them).
struct ReadmeCommand: CustomTestStringConvertible, Sendable {
    var line: Int
    var command: String
    var output: [String]

    var testDescription: String { "README.md:\(line): \(command)" }

    static let readme: String = (try? String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)) ?? ""

    static var all: [ReadmeCommand] {
        var commands: [ReadmeCommand] = []
        var inShell = false
        var transcript = false
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (i, text) in lines.enumerated() {
            if text.hasPrefix("```") {
                inShell = !inShell && text == "```sh"
                transcript = inShell && lines[(i + 1)...].prefix { !$0.hasPrefix("```") }.contains { $0.hasPrefix("$ ") }
                continue
            }
            guard inShell, !text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            if transcript && !text.hasPrefix("$ ") {
                commands[commands.count - 1].output.append(text)
                continue
            }
            var command = transcript ? String(text.dropFirst(2)) : text
            // A comment after the command: two spaces or more, then `#`.
            if let comment = command.range(of: #"\s{2,}#"#, options: .regularExpression) {
                command = String(command[..<comment.lowerBound])
            }
            commands.append(ReadmeCommand(line: i + 1, command: command.trimmingCharacters(in: .whitespaces), output: []))
        }
        return commands
    }
}

/// Issue 40: every command the README shows is run by a test, as shown.
@Suite("README commands (issue 40)")
struct ReadmeCommandTests {
    @Test("the README shows commands: the two first ones, and the tour's")
    func found() {
        let commands = ReadmeCommand.all.map(\.command)
        #expect(Array(commands.prefix(2)) == ["bash scripts/replay-corpora", "bash scripts/test"], "\(commands)")
        #expect(commands.filter { $0.hasPrefix("dragreplay ") }.count >= 8, "\(commands)")
    }

    @Test("every dragreplay command of the README runs as shown, with the output it shows", arguments: ReadmeCommand.all)
    func runs(_ shown: ReadmeCommand) throws {
        if shown.command.hasPrefix("bash scripts/") {
            // The two commands at the top: scripts/test is what CI runs (.ci/run),
            // and it replays corpora/ as scripts/replay-corpora does; neither can
            // run inside the tests it runs. They must exist and be called so.
            let script = String(shown.command.dropFirst("bash ".count).prefix { $0 != " " })
            #expect(FileManager.default.isReadableFile(atPath: packageRoot + "/" + script), "\(shown)")
            #expect(shown.output.isEmpty)
            return
        }
        guard shown.command.hasPrefix("dragreplay ") else {
            Issue.record("\(shown.testDescription): a command no test runs; show `dragreplay ...` or `bash scripts/...` only")
            return
        }
        // A scratch copy of corpora/ (render and fuzz write beside the
        // recordings and into corpora/found), with examples/ as it is.
        let scratch = try temporaryDirectory("readme-command")
        try FileManager.default.copyItem(atPath: packageRoot + "/corpora", toPath: scratch + "/corpora")
        try FileManager.default.createSymbolicLink(atPath: scratch + "/examples", withDestinationPath: packageRoot + "/examples")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let r = try runShell(#""$DRAGREPLAY" "# + shown.command.dropFirst("dragreplay ".count), cwd: scratch)
        #expect(!r.signalled && (r.code == 0 || r.code == 1), "\(shown.testDescription): exit \(r.code)\n\(r.stdout)\(r.stderr)")
        let printed = Set((r.stdout + "\n" + r.stderr).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for line in shown.output where line.trimmingCharacters(in: .whitespaces) != "..." {
            #expect(
                printed.contains(line.trimmingCharacters(in: .whitespaces)),
                "\(shown.testDescription) does not print this line the README shows:\n\(line)\nit printed:\n\(r.stdout)\(r.stderr)")
        }
    }

    @Test("every command of the README's table has its help")
    func tableCommands() throws {
        let rows = ReadmeCommand.readme.split(separator: "\n").filter { $0.hasPrefix("| `dragreplay ") }
        #expect(rows.count >= 7)
        for row in rows {
            let synopsis = row.dropFirst("| `dragreplay ".count).prefix { $0 != "`" }
            let words = synopsis.split(separator: " ").prefix { $0.first?.isLowercase == true }.map(String.init)
            let r = try runCLI(["help"] + words)
            #expect(r.code == 0 && !r.stdout.isEmpty, "dragreplay help \(words.joined(separator: " ")): \(r.stdout)\(r.stderr)")
        }
    }
}
