/// The elements of a DOM serialized by `chromium --dump-dom`, read just well
/// enough for the checks: tag names, double-quoted attributes (the
/// serializer always quotes, escaping `"` and `&`) and the text right after
/// a start tag.
struct DOMDump {
    struct Element {
        var name: String
        var attributes: [String: String]
        /// The characters after the start tag, up to the next tag, decoded.
        var text: String

        var classes: Set<Substring> { Set((attributes["class"] ?? "").split(separator: " ")) }
        func has(class c: String) -> Bool { classes.contains(Substring(c)) }
    }

    let html: String
    let elements: [Element]

    init(_ html: String) {
        self.html = html
        var elements: [Element] = []
        let s = Array(html.unicodeScalars)
        var i = 0
        while i < s.count {
            guard s[i] == "<", i + 1 < s.count, s[i + 1].properties.isAlphabetic else {
                if s[i] == "<", i + 3 < s.count, s[i + 1] == "!", s[i + 2] == "-", s[i + 3] == "-" {
                    i = Self.find(s, "-->", from: i + 4) + 3  // comments hold no elements
                } else {
                    i += 1
                }
                continue
            }
            var j = i + 1
            while j < s.count, !" \t\n/>".unicodeScalars.contains(s[j]) { j += 1 }
            let name = String(String.UnicodeScalarView(s[(i + 1)..<j])).lowercased()
            var attributes: [String: String] = [:]
            while j < s.count, s[j] != ">" {
                while j < s.count, " \t\n/".unicodeScalars.contains(s[j]) { j += 1 }
                if j >= s.count || s[j] == ">" { break }
                var k = j
                while k < s.count, !" \t\n=/>".unicodeScalars.contains(s[k]) { k += 1 }
                let key = String(String.UnicodeScalarView(s[j..<k]))
                var value = ""
                if k < s.count, s[k] == "=", k + 1 < s.count, s[k + 1] == "\"" {
                    let end = Self.find(s, "\"", from: k + 2)
                    value = Self.decode(String(String.UnicodeScalarView(s[(k + 2)..<end])))
                    k = end + 1
                }
                attributes[key] = value
                j = k
            }
            let textEnd = Self.find(s, "<", from: j + 1)
            let text = j + 1 <= textEnd ? Self.decode(String(String.UnicodeScalarView(s[min(j + 1, textEnd)..<textEnd]))) : ""
            elements.append(Element(name: name, attributes: attributes, text: text))
            if name == "script" || name == "style" {
                i = Self.find(s, "</\(name)", from: j + 1)
            } else {
                i = j + 1
            }
        }
        self.elements = elements
    }

    func all(_ name: String, class c: String? = nil) -> [Element] {
        elements.filter { $0.name == name && (c == nil || $0.has(class: c!)) }
    }

    func withClass(_ c: String) -> [Element] { elements.filter { $0.has(class: c) } }

    func byID(_ id: String) -> Element? { elements.first { $0.attributes["id"] == id } }

    /// The elements from the one with `id` up to (not including) the next
    /// element with any of `endIDs`: a crude subtree, enough for the page.
    func section(from id: String, to endIDs: Set<String>) -> [Element] {
        guard let start = elements.firstIndex(where: { $0.attributes["id"] == id }) else { return [] }
        var end = start + 1
        while end < elements.count, !endIDs.contains(elements[end].attributes["id"] ?? "") { end += 1 }
        return Array(elements[start..<end])
    }

    /// The text between the start tag of the element with `id` and its
    /// matching end tag, for `div`s that contain only divs and text.
    func innerHTML(ofDivWithID id: String) -> String? {
        guard let r = html.range(of: "<div id=\"\(id)\"") else { return nil }
        guard let open = html[r.upperBound...].firstIndex(of: ">") else { return nil }
        var depth = 1
        var i = html.index(after: open)
        let start = i
        while i < html.endIndex {
            if html[i...].hasPrefix("<div") { depth += 1 }
            if html[i...].hasPrefix("</div>") {
                depth -= 1
                if depth == 0 { return String(html[start..<i]) }
            }
            i = html.index(after: i)
        }
        return nil
    }

    private static func find(_ s: [Unicode.Scalar], _ needle: String, from: Int) -> Int {
        let n = Array(needle.unicodeScalars)
        var i = from
        while i + n.count <= s.count {
            if s[i] == n[0] && Array(s[i..<(i + n.count)]) == n { return i }
            i += 1
        }
        return s.count
    }

    static func decode(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            let entities = ["&amp;": "&", "&quot;": "\"", "&lt;": "<", "&gt;": ">", "&nbsp;": "\u{A0}", "&#39;": "'"]
            if let (entity, value) = entities.first(where: { rest.hasPrefix($0.key) }) {
                out += value
                rest = rest.dropFirst(entity.count)
            } else {
                out += "&"
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }
}
