import BodyIndex
import TUICore

/// How the lines of one part of a pane are colored.
enum LineColoring: Equatable, Sendable {
    /// The text color.
    case plain
    /// Pretty-printed JSON, token by token; the map gives the state continuation lines start in.
    case json(continuationStates: [Int: JSONLexState])
    /// `Name: value` lines: the name and colon in the key color.
    case header
    /// Bold text, for status lines.
    case emphasis
    /// Indented XML or HTML, token by token; the map gives the state of lines that do not start between tags.
    case markup(continuationStates: [Int: MarkupLexState])
    /// The Diff tab's lines, colored by their `-` `+` `~` marks; `columns` when rows hold two halves side by side.
    case diff(columns: Bool)
    /// Text in a theme role's color, for notices such as "binary body".
    case notice(ThemeRole)
}

/// A block of lines colored one way.
struct PanePart: Equatable, Sendable {
    /// The lines.
    var lines: PaneLines
    /// How to color them.
    var coloring: LineColoring

    /// Whether wrapped lines break between words: the app's own notices do; bodies break at the edge, as they are.
    var breaksAtSpaces: Bool {
        if case .notice = coloring { return true }
        return false
    }

    /// A part of text lines.
    init(lines: TextLines, coloring: LineColoring) {
        self.lines = .text(lines)
        self.coloring = coloring
    }

    /// A JSON body laid out as pretty-printed and colored.
    init(json index: JSONLineIndex) {
        self.lines = .json(index)
        self.coloring = .json(continuationStates: index.continuationStates)
    }
}

/// The scrollable text of one tab: parts stacked one after another, addressed by a single line number.
struct PaneText: Equatable, Sendable {
    /// The parts, top to bottom.
    let parts: [PanePart]
    /// The first line number of each part.
    private let firstLines: [Int]
    /// The total number of lines.
    let lineCount: Int

    /// Stacks parts.
    init(_ parts: [PanePart]) {
        self.parts = parts
        var firsts: [Int] = []
        var total = 0
        for part in parts {
            firsts.append(total)
            total += part.lines.count
        }
        self.firstLines = firsts
        self.lineCount = total
    }

    /// An empty text.
    static let empty = PaneText([])

    /// The part holding line `line` and the line's index inside it.
    func locate(_ line: Int) -> (part: PanePart, index: Int) {
        var low = 0
        var high = parts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if firstLines[mid] <= line { low = mid } else { high = mid - 1 }
        }
        return (parts[low], line - firstLines[low])
    }
}

extension PanePart {
    /// A part with one line per element of `lines`.
    static func text(_ lines: [String], coloring: LineColoring = .plain) -> PanePart {
        PanePart(lines: TextLines(text: lines.joined(separator: "\n") + "\n"), coloring: coloring)
    }
}
