/// A fuzzy score in the manner of fzf: each query character matched in order, the best alignment found by dynamic
/// programming, with bonuses for matches at word starts, runs of consecutive matches and whole-word matches, and
/// a penalty for gaps. Matches inside a lesser part of the text (its first `lesserPrefix` characters) count half.
public enum FuzzyScore {
    /// Points for each matched character.
    static let match = 16
    /// Bonus for a match at the start of the text or after a space.
    static let wordStart = 10
    /// Bonus for a match after punctuation (`:`, `.`, `-`, `/`, `_`) or at a lower-to-upper case change.
    static let boundary = 8
    /// Bonus for a match right after the previous one.
    static let consecutive = 6
    /// Bonus when a query word is a whole word of the text; half of it when it begins one.
    static let wholeWord = 24

    /// The score of one query word in `text` (higher is better), nil when its characters do not all appear in order.
    public static func term(_ term: String, in text: String, lesserPrefix: Int = 0) -> Int? {
        let q = Array(term.lowercased())
        let original = Array(text)
        let t = original.map { Character($0.lowercased()) }
        guard !q.isEmpty else { return 0 }
        guard q.count <= t.count else { return nil }
        let bonus = (0..<t.count).map { bonusAt($0, in: original) }
        let none = Int.min / 4
        // best[j]: the best score with the current query character matched at j.
        var previous = [Int](repeating: none, count: t.count)
        for (i, wanted) in q.enumerated() {
            var current = [Int](repeating: none, count: t.count)
            var bestBefore = none  // max over k ≤ j-2 of previous[k] + k, for the gap penalty j - k + 1
            for j in i..<t.count {
                if j >= 2, previous[j - 2] > none { bestBefore = max(bestBefore, previous[j - 2] + (j - 2)) }
                guard t[j] == wanted else { continue }
                let worth = weight(match + bonus[j], at: j, lesserPrefix: lesserPrefix)
                if i == 0 {
                    current[j] = worth - min(j, 8)
                    continue
                }
                var best = none
                if j >= 1, previous[j - 1] > none { best = previous[j - 1] + weight(consecutive, at: j, lesserPrefix: lesserPrefix) }
                if bestBefore > none { best = max(best, bestBefore - j - 1) }
                if best > none { current[j] = best + worth }
            }
            previous = current
        }
        guard let aligned = previous.max(), aligned > none else { return nil }
        return aligned + wordBonus(q, in: t, lesserPrefix: lesserPrefix)
    }

    /// The bonus of a match at `index`: a word start, a boundary after punctuation or a case change, or none.
    private static func bonusAt(_ index: Int, in text: [Character]) -> Int {
        guard index > 0 else { return wordStart }
        let before = text[index - 1]
        if before.isWhitespace { return wordStart }
        if ":.-/_()[]".contains(before) { return boundary }
        if before.isLowercase, text[index].isUppercase { return boundary }
        return 0
    }

    /// Half the points inside the lesser prefix.
    private static func weight(_ points: Int, at index: Int, lesserPrefix: Int) -> Int {
        index < lesserPrefix ? points / 2 : points
    }

    /// The whole-word bonus: the query word (without trailing punctuation) equal to a word of the text, or
    /// half of it when a word begins with it; halved again inside the lesser prefix.
    private static func wordBonus(_ q: [Character], in t: [Character], lesserPrefix: Int) -> Int {
        let wanted = String(q).trimmingPunctuation
        guard !wanted.isEmpty else { return 0 }
        var best = 0
        var start = 0
        for word in String(t).split(separator: " ", omittingEmptySubsequences: false) {
            let plain = String(word).trimmingPunctuation
            let points = plain == wanted ? wholeWord : (plain.hasPrefix(wanted) ? wholeWord / 2 : 0)
            best = max(best, weight(points, at: start, lesserPrefix: lesserPrefix))
            start += word.count + 1
        }
        return best
    }
}

extension String {
    /// The text without punctuation at either end (`Body:` → `Body`).
    fileprivate var trimmingPunctuation: String {
        var scalars = Substring(self)
        while let last = scalars.last, last.isPunctuation || last.isSymbol { scalars.removeLast() }
        while let first = scalars.first, first.isPunctuation || first.isSymbol { scalars.removeFirst() }
        return String(scalars)
    }
}
