import ReorderCore

extension CaseGenerator {
    mutating func nextDifference() -> FuzzDifference {
        let all = entries()
        let n = engine.container.collections.count
        var sources: [Int] = []
        for _ in 0..<choices.draw(3) {
            sources.append(all.isEmpty || choices.weighted(15) ? FuzzIDs.absentBase + choices.draw(2) : pick(all))
        }
        let collection = runner.unknownCollections && choices.weighted(10) ? FuzzIDs.unknownCollection : choices.draw(n - 1)
        let position: FuzzDifference.Destination.Position
        if choices.weighted(25) {
            position = .end
        } else {
            position = .before(all.isEmpty || choices.weighted(10) ? FuzzIDs.absentBase + choices.draw(2) : pick(all))
        }
        return FuzzDifference(sources: sources, destination: .init(collectionID: collection, position: position))
    }

}
