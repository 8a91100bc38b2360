import DragRecording
import ReorderCore
import ReorderSwipe

// Version 2 (`swipe-v1` 1 and 4): the header's swipe section and the swipe
// fields of `expect`. Types and shapes are checked here; ranges, names and
// items are the validator's (`RecordingValidator.checkSwipe`).

/// `container.swipe`: numbers finite, `direction` and `role` known, each
/// given edge an object with an array `actions` of objects with string
/// `name` and `label`, `flags` an object of ID arrays.
func decodeSwipe(_ s: JSONObject) throws(FieldError) -> SwipeConfiguration<StringID> {
    var swipe = SwipeConfiguration<StringID>()
    if let width = try s.number("actionWidth") { swipe.actionWidth = width }
    if let fraction = try s.number("fullSwipe") { swipe.fullSwipe = fraction }
    if let name = try s.string("direction") {
        guard let direction = LayoutDirection(rawValue: name) else {
            throw FieldError(
                field: s.name("direction"),
                "field \"\(s.name("direction"))\" must be \(alternatives(LayoutDirection.allCases.map(\.rawValue))), got \(Format.quoted(name))"
            )
        }
        swipe.direction = direction
    }
    if let edge = try s.object("leading") { swipe.leading = try decodeEdgeActions(edge) }
    if let edge = try s.object("trailing") { swipe.trailing = try decodeEdgeActions(edge) }
    if let flags = try s.object("flags") {
        for (flag, value) in flags.value.members {
            let field = "\(flags.path).\(flag)"
            guard let value else { throw FieldError(field: flags.path, "field \"\(field)\" must be an array of ID strings, got null") }
            do { swipe.flags[flag] = try flags._ids(value, field) } catch { throw error.placed(at: flags.path) }
        }
    }
    return swipe
}

/// `{"actions": [...], "allowsFullSwipe": Bool}`. A problem inside is placed
/// at the edge's key (`name`, `label` and `actions` repeat in the line).
private func decodeEdgeActions(_ edge: JSONObject) throws(FieldError) -> SwipeEdgeActions {
    do { return try decodeEdgeActionsHere(edge) } catch { throw error.placed(at: edge.path) }
}

private func decodeEdgeActionsHere(_ edge: JSONObject) throws(FieldError) -> SwipeEdgeActions {
    let list = try edge.required("actions", "an array of actions")
    let field = edge.name("actions")
    guard list.kind == .array else { throw FieldError(field: field, "field \"\(field)\" must be an array of actions, got \(list.text)") }
    var actions: [SwipeAction] = []
    for i in 0..<list.count {
        let name = "\(field)[\(i)]"
        guard let element = list.element(i), element.kind == .object else {
            throw FieldError(
                field: field, "\(name) must be an object with \"name\" and \"label\", got \(list.element(i)?.text ?? "null")")
        }
        let a = JSONObject(value: element, path: name)
        var role: SwipeAction.Role?
        if let roleName = try a.string("role") {
            guard let known = SwipeAction.Role(rawValue: roleName) else {
                throw FieldError(
                    field: a.name("role"),
                    "field \"\(a.name("role"))\" must be \(alternatives(SwipeAction.Role.allCases.map(\.rawValue))), got \(Format.quoted(roleName))"
                )
            }
            role = known
        }
        actions.append(
            SwipeAction(
                name: try requiredString(a, "name"), label: try requiredString(a, "label"), role: role,
                toggle: try a.string("toggle"), labelOn: try a.string("labelOn")))
    }
    return SwipeEdgeActions(actions: actions, allowsFullSwipe: try edge.bool("allowsFullSwipe") ?? true)
}

