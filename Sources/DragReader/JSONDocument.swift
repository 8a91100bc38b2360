import DragRecording

/// Parses one JSON value from bytes, strictly (what the reader checks of a
/// recording's lines: no single quotes, no raw control characters, no
/// `NaN`, nothing after the value, nesting within `maxDepth`, no key twice in
/// an object), into a
/// `JSONValue`. The app host reads an app's answers with it, so json-c stays
/// behind the reader's one wrapper.
///
///     try parseJSON(Array(#"{"ok":true}"#.utf8))  // .object(["ok": .bool(true)])
///
/// - Throws: `FieldError` naming what is wrong, with no field.
package func parseJSON(_ bytes: [UInt8], maxDepth: Int = 32) throws(FieldError) -> JSONValue {
    let result: Result<JSONValue, FieldError> = bytes.withUnsafeBytes { raw in
        let tokener = JSONCTokener(maxDepth: Int32(maxDepth))
        switch tokener.parseStrictly(raw, maxDepth: maxDepth) {
        case .value(let root):
            defer { root.release() }
            return .success(jsonValue(root.value))
        case .failure(let offset, let message), .refused(let offset, let message):
            return .failure(FieldError(field: nil, "not valid JSON at byte \(offset + 1): \(message)"))
        }
    }
    return try result.get()
}
