import RequestKit
import TUICore

/// The response viewer: what it shows, which tab, how far each tab is scrolled, and whether lines wrap.
///
/// A value the app keeps in its state. The app feeds it (`startSending`, `updateProgress`,
/// `startFormatting`, `show`, `fail`), tells it the area it is drawn in (`setViewport(for:)`),
/// maps input with `handle(key:)` / `handle(mouse:in:)`, runs the result through `apply(_:)`
/// and carries out the returned `ResponseEffect`. `render` draws it.
public struct ResponseViewerState: Equatable, Sendable {
    /// What the response area is showing.
    public internal(set) var phase: ResponsePhase = .idle
    /// The last response, kept visible while the next request is in flight.
    public internal(set) var document: ResponseDocument?
    /// The visible tab.
    public internal(set) var tab: ResponseTab = .body
    /// Whether long lines wrap (otherwise they are cut and scroll sideways).
    public private(set) var wrap = true
    /// The scroll position of each text tab.
    public internal(set) var scroll: [ResponseTab: ScrollPosition] = [:]
    /// The size of the content area (below the tab bar) as last set by `setViewport(for:)`.
    public private(set) var viewport = Size(width: 78, height: 18)
    /// Whether a body that is still arriving keeps its end in view (like `tail -f`); scrolling up stops it, `G` resumes it.
    public internal(set) var following = false
    /// The selected row of the Events tab (an index into the kept events).
    public internal(set) var selectedEvent = 0
    /// The first event row in view in the Events tab.
    var eventTop = 0
    /// The event whose data the Events tab shows instead of the list, if any.
    public internal(set) var openedEvent: OpenedEvent?
    /// The search of the visible tab (`/`, `n`, `N`).
    public internal(set) var search = SearchState()
    /// The filter of the Body tab (`f`): a JSONPath query or a shell command.
    public internal(set) var filter = FilterState()
    /// Raised whenever the text of a tab changes (a new document, a filter output), so searches start again.
    var textRevision = 0
    /// The cursor, folds and line numbers of a JSON body in the Body tab.
    public internal(set) var navigation = JSONNavigation()
    /// The comparison the Diff tab shows, with its text laid out for the pane, if any.
    public internal(set) var diffPane: DiffPane?
    /// Whether the failure shown is the user's own cancel (`cancel(_:)`), drawn as such rather than as an error.
    public internal(set) var wasCancelled = false

    /// The largest body `copyBody` puts on the clipboard; OSC 52 terminals refuse much more.
    public static let clipboardLimit = 1 << 20

    /// Creates an empty viewer.
    public init() {}

    /// A request has started: show the spinner (the previous document stays below it).
    public mutating func startSending() {
        phase = .sending(ResponseProgress())
    }

    /// New numbers for the request in flight.
    public mutating func updateProgress(_ progress: ResponseProgress) {
        if case .streaming = phase {
            phase = .streaming(progress)
        } else {
            phase = .sending(progress)
        }
    }

    /// The response arrived and `ResponseDocument.make(from:)` is running off the UI thread.
    public mutating func startFormatting() {
        phase = .formatting
    }

    /// Shows a new document from its top, keeping the selected tab and the wrap setting (a stream of events opens on Events).
    /// The whole response of a JSON body shown while it arrived goes on where the view was (`continueStream`).
    public mutating func show(_ document: ResponseDocument) {
        if document.continuesStream, self.document?.stream?.showsFormattedJSON == true {
            continueStream(document)
            return
        }
        self.document = document
        phase = .received
        scroll = [:]
        openedEvent = nil
        diffPane = nil
        selectedEvent = 0
        eventTop = 0
        filterDocumentChanged()
        navigation.reset()
        if document.stream?.kind == .serverSentEvents, tab == .body { tab = .events }
        if !visibleTabs.contains(tab) { tab = .body }
        if following { followEnd() }
        followsIndexing = following && document.isIndexing
        following = false
    }

    /// Shows more of the document on screen, `document` having more of its body indexed; the tab and scroll positions stay.
    public mutating func showMore(_ document: ResponseDocument) {
        self.document = document
        phase = .received
        for (tab, position) in scroll {
            scroll[tab] = text(for: tab).clamped(position, in: geometry)
        }
        if followsIndexing { followEnd() }
        if !document.isIndexing { followsIndexing = false }
    }

    /// Whether the end of a body that followed its stream stays in view while the rest of its lines are indexed.
    var followsIndexing = false

    /// Whether the document on screen is a body whose indexing goes on (see `ResponseDocument.continued(lines:)`).
    public var isIndexing: Bool { phase == .received && document?.isIndexing == true }

    /// The request failed; `message` (RequestKit's error text) is shown in the error color.
    public mutating func fail(_ message: String) {
        phase = .failed(message)
        wasCancelled = false
    }

