import ReorderCore

/// Writes a layout's fields (`Layout.visitFields`) into the header's JSON.
/// A recording omits zero spacings and empty size maps (their defaults);
/// `everyField` writes them too, as the app protocol sends them.
struct LayoutFieldWriter: LayoutFieldVisitor, ~Copyable {
    var w = _JSONBuffer(capacity: 64)
    let everyField: Bool

    init(everyField: Bool) { self.everyField = everyField }

    mutating func size(_ name: StaticString, _ value: Double) {
        w.key(name)
        w.number(value)
    }

    mutating func spacing(_ name: StaticString, _ value: Double) {
        if value != 0 || everyField {
            w.key(name)
            w.number(value)
        }
    }

    mutating func sizes(_ name: StaticString, _ value: [StringID: Double]) {
        if value.isEmpty && !everyField { return }
        w.key(name)
        w.open()
        for (k, v) in value.sorted(by: { $0.key < $1.key }) {
            w.key(id: k)
            w.number(v)
        }
        w.close()
    }

    mutating func columns(_ value: Layout<StringID>.GridColumns) {
        switch value {
        case .fixed(let n):
            w.key("columns")
            w.integer(n)
        case .adaptive(let m):
            w.key("minimum")
            w.number(m)
        }
    }
}
