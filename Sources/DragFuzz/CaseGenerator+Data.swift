import DragRecording
import ReorderCore

extension CaseGenerator {
    mutating func makeContainer() {
        let n = 1 + choices.draw(runner.maxCollections - 1)
        var budget = profile.maxItems
        var collections: [ReorderCollection<Int, Int>] = []
        for c in 0..<n {
            // 6 per collection at the default 16 items; more when benchmarks scale items up.
            let count = choices.draw(min(max(6, profile.maxItems * 3 / 8), budget))
            budget -= count
            var fixed: [Int] = []
            if budget > 0 && choices.weighted(15) {
                for _ in 0..<(1 + choices.draw(min(1, budget - 1))) { fixed.append(fresh()) }
                budget -= fixed.count
            }
            let items = (0..<count).map { _ in fresh() }
            let capacity: Int? = choices.weighted(15) ? choices.draw(6) : nil
            collections.append(ReorderCollection(id: c, items: items, fixed: fixed, capacity: capacity))
        }
        var container = FuzzContainer(collections: collections)
        let all = collections.flatMap { $0.fixed + $0.items }
        if !all.isEmpty && choices.weighted(15) { container.locked.insert(all[choices.draw(all.count - 1)]) }
        if choices.weighted(10) { container.isEnabled = false }
        setup.container = container
        fuzzCase.container = container
        // One collection is written without an id half the time: the single-collection case.
        let unnamed = n == 1 && choices.draw(1) == 0
        fuzzCase.collectionNames = unnamed ? [nil] : (0..<n).map { "c\($0)" }
    }

    /// For a repeated drag: one unnamed collection of `maxItems` items, nothing fixed or locked.
    mutating func makeRepeatedContainer() {
        let container = FuzzContainer(collections: [ReorderCollection(id: 0, items: (0..<profile.maxItems).map { _ in fresh() })])
        setup.container = container
        fuzzCase.container = container
        fuzzCase.collectionNames = [nil]
    }

    mutating func makeLayout() {
        if let fixed = runner.layout {
            // The app's own geometry (a board's column width and spacing):
            // its closure computes with those numbers. A board is as wide
            // as its columns, and a little more.
            var layout = fixed
            if case .board(let columnWidth, let spacing, _, _, _) = fixed.kind {
                layout.width = Double(setup.container.collections.count) * (columnWidth + spacing) + spacing
            }
            setup.layout = layout
            fuzzCase.layout = layout
            return
        }
        let n = setup.container.collections.count
        let all = setup.container.entries
        // Kinds by number, as drawn: list, grid, board, hstack (a new kind
        // goes last, so that existing seeds draw what they drew).
        let kinds: [LayoutKind] = [.list, .grid, .board, .hstack]
        var kind = choices.draw(3)
        if kinds[kind].takesOneCollection && n > 1 { kind = 0 }
        if let allowed = runner.layouts {
            if !allowed.contains(kinds[kind]) {
                kind = kinds.indices.first { allowed.contains(kinds[$0]) && !(kinds[$0].takesOneCollection && n > 1) } ?? kind
            }
        }
        let layout: Layout<Int>
        switch kinds[kind] {
        case .list:
            var heights: [Int: Double] = [:]
            if !all.isEmpty && choices.weighted(20) { heights[all[choices.draw(all.count - 1)]] = 30 }
            layout = Layout(
                kind: .list(
                    rowHeight: [10, 20, 7.5][choices.draw(2)], spacing: [0, 4, 5][choices.draw(2)],
                    headerHeight: [0, 10][choices.draw(1)], heights: heights), width: 100, height: 800)
        case .grid:
            let columns: Layout<Int>.GridColumns =
                choices.weighted(30) ? .adaptive(minimum: [25, 40][choices.draw(1)]) : .fixed(1 + choices.draw(3))
            layout = Layout(
                kind: .grid(columns: columns, rowHeight: 20, spacing: [0, 5][choices.draw(1)], headerHeight: [0, 10][choices.draw(1)]),
                width: 100, height: 800)
        case .board:
            let spacing = [0, 10, 20][choices.draw(2)]
            layout = Layout(
                kind: .board(
                    columnWidth: 50, spacing: Double(spacing), rowHeight: 10, rowSpacing: [0, 2][choices.draw(1)],
                    headerHeight: [0, 10][choices.draw(1)]), width: Double(n * (50 + spacing) + 30), height: 400)
        case .hstack:
            var widths: [Int: Double] = [:]
            if !all.isEmpty && choices.weighted(20) { widths[all[choices.draw(all.count - 1)]] = 40 }
            layout = Layout(kind: .hstack(itemWidth: 20, spacing: [0, 4][choices.draw(1)], widths: widths), width: 1200, height: 30)
        }
        setup.layout = layout
        fuzzCase.layout = layout
    }

}
