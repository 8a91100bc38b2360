import DragReader
import DragRecording
import DragReplay
import DragSystem
import Foundation
import ReorderCore
import ReorderSwipe
import TestSupport
import Testing

// Keeps docs/format.md in step with the reader, both ways:
//
// - code -> doc: every event type, layout kind and enumerated value the code
//   knows, and every key the reader reads (found in Sources/DragReader), is
//   named in the page;
// - doc -> code: every event type and layout kind the page has a section
//   for exists, every field its tables list is really read (the field's
//   value in the page's own example, replaced by one of the wrong type, is
//   an error naming the field), every example replays and passes, the
//   error examples fail with exactly the message shown, and every link
//   stays in the repository.
//
// The conventions the page keeps for this are listed at its end ("How this
// page is checked").

@Suite("docs/format.md is in step with the reader")
struct FormatDocTests {
    let doc: FormatDoc

    init() throws { doc = try FormatDoc(path: packageRoot + "/docs/format.md") }

    // MARK: - Code -> doc

    @Test("every event type has a section, and the overview table matches EventKind")
    func eventTypes() throws {
        let sections = doc.sections(where: { $0.chapter == "Events" }).compactMap(\.name)
        for type in EventKind.allCases {
            #expect(sections.contains(type.rawValue), "no section \"### `\(type.rawValue)`\" under Events")
        }
        let overview = try #require(doc.tables.first { $0.columns.first == "Type" }, "no table with a \"Type\" column")
        let typeColumn = try overview.column("Type")
        let versionColumn = try overview.column("Version")
        let sessionColumn = try overview.column("Session")
        let fieldsColumn = try overview.column("Fields")
        var listed: [String] = []
        for row in overview.rows {
            let name = try #require(backticked(row[typeColumn]).first, "overview row without a type: \(row)")
            listed.append(name)
            guard let type = EventKind(rawValue: name) else {
                Issue.record("the overview lists \"\(name)\", which is not an event type")
                continue
            }
            #expect(row[versionColumn] == String(type.minimumVersion), "\(name): the overview says version \(row[versionColumn])")
            #expect(row[sessionColumn] == (type.isDragEvent ? "yes" : "no"), "\(name): the overview says session \(row[sessionColumn])")
            // The fields named in the overview are those of the type's own table.
            if !row[fieldsColumn].contains("](") {
                let own = Set(doc.section(named: name, in: "Events")?.fieldPaths ?? [])
                #expect(Set(backticked(row[fieldsColumn])) == own, "\(name): the overview's fields differ from its section's table")
            }
        }
        #expect(listed == EventKind.allCases.map(\.rawValue), "the overview lists the types out of order or not all of them")
    }

    @Test("every layout kind has a section")
    func layoutKinds() {
        let sections = doc.sections(where: { $0.chapter == "Layouts" }).compactMap(\.name)
        for kind in LayoutKind.allCases {
            #expect(sections.contains(kind.rawValue), "no section \"### `\(kind.rawValue)`\" under Layouts")
        }
    }

    @Test("every key the reader reads is a documented field")
    func readerKeys() throws {
        let keys = try scanReaderKeys()
        // The scan must keep finding keys read in each style (a refactor
        // that hides them from it should fail here, not pass silently).
        for canary in ["format", "t", "rowHeight", "labelOn", "before", "meta", "open", "name", "action", "collections"] {
            #expect(keys.contains(canary), "the scan of Sources/DragReader no longer finds the key \"\(canary)\"")
        }
        let documented = Set(doc.tables.flatMap(\.fieldPaths).map(lastKey))
        for key in keys.sorted() {
            #expect(documented.contains(key), "the reader reads \"\(key)\", and no field table of docs/format.md lists it")
        }
    }

    @Test("every enumerated value is named")
    func enumeratedValues() {
        var values = Outcome.allCases.map(\.rawValue) + DropOperation.allCases.map(\.rawValue)
        values += SwipeAction.Role.allCases.map(\.rawValue) + LayoutDirection.allCases.map(\.rawValue) + SwipeEdge.allCases.map(\.rawValue)
        values += LayoutKind.allCases.map(\.rawValue) + ["deferred", "applier", "dragrec"]
        for value in values {
            #expect(doc.text.contains("`\"\(value)\"`"), "docs/format.md never writes `\"\(value)\"`")
        }
    }

    // MARK: - Doc -> code

