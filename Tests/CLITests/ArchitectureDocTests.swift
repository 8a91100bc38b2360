import Foundation
import TestSupport
import Testing

/// Issue 40: one architecture table, in docs/contributing.md, that cannot
/// drift from Package.swift; and a Tests/README.md that names every test
/// target.
@Suite("Architecture doc agrees with Package.swift (issue 40)")
struct ArchitectureDocTests {
    let targets: [ManifestTarget]

    init() throws {
        targets = try ManifestTarget.read(packageRoot + "/Package.swift")
    }

    @Test("Package.swift reads as targets with their dependencies")
    func manifestReads() throws {
        // The reader itself: if it stopped finding targets, the checks below would pass on nothing.
        #expect(targets.count >= 30, "\(targets.map(\.name))")
        let core = try #require(targets.first { $0.name == "ReorderCore" })
        #expect(core.kind == "target" && core.dependencies.isEmpty)
        let reader = try #require(targets.first { $0.name == "DragReader" })
        #expect(reader.dependencies == ["CJSONC", "DragRecording", "ReorderSwipe", "ReorderReplicas", "DragSystem", "ReorderCore"])
        #expect(targets.first { $0.name == "CJSONC" }?.kind == "systemLibrary")
        #expect(targets.first { $0.name == "CLITests" }?.kind == "testTarget")
        #expect(Set(targets.map(\.name)).count == targets.count)
    }

    @Test("docs/contributing.md has one architecture table: every target but the test targets, with exactly its dependencies")
    func contributingTable() throws {
        let text = try String(contentsOfFile: packageRoot + "/docs/contributing.md", encoding: .utf8)
        let table = try ArchitectureTable(markdown: text)
        let expected = targets.filter { $0.kind != "testTarget" }
        let documented = Dictionary(table.rows.map { ($0.target, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(table.rows.count == documented.count, "a target has two rows: \(table.rows.map(\.target))")
        for target in expected {
            guard let row = documented[target.name] else {
                Issue.record("docs/contributing.md:\(table.line): the architecture table has no row for `\(target.name)`")
                continue
            }
            #expect(
                Set(row.dependencies) == Set(target.dependencies),
                """
                docs/contributing.md:\(row.line): `\(target.name)` depends on \(row.dependencies.sorted()) in the table, \
                on \(target.dependencies.sorted()) in Package.swift
                """)
        }
        let names = Set(expected.map(\.name))
        for row in table.rows where !names.contains(row.target) {
            Issue.record("docs/contributing.md:\(row.line): `\(row.target)` is not a (non-test) target of Package.swift")
        }
    }

    @Test("docs/library.md's products table lists every library product, with its target's dependencies")
    func libraryProducts() throws {
        let products = try ManifestTarget.products(packageRoot + "/Package.swift").filter { $0.kind == "library" }
        #expect(products.count >= 8)
        let text = try String(contentsOfFile: packageRoot + "/docs/library.md", encoding: .utf8)
        let table = try ArchitectureTable(markdown: text, doc: "docs/library.md", first: "product")
        #expect(Set(table.rows.map(\.target)) == Set(products.map(\.name)), "docs/library.md:\(table.line)")
        for row in table.rows {
            guard let product = products.first(where: { $0.name == row.target }), product.targets.count == 1,
                let target = targets.first(where: { $0.name == product.targets[0] })
            else { continue }
            #expect(
                Set(row.dependencies) == Set(target.dependencies),
                """
                docs/library.md:\(row.line): `\(row.target)` depends on \(row.dependencies.sorted()) in the table, \
                on \(target.dependencies.sorted()) in Package.swift
                """)
        }
    }

    @Test("an import is read with its attributes, access level, kind and a comment after it")
    func importLines() {
        #expect(ManifestTarget.importedModule("import DragReader") == "DragReader")
        #expect(ManifestTarget.importedModule("@testable import DragReader") == "DragReader")
        #expect(ManifestTarget.importedModule("@preconcurrency public import DragSystem // the files") == "DragSystem")
        #expect(ManifestTarget.importedModule("import struct ReorderCore.StringID") == "ReorderCore")
        #expect(ManifestTarget.importedModule("let important = 1") == nil)
        #expect(ManifestTarget.importedModule("// import DragFuzz") == nil)
    }

    @Test("every target's dependencies are exactly the package's modules its files import")
    func dependenciesAreImports() throws {
        let local = Set(targets.map(\.name))
        var checked = 0
        for target in targets where target.kind != "systemLibrary" {
            let imported = try target.imports(root: packageRoot).intersection(local)
            let declared = Set(target.dependencies)
            #expect(
                imported.subtracting(declared).isEmpty,
                "Package.swift: \(target.name) imports \(imported.subtracting(declared).sorted()) without depending on them")
            #expect(
                declared.intersection(local).subtracting(imported).isEmpty,
                "Package.swift: \(target.name) depends on \(declared.intersection(local).subtracting(imported).sorted()) and imports none of them"
            )
            checked += imported.isEmpty ? 0 : 1
        }
        // The walk itself: if it stopped finding files, the check would pass on nothing.
        #expect(checked >= 30, "only \(checked) targets import a module of the package")
    }

    @Test("Tests/README.md names every test target")
    func testsReadme() throws {
        let text = try String(contentsOfFile: packageRoot + "/Tests/README.md", encoding: .utf8)
        let tests = targets.filter { $0.kind == "testTarget" }
        #expect(tests.count >= 10)
        for target in tests {
            #expect(text.contains("| `\(target.name)` |"), "Tests/README.md has no row for the test target `\(target.name)`")
        }
    }
}

