import BodyIndex

/// The lines of one pane part: text indexed as it is, or a JSON body laid out as pretty-printed.
///
/// Both give a line's bytes and the range of the line inside them; text lines share the part's bytes,
/// JSON lines are written from the body when asked for, so only drawn lines cost anything.
enum PaneLines: Equatable, Sendable {
    /// Text shown as it is.
    case text(TextLines)
    /// A JSON body shown pretty-printed.
    case json(JSONLineIndex)

    /// The number of lines.
    var count: Int {
        switch self {
        case .text(let lines): lines.count
        case .json(let index): index.lineCount
        }
    }

    /// The bytes holding line `index` and the line's range in them (without its line break).
    func line(_ index: Int) -> (bytes: BodyBytes, range: Range<Int>) {
        switch self {
        case .text(let lines):
            return (lines.bytes, lines.range(of: index))
        case .json(let json):
            let bytes = BodyBytes(json.line(at: index))
            return (bytes, 0..<bytes.count)
        }
    }

    /// The bytes of line `index`, without its line break.
    func bytes(of index: Int) -> Slice<BodyBytes> {
        let (bytes, range) = line(index)
        return bytes[range]
    }

    /// Whether line `index` continues the previous line because that one was too long.
    func isContinuation(_ index: Int) -> Bool {
        switch self {
        case .text(let lines): lines.isContinuation(index)
        case .json(let json): json.isContinuation(index)
        }
    }

    /// Indices of lines that continue the line before them, ascending.
    var continuations: [Int] {
        switch self {
        case .text(let lines): lines.continuations
        case .json(let json): json.continuations
        }
    }
}