    @Test("every section heading names an event type or a layout kind, and has an example of it")
    func sectionsHaveExamples() throws {
        for section in doc.sections where section.name != nil {
            let name = section.name!
            switch section.chapter {
            case "Events":
                #expect(EventKind(rawValue: name) != nil, "\"### `\(name)`\" is not an event type")
                let types = try section.blocks.flatMap { try $0.objects().compactMap { $0["type"]?.stringValue } }
                #expect(types.contains(name), "the section of \"\(name)\" has no example line of that type")
            case "Layouts":
                #expect(LayoutKind(rawValue: name) != nil, "\"### `\(name)`\" is not a layout kind")
                let kinds = try section.blocks.flatMap {
                    try $0.objects().compactMap { $0["container"]?["layout"]?["kind"]?.stringValue }
                }
                #expect(kinds.contains(name), "the section of \"\(name)\" has no header with that layout")
            default:
                Issue.record("\"### `\(name)`\" stands under \"\(section.chapter)\", not under Events or Layouts")
            }
        }
    }

    @Test("every example replays and passes")
    func examplesPass() throws {
        let examples = try doc.recordings()
        #expect(examples.count >= 30)
        for example in examples where !example.isErrorExample {
            var source: RecordingReader
            do { source = try RecordingReader(bytes: Array(example.text.utf8), path: "docs/format.md:\(example.docLine)") } catch {
                Issue.record("the example at docs/format.md:\(example.docLine) does not read: \(error)")
                continue
            }
            let result = Replayer().run(&source)
            #expect(result.status == .pass, "the example at docs/format.md:\(example.docLine):\n\(result)")
        }
        let complete = doc.sections(where: { $0.chapter == "Complete examples" })
        for version in RecordingHeader.supportedVersions {
            let headers = try complete.filter { $0.title == "Version \(version)" }.flatMap(\.blocks).compactMap { try $0.objects().first }
            #expect(headers.contains { $0["version"]?.numberText == String(version) }, "no complete example of version \(version)")
        }
    }

    @Test("every documented field is read: a value of the wrong type is an error that names it")
    func documentedFieldsAreRead() throws {
        let recordings = try doc.recordings()
        var checked = 0
        for section in doc.sections {
            let rows = section.tables.flatMap { table in table.fieldRows.map { (table, $0) } }
            if rows.isEmpty { continue }
            let examples = recordings.filter { $0.section == section.index }
            for (table, row) in rows {
                if try table.value(of: row, in: "Type") == "any" { continue }
                let path = try table.fieldPath(of: row)
                guard let found = findExample(for: path, in: examples, section: section) else {
                    Issue.record("\"\(path)\" (under \"\(section.title)\") appears in none of the section's examples")
                    continue
                }
                let (example, line, at) = found
                let original = example.lines[line].json!
                let changed = original.replacing(at: at, with: original.value(at: at)!.wrongType)
                let text =
                    example.lines.enumerated().map { $0.offset == line ? changed.text : $0.element.raw }.joined(separator: "\n") + "\n"
                let key = lastKey(path)
                if let problem = readProblem(text) {
                    #expect(
                        problem.message.contains("\"\(key)\"") || problem.message.contains(".\(key)\""),
                        "\"\(path)\" (under \"\(section.title)\") of the wrong type: the error does not name it: \(problem)")
                } else {
                    Issue.record("\"\(path)\" (under \"\(section.title)\") of the wrong type reads without an error: the reader ignores it")
                }
                checked += 1
            }
        }
        #expect(checked >= 90)
    }

    @Test("the Version column of expect's table is the version the reader asks for")
    func expectFieldVersions() throws {
        let section = try #require(doc.section(named: "expect", in: "Events"))
        let table = try #require(section.tables.first { $0.columns.first == "Field" })
        let lines = try section.blocks.flatMap { try $0.objects() }.filter { $0["type"]?.stringValue == "expect" }
        let headers = try doc.contextHeaders()
        for row in table.fieldRows {
            let path = try table.fieldPath(of: row)
            if path.contains(".") || path == "session" { continue }
            let version = try #require(Int(try table.value(of: row, in: "Version")), "\(path): no version")
            let value = try #require(lines.lazy.compactMap { $0[path] }.first, "\(path): no example expect line holds it")
            let line = #"{"type":"expect","t":0,"# + "\"\(path)\":\(value.text)}"
            for headerVersion in RecordingHeader.supportedVersions {
                let header = try #require(headers[headerVersion])
                let problem = readProblem(header + "\n" + line + "\n")
                if headerVersion < version {
                    #expect(problem?.message.contains("needs a version \(version) header") == true, "\(path) in version \(headerVersion)")
                } else {
                    #expect(problem == nil, "\(path) in version \(headerVersion): \(problem.map { "\($0)" } ?? "")")
                }
            }
        }
    }

    @Test("the error examples fail with exactly the message shown")
    func errorExamples() throws {
        let examples = try doc.recordings().filter(\.isErrorExample)
        #expect(examples.count >= 1)
        for example in examples {
            let expected = try #require(example.expectedMessage, "the error example at docs/format.md:\(example.docLine) has no text block")
            let problem = readProblem(example.text, path: "example.jsonl")
            #expect(problem?.description == expected, "the error example at docs/format.md:\(example.docLine)")
        }
    }

    @Test("links stay inside the repository and their targets exist")
    func links() throws {
        #expect(!doc.text.contains("://"), "docs/format.md links outside the repository")
        let docs = packageRoot + "/docs/"
        for target in doc.text.matches(of: #/\]\(([^)\s]+)\)/#).map({ String($0.output.1) }) {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0]
            var headings = doc.sections.map(\.title)
            if !file.isEmpty {
                let path = URL(fileURLWithPath: docs + file).standardized.path
                #expect(path.hasPrefix(packageRoot + "/"), "\(target) leaves the repository")
                #expect(FileManager.default.fileExists(atPath: path), "\(target): no such file")
                if parts.count > 1 { headings = try FormatDoc(path: path).sections.map(\.title) }
            }
            if parts.count > 1 {
                #expect(headings.map(anchor).contains(parts[1]), "\(target): no such heading")
            }
        }
    }
}

