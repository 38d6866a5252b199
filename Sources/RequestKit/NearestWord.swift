/// The known word closest to a misspelled one, by edit distance, for "did you mean …" hints.
public enum NearestWord {
    /// The candidate nearest to `word` (case ignored) when it is close enough to be a likely misspelling:
    /// at most one edit for words of up to four letters, two for longer ones, and never the word itself.
    public static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty else { return nil }
        let limit = typed.count <= 4 ? 1 : 2
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let known = Array(candidate.lowercased())
            guard known != typed, abs(known.count - typed.count) <= limit else { continue }
            let distance = editDistance(typed, known)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.word
    }

    /// The number of insertions, deletions, substitutions and swaps of neighbours that turn `a` into `b`.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
