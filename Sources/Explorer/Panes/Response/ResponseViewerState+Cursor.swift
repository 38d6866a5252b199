import BodyIndex
import TUICore

/// The cursor line, folds and line numbers of a JSON body shown in the Body tab.
public struct JSONNavigation: Equatable, Sendable {
    /// The line the cursor is on (a line of the formatted body; always a visible one).
    public internal(set) var cursor = 0
    /// Whether line numbers are drawn in a gutter on the left (kept from one response to the next).
    public internal(set) var showsLineNumbers = false
    /// Whether `y` was pressed and the next key says what to copy.
    public internal(set) var pendingCopy = false
    /// The folded objects and arrays.
    var folding = JSONFolding()

    /// Creates a navigation state with the cursor on the first line.
    public init() {}

    /// A new body: the cursor back on the first line, nothing folded.
    mutating func reset() {
        cursor = 0
        pendingCopy = false
        folding = JSONFolding()
    }
}

/// Whether `applyNavigation` took an action, and what it asks of the app.
enum NavigationOutcome {
    /// The action was carried out; the effect (if any) goes to the app.
    case handled(ResponseEffect?)
    /// The action is not about the JSON cursor; the viewer carries it out as usual.
    case pass
}

extension ResponseViewerState {
    /// The key map context of the keys that follow `y`.
    public static let copyKeyContext = "response.copy"

    /// The key contexts in force: after `y`, the copy keys come first.
    public var keyContexts: [String] {
        navigation.pendingCopy ? [Self.copyKeyContext, Self.keyContext] : [Self.keyContext]
    }

    /// The line index of the Body tab when it shows one pretty-printed JSON body (the cursor, folds and copies work there),
    /// whole or still arriving (then on the lines that have come).
    var navigableIndex: JSONLineIndex? {
        guard tab == .body, filter.applied == nil, let document, document.stream?.showsFormattedJSON ?? true, case .json = document.bodyKind,
              document.bodyText.parts.count == 1, case .json(let index) = document.bodyText.parts[0].lines else { return nil }
        return index
    }

    /// The columns of the line-number gutter (digits and a space), 0 when line numbers are off.
    func gutterWidth(lineCount: Int) -> Int {
        guard navigation.showsLineNumbers else { return 0 }
        return max(3, String(lineCount).count) + 1
    }

    /// The folded view of the body indexed by `index` in a content area of `size`.
    func bodyView(_ index: JSONLineIndex, size: Size) -> JSONBodyView {
        let gutter = gutterWidth(lineCount: index.lineCount)
        return JSONBodyView(index: index, folding: navigation.folding,
                            geometry: PaneGeometry(width: max(1, size.width - gutter), height: size.height, wrap: wrap))
    }

    /// After the view moved or changed size (another action, a resize): keeps the Body tab's top on a visible line and
    /// brings the cursor to the nearest line on screen, so the view stays where it was put.
    mutating func keepCursorInView() {
        guard let index = navigableIndex, index.lineCount > 0 else { return }
        let view = bodyView(index, size: viewport)
        let top = view.clamped(scroll[.body] ?? .top)
        scroll[.body] = top
        navigation.cursor = navigation.folding.visibleLine(min(max(0, navigation.cursor), index.lineCount - 1))
        let inView = view.linesInView(from: top)
        if let first = inView.first?.line, let last = inView.last?.line {
            navigation.cursor = min(max(navigation.cursor, first), last)
        }
    }

    /// After the cursor moved or the lines changed around it (a fold, line numbers): scrolls as little as needed to show it.
    mutating func revealCursor() {
        guard let index = navigableIndex, index.lineCount > 0 else { return }
        let view = bodyView(index, size: viewport)
        navigation.cursor = navigation.folding.visibleLine(min(max(0, navigation.cursor), index.lineCount - 1))
        scroll[.body] = view.revealing(navigation.cursor, from: scroll[.body] ?? .top)
    }

    /// Carries out the actions of the JSON cursor, folds and copies; `.pass` for the others.
    mutating func applyNavigation(_ action: ResponseAction) -> NavigationOutcome {
        navigation.pendingCopy = false
        guard let index = navigableIndex, index.lineCount > 0 else {
            switch action {
            case .toggleFold, .foldAtDepth, .unfoldAll, .matchBracket, .copyPath, .copyValue, .toggleLineNumbers:
                return .handled(.notify("Folding, line numbers, bracket jumps and copying a path or value work on a JSON body in the Body tab."))
            case .placeCursor, .cancelCopy:
                return .handled(nil)
            default:
                return .pass
            }
        }
        let view = bodyView(index, size: viewport)
        let top = view.clamped(scroll[.body] ?? .top)
        switch action {
        case .scrollDown(let rows): moveCursor(by: rows, in: view)
        case .scrollUp(let rows): moveCursor(by: -rows, in: view)
        case .scrollView(let rows):
            let moved = view.scrolled(top, by: rows)
            scroll[.body] = moved
            let inView = view.linesInView(from: moved)
            if let first = inView.first?.line, let last = inView.last?.line {
                navigation.cursor = min(max(navigation.cursor, first), last)
            }
        case .pageDown, .pageUp:
            let rows = max(1, viewport.height - 1)
            let moved = view.scrolled(top, by: action == .pageDown ? rows : -rows)
            let screenRow = view.linesInView(from: top).first { $0.line == navigation.cursor }?.row ?? 0
            if moved == top {
                navigation.cursor = action == .pageDown ? view.lastLine : 0
            } else {
                navigation.cursor = view.line(atRow: screenRow, from: moved) ?? view.linesInView(from: moved).last?.line ?? navigation.cursor
            }
            scroll[.body] = view.revealing(navigation.cursor, from: moved)
        case .top:
            navigation.cursor = 0
            scroll[.body] = view.clamped(ScrollPosition(column: top.column))
        case .bottom:
            navigation.cursor = view.lastLine
            scroll[.body] = view.revealing(navigation.cursor, from: view.lastTop())
        case .placeCursor(let row):
            guard let line = view.line(atRow: row, from: top) else { return .handled(nil) }
            navigation.cursor = line
            scroll[.body] = view.revealing(line, from: top)
        case .toggleFold: return .handled(toggleFold(index))
        case .foldAtDepth: return .handled(foldAtCursorDepth(index))
        case .unfoldAll:
            navigation.folding.removeAll()
            revealCursor()
        case .matchBracket: return .handled(jumpToMatchingBracket(index))
        case .toggleLineNumbers:
            navigation.showsLineNumbers.toggle()
            revealCursor()
        case .beginCopy:
            navigation.pendingCopy = true
        case .cancelCopy:
            break
        case .copyPath:
            let path = JSONPathAtLine.path(at: navigation.cursor, index: index)
            return .handled(.copyToClipboard(text: path, what: "JSONPath"))
        case .copyValue:
            if isStillArriving(index.itemStart(navigation.cursor), in: index) {
                return .handled(.notify("This value is still arriving; copy it once it has all come."))
            }
            guard let value = JSONPathAtLine.value(at: navigation.cursor, index: index, limit: Self.clipboardLimit) else {
                return .handled(.notify("The value is larger than \(ResponseFormatting.size(Int64(Self.clipboardLimit))), too big for the clipboard; save the body to a file instead."))
            }
            return .handled(.copyToClipboard(text: value, what: "value"))
        default:
            return .pass
        }
        return .handled(nil)
    }