// MARK: - Reading recordings

/// The first problem reading `text`, or `nil`.
private func readProblem(_ text: String, path: String = "<doc>") -> Diagnostic? {
    do throws(RecordingError) {
        let reader = try RecordingReader(bytes: Array(text.utf8), path: path)
        _ = try reader.readAll()
        return nil
    } catch {
        return error.diagnostic
    }
}

/// The keys the reader looks up, from its sources: every string literal
/// passed to one of `JSONObject`'s accessors (`o.string("format")`,
/// `requiredString(a, "name")`, `o.value.member("before")`, ...).
private func scanReaderKeys() throws -> Set<String> {
    let directory = packageRoot + "/Sources/DragReader"
    // A layout's fields are named once, in DragRecording, by role (`size`,
    // `spacing`, `sizes`); the reader reads them through that description.
    let layoutFields = packageRoot + "/Sources/DragRecording/Model/Layout+Fields.swift"
    let accessors = [
        "string", "number", "requiredNumber", "integer", "bool", "id", "requiredID", "ids", "requiredIDs", "object", "requiredObject",
        "required", "sizes", "get", "member", "requiredString", "requiredStrings", "size", "spacing",
    ]
    // Not `\b`: Swift's word boundaries follow Unicode, where `o.string` is one word.
    let accessor = try Regex(#"(?:^|\W)(?:"# + accessors.joined(separator: "|") + #")\((?:\w+,\s*)?"([A-Za-z]+)""#)
    var keys = Set<String>()
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".swift") }.map {
        directory + "/" + $0
    }
    for file in files + [layoutFields] {
        let source = try readText(file)
        for match in source.matches(of: accessor) {
            if let key = match.output[1].substring { keys.insert(String(key)) }
        }
    }
    return keys
}

/// `a.b[].c` -> `c`.
private func lastKey(_ path: String) -> String {
    String(path.split(separator: ".").last ?? "").replacingOccurrences(of: "[]", with: "")
}