    /// Records the area the viewer is rendered into, so paging knows the page size.
    ///
    /// Call it with the same rectangle given to `render` whenever the layout changes.
    public mutating func setViewport(for area: Rect) {
        viewport = ResponseViewerLayout(area: area).content.size
        if isEditingLine { viewport.height = max(1, viewport.height - 1) }
        layOutDiff()
        for (tab, position) in scroll {
            scroll[tab] = (tab == .body ? binaryHex : nil).map { hexClamped(position, $0) } ?? text(for: tab).clamped(position, in: geometry)
        }
        if following { followEnd() }
        keepEventVisible()
        keepCursorInView()
    }

    /// The scroll position of the visible tab.
    public var position: ScrollPosition { scroll[tab] ?? .top }

    /// Carries out a user action; returns work for the app, or nil.
    public mutating func apply(_ action: ResponseAction) -> ResponseEffect? {
        if case .bottom = action {} else { followsIndexing = false }
        if showsEventList, let rows = eventRows(for: action) {
            moveEventSelection(by: rows)
            return nil
        }
        if case .handled(let effect) = applyNavigation(action) { return effect }
        if applyHexScroll(action) { return nil }
        switch action {
        case .scrollDown(let rows): scrollBy(rows)
        case .scrollUp(let rows): scrollBy(-rows)
        case .pageDown: scrollBy(max(1, viewport.height - 1))
        case .pageUp: scrollBy(-max(1, viewport.height - 1))
        case .top: setPosition(ScrollPosition(column: position.column))
        case .bottom: setPosition(text(for: tab).lastTop(in: geometry))
        case .scrollRight(let columns):
            guard !wrap else { return nil }
            var next = position
            next.column += columns
            setPosition(next)
        case .scrollLeft(let columns):
            guard !wrap else { return nil }
            var next = position
            next.column = max(0, next.column - columns)
            setPosition(next)
        case .toggleWrap:
            wrap.toggle()
            scroll = scroll.mapValues { ScrollPosition(line: $0.line) }
        case .selectTab(let next):
            if visibleTabs.contains(next) { tab = next }
        case .nextTab: tab = Self.tab(after: tab, by: 1, among: visibleTabs)
        case .previousTab: tab = Self.tab(after: tab, by: -1, among: visibleTabs)
        case .copyBody, .beginCopy: return copyBody()
        case .copyURL:
            guard let url = document?.effectiveURL, !url.isEmpty else { return .notify("There is no response URL to copy yet.") }
            return .copyToClipboard(text: url, what: "URL")
        case .copyAsCurl: return .copyRequestAsCurl
        case .saveBody: return saveBody()
        case .openEvent: openSelectedEvent()
        case .closeEvent: openedEvent = nil
        case .openSearch, .openFilter, .editLine, .pasteLine, .toggleRegex, .commitLine, .cancelLine, .clearSearch, .nextMatch, .previousMatch:
            return applyLineAction(action)
        case .scrollView(let rows): scrollBy(rows)
        case .placeCursor, .toggleFold, .foldAtDepth, .unfoldAll, .matchBracket, .toggleLineNumbers, .copyPath, .copyValue, .cancelCopy:
            return nil
        case .compare: return compare()
        }
        keepCursorInView()
        followAfterScrolling(action)
        return nil
    }

    /// The geometry of the content area.
    var geometry: PaneGeometry {
        PaneGeometry(width: viewport.width, height: viewport.height, wrap: wrap)
    }

    /// The lines of a text tab (the Timing tab has none).
    func text(for tab: ResponseTab) -> PaneText {
        guard let document else { return .empty }
        switch tab {
        case .body: return filter.applied != nil ? filter.output ?? .empty : document.bodyText
        case .headers: return document.headersText
        case .raw: return document.rawText
        case .timing: return .empty
        case .events: return openedEvent?.text ?? .empty
        case .diff: return diffPane?.text ?? .empty
        }
    }

    private mutating func scrollBy(_ rows: Int) {
        guard tab != .timing else { return }
        scroll[tab] = text(for: tab).scrolled(position, by: rows, in: geometry)
    }

    private mutating func setPosition(_ next: ScrollPosition) {
        guard tab != .timing else { return }
        scroll[tab] = text(for: tab).clamped(next, in: geometry)
    }

    private static func tab(after tab: ResponseTab, by step: Int, among all: [ResponseTab]) -> ResponseTab {
        let index = all.firstIndex(of: tab) ?? 0
        return all[(index + step + all.count) % all.count]
    }

    private func copyBody() -> ResponseEffect {
        guard let document else { return .notify("There is no response to copy yet.") }
        let size = ResponseFormatting.size(document.bodySize)
        switch document.bodyKind {
        case .empty:
            return .notify("The response has no body to copy.")
        case .binary:
            return .notify("The body is binary (\(size)); save it to a file instead.")
        case .json, .text, .invalidJSON:
            guard document.body.count <= Self.clipboardLimit else {
                return .notify("The body is \(size), too big for the clipboard; save it to a file instead.")
            }
            return .copyToClipboard(text: String(decoding: document.body, as: UTF8.self), what: "body")
        }
    }

    private func saveBody() -> ResponseEffect {
        guard let document else { return .notify("There is no response to save yet.") }
        guard !document.body.isEmpty else { return .notify("The response has no body to save.") }
        return .saveBody(body: document.body, suggestedName: ResponseFileName.suggested(for: document))
    }
}