/// The architecture table of docs/contributing.md (`| target | holds | depends
/// on |`), or the products table of docs/library.md (`| product | ... |
/// depends on |`): a name in backticks per row, and its dependencies in
/// backticks in the last column.
struct ArchitectureTable {
    struct Row {
        var target: String
        var dependencies: [String]
        var line: Int
    }

    var rows: [Row] = []
    var line = 0

    /// The one table of `doc` whose header starts with `| first |`.
    init(markdown: String, doc: String = "docs/contributing.md", first: String = "target") throws {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headers = lines.indices.filter { lines[$0].hasPrefix("| \(first) |") }
        guard headers.count == 1, let header = headers.first else {
            throw DocError("\(doc) needs exactly one table whose header starts with `| \(first) |`; it has \(headers.count)")
        }
        line = header + 1
        let columns = Self.cells(lines[header])
        guard columns.last == "depends on" else { throw DocError("the architecture table's last column is \(columns.last ?? "none")") }
        var i = header + 2  // past the separator
        while i < lines.count, lines[i].hasPrefix("|") {
            let cells = Self.cells(lines[i])
            guard cells.count == columns.count, let name = Self.codeSpans(cells[0]).first else {
                throw DocError(
                    "\(doc):\(i + 1): a row of the table must have \(columns.count) cells and name its \(first) in backticks"
                )
            }
            // The names in backticks; the rest of the cell ("none", the system's libraries) is prose.
            rows.append(Row(target: name, dependencies: Self.codeSpans(cells[cells.count - 1]), line: i + 1))
            i += 1
        }
    }

    static func cells(_ row: String) -> [String] {
        row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every `code span` of a cell.
    static func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}

struct DocError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A target of Package.swift, read from the manifest's text: the calls in
/// `Package(targets: [...])`, their `name:` and `dependencies:`. Enough of
/// Swift's syntax for a manifest: comments, string literals, nested calls
/// and brackets.
struct ManifestTarget {
    var kind: String  // target, executableTarget, testTarget, systemLibrary, ...
    var name: String
    /// Target names as written; a product is `package/name`.
    var dependencies: [String]
    /// The sources' directory, from the package's root: `path:`, or
    /// `Sources/NAME` (`Tests/NAME` for a test target).
    var directory: String

    static func read(_ path: String) throws -> [ManifestTarget] {
        try calls(in: packageArgument("targets", path)).map { kind, name, arguments in
            let dependencies = try arguments.first { $0.label == "dependencies" }.map { try elements(of: $0.value).map(dependency) } ?? []
            let directory =
                arguments.first { $0.label == "path" }.flatMap { literal($0.value) }
                ?? (kind == "testTarget" ? "Tests/" : "Sources/") + name
            return ManifestTarget(kind: kind, name: name, dependencies: dependencies, directory: directory)
        }
    }

    /// The modules the target's Swift files import, wherever they are
    /// (`#if` blocks included): `import X`, with attributes (`@testable`,
    /// `@preconcurrency`), an access level (`public import X`), a kind
    /// (`import struct X.Y`) or a comment after it.
    func imports(root: String) throws -> Set<String> {
        let base = root + "/" + directory
        guard let walker = FileManager.default.enumerator(atPath: base) else { throw DocError("cannot list \(base)") }
        var modules: Set<String> = []
        for case let file as String in walker where file.hasSuffix(".swift") {
            for line in try String(contentsOfFile: base + "/" + file, encoding: .utf8).split(separator: "\n") {
                if let module = Self.importedModule(String(line)) { modules.insert(module) }
            }
        }
        return modules
    }

    /// The module a line imports, or `nil` when it is no import.
    static func importedModule(_ line: String) -> String? {
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var words = code.split(separator: " ").map(String.init)
        let modifiers: Set = ["public", "package", "internal", "fileprivate", "private"]
        while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        let kinds: Set = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
        return path.split(separator: ".").first.map(String.init)
    }

    /// The products: `.library(name:targets:)`, `.executable(name:targets:)`.
    static func products(_ path: String) throws -> [(kind: String, name: String, targets: [String])] {
        try calls(in: packageArgument("products", path)).map { kind, name, arguments in
            let targets = try arguments.first { $0.label == "targets" }.map { try elements(of: $0.value).compactMap { literal($0) } } ?? []
            return (kind, name, targets)
        }
    }