/// The backticked spans of a table cell.
private func backticked(_ cell: String) -> [String] {
    cell.matches(of: #/`([^`]+)`/#).map { String($0.output.1) }
}

/// A heading's anchor as the repository's Markdown renderer makes it:
/// lower case, spaces to hyphens, other punctuation dropped.
private func anchor(_ heading: String) -> String {
    String(
        heading.lowercased().compactMap { c -> Character? in
            c == " " ? "-" : c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
        })
}

extension FormatDocTests {
    /// The example line of `section` where `path` is found (a relative path
    /// is looked for in every object of the line), and where. In the
    /// section of an event type, only lines of that type count.
    fileprivate func findExample(for path: String, in examples: [DocRecording], section: DocSection) -> (DocRecording, Int, [JSONPathStep])?
    {
        let onlyType = section.chapter == "Events" ? section.name : nil
        for example in examples {
            for (i, line) in example.lines.enumerated() where example.isOwn(i) {
                guard let json = line.json else { continue }
                if let onlyType, json["type"]?.stringValue != onlyType { continue }
                if let at = json.find(path) { return (example, i, at) }
            }
        }
        return nil
    }
}

// MARK: - The page

/// docs/format.md as sections, tables and code blocks.
struct FormatDoc {
    let text: String
    let sections: [DocSection]
    var tables: [DocTable] { sections.flatMap(\.tables) }

    init(path: String) throws {
        text = try readText(path)
        var sections: [DocSection] = [DocSection(index: 0, level: 1, title: "", chapter: "")]
        var chapter = ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if line.hasPrefix("```") {
                let info = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                var body: [String] = []
                i += 1
                while i < lines.count, lines[i] != "```" {
                    body.append(lines[i])
                    i += 1
                }
                sections[sections.count - 1].blocks.append(DocBlock(info: info, lines: body, docLine: i - body.count + 1))
            } else if let heading = line.wholeMatch(of: #/(#+) (.*)/#) {
                let level = heading.output.1.count
                let title = String(heading.output.2)
                if level == 2 { chapter = title }
                sections.append(DocSection(index: sections.count, level: level, title: title, chapter: chapter))
            } else if line.hasPrefix("|") {
                var rows: [[String]] = []
                let start = i + 1
                while i < lines.count, lines[i].hasPrefix("|") {
                    let cells = lines[i].trimmingCharacters(in: .whitespaces).dropFirst().dropLast().split(
                        separator: "|", omittingEmptySubsequences: false)
                    rows.append(cells.map { $0.trimmingCharacters(in: .whitespaces) })
                    i += 1
                }
                sections[sections.count - 1].tables.append(DocTable(columns: rows[0], rows: Array(rows.dropFirst(2)), docLine: start))
                continue
            }
            i += 1
        }
        self.sections = sections
    }

    func sections(where predicate: (DocSection) -> Bool) -> [DocSection] { sections.filter(predicate) }

    func section(named name: String, in chapter: String) -> DocSection? {
        sections.first { $0.name == name && $0.chapter == chapter }
    }

    /// The header-only blocks of the Events chapter, the latest of each
    /// version: what its blocks of event lines follow.
    func contextHeaders() throws -> [Int: String] {
        var headers: [Int: String] = [:]
        for block in sections.filter({ $0.chapter == "Events" }).flatMap(\.blocks) where block.info == "json" {
            let objects = try block.objects()
            if objects.count == 1, let header = objects.first, header["format"] != nil, let v = header["version"]?.numberText,
                let version = Int(v)
            {
                headers[version] = header.text
            }
        }
        return headers
    }

    /// The version 2 fields of `expect`, from its table.
    func version2ExpectFields() throws -> Set<String> {
        guard let table = section(named: "expect", in: "Events")?.tables.first(where: { $0.columns.first == "Field" }) else { return [] }
        var fields = Set<String>()
        for row in table.fieldRows where try table.value(of: row, in: "Version") == "2" {
            let path = try table.fieldPath(of: row)
            if !path.contains(".") { fields.insert(path) }
        }
        return fields
    }

    /// Every `json` block as a recording: on its own when it starts with a
    /// header, else after the latest header-only block of the version it
    /// needs. Blocks under "Error messages" take the `text` block after them.
    func recordings() throws -> [DocRecording] {
        let v2Fields = try version2ExpectFields()
        var headers: [Int: String] = [:]
        var result: [DocRecording] = []
        for section in sections {
            for (b, block) in section.blocks.enumerated() where block.info == "json" {
                var lines = try block.lines.map { raw in DocLine(raw: raw, json: raw.isEmpty ? nil : try JSONText.parse(raw)) }
                let objects = lines.compactMap(\.json)
                guard let first = objects.first else { continue }
                var own = 0
                if first["format"] == nil {
                    var version = 1
                    for object in objects {
                        guard let type = object["type"]?.stringValue.flatMap(EventKind.init(rawValue:)) else { continue }
                        version = max(version, type.minimumVersion)
                        if type == .expect, object.keys.contains(where: v2Fields.contains) { version = max(version, 2) }
                        if object["replica"] != nil || object["replicas"] != nil { version = 3 }
                    }
                    guard let header = headers[version] else {
                        throw DocError(
                            "the block at docs/format.md:\(block.docLine) needs a version \(version) header-only block before it")
                    }
                    lines.insert(DocLine(raw: header, json: try JSONText.parse(header)), at: 0)
                    own = 1
                } else if objects.count == 1, let v = first["version"]?.numberText, let version = Int(v) {
                    headers[version] = first.text
                }
                let isError = section.chapter == "Error messages"
                let next = b + 1 < section.blocks.count ? section.blocks[b + 1] : nil
                let message = isError && next?.info == "text" ? next?.lines.joined(separator: "\n") : nil
                result.append(
                    DocRecording(
                        section: section.index, docLine: block.docLine, lines: lines, ownFrom: own, isErrorExample: isError,
                        expectedMessage: message))
            }
        }
        return result
    }
}