/// `open`, `performed`, `presentations` and `labels` of an `expect` line.
/// `open` and `performed` given as `null` are values (none open, none
/// performed), not absent fields. In a version 1 file each is an input
/// error wherever version 2 would read it (`null` `presentations` and
/// `labels` count as absent there too). A problem inside `open`,
/// `performed` or `labels` is placed at that key (`item` and `edge` repeat).
func decodeSwipeExpectation(_ o: JSONObject, into e: inout Expectation, version: Int) throws(FieldError) {
    let open = o.member("open")
    let performed = o.member("performed")
    let presentations = o.get("presentations")
    let labels = o.get("labels")
    if version < 2 {
        let field: String? =
            open.present
            ? "open" : performed.present ? "performed" : presentations != nil ? "presentations" : labels != nil ? "labels" : nil
        if let field { throw RecordingValidator.needsVersion2(field: field, version: version) }
        return
    }
    if open.present {
        if let v = nonNull(open.value) {
            let row = try object(v, "open", #"{"item": ID, "edge": "leading"|"trailing"} or null"#)
            do { e.open = .some(SwipeOpenRow(item: try row.requiredID("item"), edge: try requiredEdge(row))) } catch {
                throw error.placed(at: "open")
            }
        } else {
            e.open = .some(nil)
        }
    }
    if performed.present {
        if let v = nonNull(performed.value) {
            let p = try object(v, "performed", #"{"item": ID, "action": NAME} or null"#)
            do { e.performed = .some(PerformedAction(item: try p.requiredID("item"), action: try requiredString(p, "action"))) } catch {
                throw error.placed(at: "performed")
            }
        } else {
            e.performed = .some(nil)
        }
    }
    if let list = presentations {
        let what = "an array of [ID, true|false] pairs"
        guard list.kind == .array else {
            throw FieldError(field: "presentations", "field \"presentations\" must be \(what), got \(list.text)")
        }
        var reports: [PresentationReport<StringID>] = []
        reports.reserveCapacity(list.count)
        for i in 0..<list.count {
            guard let pair = list.element(i), pair.kind == .array, pair.count == 2, let id = pair.element(0), id.kind == .string,
                let shown = pair.element(1), shown.kind == .bool
            else {
                throw FieldError(
                    field: "presentations", "field \"presentations\" must be \(what); element \(i) is \(list.element(i)?.text ?? "null")")
            }
            reports.append(PresentationReport(item: StringID(id.string), isPresented: shown.bool))
        }
        e.presentations = reports
    }
    if let v = labels {
        let l = try object(v, "labels", #"{"item": ID, "edge": "leading"|"trailing", "labels": [...]}"#)
        do {
            e.labels = ExpectedLabels(item: try l.requiredID("item"), edge: try requiredEdge(l), labels: try requiredStrings(l, "labels"))
        } catch {
            throw error.placed(at: "labels")
        }
    }
}

private func nonNull(_ v: JSONCValue?) -> JSONCValue? { v.flatMap { $0.kind == .null ? nil : $0 } }

private func object(_ v: JSONCValue, _ field: String, _ what: String) throws(FieldError) -> JSONObject {
    guard v.kind == .object else { throw FieldError(field: field, "field \"\(field)\" must be \(what), got \(v.text)") }
    return JSONObject(value: v, path: field)
}

/// `edge`: `"leading"` or `"trailing"`.
private func requiredEdge(_ o: JSONObject) throws(FieldError) -> SwipeEdge {
    let field = o.name("edge")
    let expected = alternatives(SwipeEdge.allCases.map(\.rawValue))
    guard let name = try o.string("edge") else { throw FieldError(field: field, "missing field \"\(field)\" (expected \(expected))") }
    guard let edge = SwipeEdge(rawValue: name) else {
        throw FieldError(field: field, "field \"\(field)\" must be \(expected), got \(Format.quoted(name))")
    }
    return edge
}

/// A string that must be there (a name or a label: any string, unlike an ID).
private func requiredString(_ o: JSONObject, _ key: StaticString) throws(FieldError) -> String {
    guard let s = try o.string(key) else { throw FieldError(field: o.name(key), "missing field \"\(o.name(key))\" (expected a string)") }
    return s
}

/// An array of strings that must be there (labels: any strings, unlike IDs).
private func requiredStrings(_ o: JSONObject, _ key: StaticString) throws(FieldError) -> [String] {
    let field = o.name(key)
    let v = try o.required(key, "an array of strings")
    guard v.kind == .array else { throw FieldError(field: field, "field \"\(field)\" must be an array of strings, got \(v.text)") }
    var result: [String] = []
    for i in 0..<v.count {
        guard let e = v.element(i), e.kind == .string else {
            throw FieldError(
                field: field, "field \"\(field)\" must be an array of strings; element \(i) is \(v.element(i)?.text ?? "null")")
        }
        result.append(e.string)
    }
    return result
}

/// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
private func alternatives(_ names: [String]) -> String {
    let quoted = names.map(Format.quoted)
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
}