    /// Moves the cursor by `lines` visible lines and scrolls as little as needed to keep it on screen.
    private mutating func moveCursor(by lines: Int, in view: JSONBodyView) {
        var cursor = navigation.folding.visibleLine(min(max(0, navigation.cursor), view.count - 1))
        if lines > 0 {
            for _ in 0..<lines {
                guard let next = view.next(cursor) else { break }
                cursor = next
            }
        } else {
            for _ in 0..<(-lines) {
                guard let previous = view.previous(cursor) else { break }
                cursor = previous
            }
        }
        navigation.cursor = cursor
        scroll[.body] = view.revealing(cursor, from: scroll[.body] ?? .top)
    }

    /// The container the cursor is on (its opening or closing line), else the one holding the cursor's line.
    private func containerLine(at line: Int, index: JSONLineIndex) -> Int? {
        let start = index.itemStart(line)
        if index.opens(line) { return line }
        if index.opens(start) { return start }
        if index.closes(start) { return index.openingLine(of: start) }
        return index.parentLine(of: start)
    }

    /// `z`: unfolds the fold under the cursor, or folds the container the cursor is on or in.
    private mutating func toggleFold(_ index: JSONLineIndex) -> ResponseEffect? {
        let cursor = navigation.cursor
        if navigation.folding.visibleFold(at: cursor) != nil {
            navigation.folding.remove(at: cursor)
            revealCursor()
            return nil
        }
        guard let start = containerLine(at: cursor, index: index), let end = index.closingLine(of: start) else {
            if let start = containerLine(at: cursor, index: index), isStillArriving(start, in: index) {
                return .notify("This object or array is still arriving; fold it once it has all come.")
            }
            return .notify("There is no object or array here to fold.")
        }
        navigation.folding.insert(JSONFold(start: start, end: end, isObject: index.opensObject(start),
                                           childCount: index.childCount(opening: start, closing: end)))
        navigation.cursor = start
        revealCursor()
        return nil
    }

    /// Whether `line` opens an object or array whose end has not arrived yet (a body still arriving).
    private func isStillArriving(_ line: Int, in index: JSONLineIndex) -> Bool {
        document?.stream != nil && index.opens(line) && index.closingLine(of: line) == nil
    }

    /// `Z`: folds every object and array at the depth of the cursor's line.
    private mutating func foldAtCursorDepth(_ index: JSONLineIndex) -> ResponseEffect? {
        var item = index.itemStart(navigation.cursor)
        if index.closes(item), let opening = index.openingLine(of: item) { item = opening }
        let depth = index.depth(at: item)
        var folds: [JSONFold] = []
        var open: Int?
        var children = 0
        for line in 0..<index.lineCount {
            let lineDepth = index.depth(at: line)
            if lineDepth == depth {
                if index.opens(line) {
                    open = line
                    children = 0
                } else if index.closes(line), let start = open {
                    folds.append(JSONFold(start: start, end: line, isObject: index.opensObject(start), childCount: children))
                    open = nil
                }
            } else if lineDepth == depth + 1, open != nil, index.startsItem(line) {
                children += 1
            }
        }
        guard !folds.isEmpty else { return .notify("There is no object or array at this depth to fold.") }
        navigation.folding.insert(contentsOf: folds)
        revealCursor()
        return nil
    }

    /// `%`: from an opening bracket's line to its closing line, and back.
    private mutating func jumpToMatchingBracket(_ index: JSONLineIndex) -> ResponseEffect? {
        let cursor = navigation.cursor
        if navigation.folding.visibleFold(at: cursor) != nil { return .notify("The object or array is folded; unfold it with z first.") }
        let item = index.itemStart(cursor)
        let target: Int?
        if index.opens(cursor) {
            target = index.closingLine(of: cursor)
        } else if index.closes(item) {
            target = index.openingLine(of: item).map(index.itemStart)
        } else {
            target = nil
        }
        guard let target else { return .notify("There is no bracket on this line to match.") }
        navigation.cursor = target
        revealCursor()
        return nil
    }
}