struct DocError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct DocSection {
    let index: Int
    let level: Int
    let title: String
    /// The `##` heading it stands under.
    let chapter: String
    var tables: [DocTable] = []
    var blocks: [DocBlock] = []

    /// `lift` for a heading "### `lift`", `nil` for other headings.
    var name: String? {
        guard level == 3, let m = title.wholeMatch(of: #/`([A-Za-z]+)`/#) else { return nil }
        return String(m.output.1)
    }

    var fieldPaths: [String] { tables.flatMap(\.fieldPaths) }
}

struct DocTable {
    let columns: [String]
    let rows: [[String]]
    let docLine: Int

    func column(_ name: String) throws -> Int {
        guard let i = columns.firstIndex(of: name) else {
            throw DocError("the table at docs/format.md:\(docLine) has no column \"\(name)\"")
        }
        return i
    }

    func value(of row: [String], in column: String) throws -> String {
        let i = try self.column(column)
        guard row.count == columns.count else { throw DocError("a row of the table at docs/format.md:\(docLine) has \(row.count) cells") }
        return row[i]
    }

    /// The rows of a field table (first column "Field"), none for others.
    var fieldRows: [[String]] { columns.first == "Field" ? rows : [] }

    func fieldPath(of row: [String]) throws -> String {
        let spans = backticked(row[0])
        guard spans.count == 1 else { throw DocError("a field row at docs/format.md:\(docLine) names \(spans.count) fields: \(row[0])") }
        return spans[0]
    }

    var fieldPaths: [String] { fieldRows.compactMap { try? fieldPath(of: $0) } }
}

struct DocBlock {
    let info: String
    let lines: [String]
    /// The page's line of the block's first line.
    let docLine: Int

    /// The JSON objects of its non-blank lines.
    func objects() throws -> [JSONText] { try lines.filter { !$0.isEmpty }.map(JSONText.parse) }
}

struct DocLine {
    var raw: String
    var json: JSONText?
}

/// A `json` block made a recording.
struct DocRecording {
    let section: Int
    let docLine: Int
    var lines: [DocLine]
    /// The first line of the block itself (1 after a context header).
    let ownFrom: Int
    let isErrorExample: Bool
    let expectedMessage: String?

    var text: String { lines.map(\.raw).joined(separator: "\n") + "\n" }

