/// One search hit: a line of the searched text and the bytes of the hit inside that line.
public struct SearchMatch: Hashable, Sendable, Comparable {
    /// The line, counted in the tab's text from 0.
    public var line: Int
    /// The first byte of the hit, counted from the start of the line.
    public var start: Int
    /// The byte after the hit, counted from the start of the line.
    public var end: Int

    /// Creates a match.
    public init(line: Int, start: Int, end: Int) {
        self.line = line
        self.start = start
        self.end = end
    }

    /// Orders matches as they appear in the text.
    public static func < (lhs: SearchMatch, rhs: SearchMatch) -> Bool {
        (lhs.line, lhs.start) < (rhs.line, rhs.start)
    }
}
