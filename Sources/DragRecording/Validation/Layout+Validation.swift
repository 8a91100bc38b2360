import ReorderCore

extension Layout where ItemID == StringID {
    /// Why this layout cannot be laid out (`nil` when it can): sizes the spec
    /// requires positive, spacings that must not be negative, a grid whose
    /// cells would have no width, an `hstack` over several collections.
    /// Messages name the recording's fields, so they live here, not in the core.
    /// Sizes and columns must also stay within `Limits`. Each field is
    /// checked by its role (`visitFields`), a grid's columns after the
    /// numbers, then the kind's own rules (`kindProblem`).
    public func validationProblem(collectionCount: Int) -> String? {
        if let p = positive(width, "width") ?? positive(height, "height") { return p }
        var check = FieldCheck()
        visitFields(&check)
        if let p = check.problem ?? check.columnsProblem { return p }
        return kindProblem(collectionCount: collectionCount)
    }
}

/// The first field that breaks its role's rule.
private struct FieldCheck: LayoutFieldVisitor {
    var problem: String?
    var columnsProblem: String?

    mutating func size(_ name: StaticString, _ value: Double) {
        if problem == nil { problem = positive(value, "\(name)") }
    }

    mutating func spacing(_ name: StaticString, _ value: Double) {
        if problem == nil { problem = nonNegative(value, "\(name)") }
    }

    mutating func sizes(_ name: StaticString, _ value: [StringID: Double]) {
        guard problem == nil else { return }
        for (id, v) in value.sorted(by: { $0.key < $1.key }) {
            if let p = positive(v, Format.field("\(name)", key: id.string)) {
                problem = p
                return
            }
        }
    }

    mutating func columns(_ value: Layout<StringID>.GridColumns) {
        switch value {
        case .fixed(let n):
            if n < 1 {
                columnsProblem = "layout field \"columns\" must be an integer >= 1, got \(n)"
            } else if n > Limits.maxColumns {
                columnsProblem = "layout field \"columns\" must be at most 1000000 (the limit on columns), got \(n)"
            }
        case .adaptive(let m): columnsProblem = positive(m, "minimum")
        }
    }
}

private func positive(_ v: Double, _ name: String) -> String? {
    guard v.isFinite && v > 0 else { return "layout field \"\(name)\" must be a finite number > 0, got \(Format.number(v))" }
    if v > Limits.maxSize { return "layout field \"\(name)\" must be at most 1e12 (the limit on sizes), got \(Format.number(v))" }
    if v < Limits.minPositiveSize {
        return "layout field \"\(name)\" must be at least 1e-6 (the smallest size), got \(Format.number(v))"
    }
    return nil
}

private func nonNegative(_ v: Double, _ name: String) -> String? {
    guard v.isFinite && v >= 0 else { return "layout field \"\(name)\" must be a finite number >= 0, got \(Format.number(v))" }
    return v > Limits.maxSize ? "layout field \"\(name)\" must be at most 1e12 (the limit on sizes), got \(Format.number(v))" : nil
}