    func isOwn(_ line: Int) -> Bool { line >= ownFrom }
}

// MARK: - JSON that keeps its text

enum JSONPathStep: Equatable {
    case key(String)
    case index(Int)
}

/// A JSON value that keeps key order and the literal text of strings and
/// numbers, so a line written back differs only where it was changed.
indirect enum JSONText: Equatable {
    case object([(String, JSONText)])
    case array([JSONText])
    /// The literal, quotes and escapes included.
    case string(String)
    /// The literal.
    case number(String)
    case bool(Bool)
    case null

    static func == (a: JSONText, b: JSONText) -> Bool { a.text == b.text }

    static func parse(_ line: String) throws -> JSONText {
        var parser = Parser(bytes: Array(line.utf8))
        let value = try parser.value()
        parser.skipSpace()
        guard parser.i == parser.bytes.count else { throw DocError("not one JSON value: \(line)") }
        return value
    }

    var text: String {
        switch self {
        case .object(let members): "{" + members.map { "\"\($0.0)\":\($0.1.text)" }.joined(separator: ",") + "}"
        case .array(let elements): "[" + elements.map(\.text).joined(separator: ",") + "]"
        case .string(let literal), .number(let literal): literal
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        }
    }

    subscript(key: String) -> JSONText? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    var keys: [String] {
        if case .object(let members) = self { return members.map(\.0) }
        return []
    }

    /// The string's value, for plain strings (no escapes: enough for types and kinds).
    var stringValue: String? {
        if case .string(let literal) = self, !literal.contains("\\") { return String(literal.dropFirst().dropLast()) }
        return nil
    }

    var numberText: String? {
        if case .number(let literal) = self { return literal }
        return nil
    }

    /// A value of another type: `1` for a boolean, `true` for anything else.
    var wrongType: JSONText {
        if case .bool = self { return .number("1") }
        return .bool(true)
    }

    func value(at path: [JSONPathStep]) -> JSONText? {
        guard let step = path.first else { return self }
        switch (self, step) {
        case (.object, .key(let k)): return self[k]?.value(at: Array(path.dropFirst()))
        case (.array(let elements), .index(let i)) where i < elements.count: return elements[i].value(at: Array(path.dropFirst()))
        default: return nil
        }
    }

    func replacing(at path: [JSONPathStep], with new: JSONText) -> JSONText {
        guard let step = path.first else { return new }
        let rest = Array(path.dropFirst())
        switch (self, step) {
        case (.object(let members), .key(let k)):
            return .object(members.map { $0.0 == k ? ($0.0, $0.1.replacing(at: rest, with: new)) : $0 })
        case (.array(var elements), .index(let i)):
            elements[i] = elements[i].replacing(at: rest, with: new)
            return .array(elements)
        default:
            return self
        }
    }

    /// Where a documented path (`a.b`, `actions[].name`) is, looked for at
    /// this value first, then in every object inside it, breadth first.
    func find(_ path: String) -> [JSONPathStep]? {
        let components = path.split(separator: ".").map(String.init)
        var queue: [([JSONPathStep], JSONText)] = [([], self)]
        while !queue.isEmpty {
            let (prefix, value) = queue.removeFirst()
            if let found = value.resolve(components[...]) { return prefix + found }
            switch value {
            case .object(let members): queue += members.map { (prefix + [.key($0.0)], $0.1) }
            case .array(let elements): queue += elements.enumerated().map { (prefix + [.index($0.offset)], $0.element) }
            default: break
            }
        }
        return nil
    }

    private func resolve(_ components: ArraySlice<String>) -> [JSONPathStep]? {
        guard let first = components.first else { return [] }
        let rest = components.dropFirst()
        if first.hasSuffix("[]") {
            let key = String(first.dropLast(2))
            guard case .array(let elements)? = self[key], !rest.isEmpty else { return nil }
            for (i, element) in elements.enumerated() {
                if let found = element.resolve(rest) { return [.key(key), .index(i)] + found }
            }
            return nil
        }
        guard let child = self[first] else { return nil }
        guard let found = child.resolve(rest) else { return nil }
        return [.key(first)] + found
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func value() throws -> JSONText {
            skipSpace()
            guard i < bytes.count else { throw DocError("unexpected end of a JSON line") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(String, JSONText)] = []
                skipSpace()
                if bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard case .string(let literal) = try value() else { throw DocError("an object key is not a string") }
                    skipSpace()
                    try expect(":")
                    members.append((String(literal.dropFirst().dropLast()), try value()))
                    skipSpace()
                    if bytes[i] == UInt8(ascii: "}") {
                        i += 1
                        return .object(members)
                    }
                    try expect(",")
                }
            case UInt8(ascii: "["):
                i += 1
                var elements: [JSONText] = []
                skipSpace()
                if bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return .array(elements)
                }
                while true {
                    elements.append(try value())
                    skipSpace()
                    if bytes[i] == UInt8(ascii: "]") {
                        i += 1
                        return .array(elements)
                    }
                    try expect(",")
                }
            case UInt8(ascii: "\""):
                let start = i
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
                return .string(String(decoding: bytes[start..<min(i, bytes.count)], as: UTF8.self))
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default:
                let start = i
                while i < bytes.count, "+-.0123456789eE".utf8.contains(bytes[i]) { i += 1 }
                guard i > start else { throw DocError("unexpected character in a JSON line") }
                return .number(String(decoding: bytes[start..<i], as: UTF8.self))
            }
        }

        mutating func expect(_ c: Unicode.Scalar) throws {
            guard i < bytes.count, bytes[i] == UInt8(ascii: c) else { throw DocError("expected \(c) in a JSON line") }
            i += 1
        }

        mutating func literal(_ word: String, _ value: JSONText) throws -> JSONText {
            guard bytes[i...].starts(with: word.utf8) else { throw DocError("unexpected word in a JSON line") }
            i += word.utf8.count
            return value
        }
    }
}
