/// The candidate closest to `word` within edit distance 2 (case-insensitive
/// in `word`), for "Did you mean ...?" in messages; `nil` when none is close.
public func closestMatch(to word: String, in candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return row[b.count]
    }
    let w = Array(word.lowercased())
    return candidates.map { ($0, distance(w, Array($0))) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
}