    /// The value of `Package(label: ...)` in the manifest at `path`.
    static func packageArgument(_ label: String, _ path: String) throws -> ArraySlice<Character> {
        let text = Array(stripComments(try String(contentsOfFile: path, encoding: .utf8)))
        guard let start = find(Array("Package("), in: text), let close = closing(text, from: start + "Package".count) else {
            throw DocError("no Package(...) in \(path)")
        }
        guard let value = arguments(text[(start + "Package(".count)..<close]).first(where: { $0.label == label })?.value else {
            throw DocError("Package(...) has no \(label):")
        }
        return value
    }

    /// The calls of an array literal `[.kind(name: "X", ...), ...]`: kind, name and arguments.
    static func calls(in list: ArraySlice<Character>) throws -> [(String, String, [(label: String?, value: ArraySlice<Character>)])] {
        try elements(of: list).map { element in
            guard element.first == ".", let open = element.firstIndex(of: "("),
                let end = closing(Array(element), from: open - element.startIndex)
            else { throw DocError("not a call: \(String(element))") }
            let kind = String(element[element.index(after: element.startIndex)..<open])
            let arguments = arguments(element[element.index(after: open)..<(element.startIndex + end)])
            guard let name = arguments.first(where: { $0.label == "name" }).flatMap({ literal($0.value) }) else {
                throw DocError("a call without a name: \(String(element))")
            }
            return (kind, name, arguments)
        }
    }

    /// `"X"`, `.target(name: "X")`, `.byName(name: "X")` or `.product(name: "X", package: "P")` (as `P/X`).
    static func dependency(_ text: ArraySlice<Character>) throws -> String {
        if let name = literal(text) { return name }
        guard let open = text.firstIndex(of: "("), let end = closing(Array(text), from: open - text.startIndex) else {
            throw DocError("a dependency that is neither a string nor a call: \(String(text))")
        }
        let arguments = arguments(text[text.index(after: open)..<(text.startIndex + end)])
        guard let name = arguments.first(where: { $0.label == "name" }).flatMap({ literal($0.value) }) else {
            throw DocError("a dependency without a name: \(String(text))")
        }
        if let package = arguments.first(where: { $0.label == "package" }).flatMap({ literal($0.value) }) { return package + "/" + name }
        return name
    }

    /// The text without `//` comments (outside string literals).
    static func stripComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let chars = Array(line)
            var inString = false
            var i = 0
            while i < chars.count {
                if inString {
                    if chars[i] == "\\" { i += 1 } else if chars[i] == "\"" { inString = false }
                } else if chars[i] == "\"" {
                    inString = true
                } else if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                    return String(chars[..<i])
                }
                i += 1
            }
            return String(line)
        }.joined(separator: "\n")
    }

    static func find(_ needle: [Character], in text: [Character]) -> Int? {
        guard needle.count <= text.count else { return nil }
        return (0...(text.count - needle.count)).first { Array(text[$0..<($0 + needle.count)]) == needle }
    }

    /// The index of the bracket that closes the one at `open`.
    static func closing(_ text: [Character], from open: Int) -> Int? {
        var depth = 0
        var inString = false
        var i = open
        while i < text.count {
            let c = text[i]
            if inString {
                if c == "\\" { i += 1 } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if "([{".contains(c) {
                depth += 1
            } else if ")]}".contains(c) {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }

    /// `text` split at its top-level commas, each part trimmed; empty parts dropped.
    static func split(_ text: ArraySlice<Character>) -> [ArraySlice<Character>] {
        var parts: [ArraySlice<Character>] = []
        var depth = 0
        var inString = false
        var start = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if inString {
                if c == "\\" { i += 1 } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if "([{".contains(c) {
                depth += 1
            } else if ")]}".contains(c) {
                depth -= 1
            } else if c == ",", depth == 0 {
                parts.append(text[start..<i])
                start = i + 1
            }
            i += 1
        }
        parts.append(text[start..<text.endIndex])
        return parts.map(trim).filter { !$0.isEmpty }
    }

    /// A call's arguments: `label: value` or a bare value.
    static func arguments(_ text: ArraySlice<Character>) -> [(label: String?, value: ArraySlice<Character>)] {
        split(text).map { part in
            let label = part.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let rest = trim(part[label.endIndex...])
            guard !label.isEmpty, rest.first == ":" else { return (nil, part) }
            return (String(label), trim(rest.dropFirst()))
        }
    }

    /// The elements of an array literal `[a, b, ...]`.
    static func elements(of text: ArraySlice<Character>) throws -> [ArraySlice<Character>] {
        let t = trim(text)
        guard t.first == "[", t.last == "]" else { throw DocError("not an array literal: \(String(t))") }
        return split(t.dropFirst().dropLast())
    }

    /// The value of a plain string literal, or nil.
    static func literal(_ text: ArraySlice<Character>) -> String? {
        let t = trim(text)
        guard t.count >= 2, t.first == "\"", t.last == "\"", !t.dropFirst().dropLast().contains("\"") else { return nil }
        return String(t.dropFirst().dropLast())
    }

    static func trim(_ text: ArraySlice<Character>) -> ArraySlice<Character> {
        var t = text
        while let c = t.first, c.isWhitespace { t = t.dropFirst() }
        while let c = t.last, c.isWhitespace { t = t.dropLast() }
        return t
    }
}
