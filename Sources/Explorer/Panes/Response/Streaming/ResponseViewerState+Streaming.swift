import BodyIndex
import RequestKit
import TUICore

/// One event's data shown in the Events tab in place of the list.
public struct OpenedEvent: Equatable, Sendable {
    /// The event's number in the stream, counting from 1.
    public var number: Int
    /// The event.
    public var event: StreamedEvent
    /// Its data, pretty-printed when it is JSON.
    let text: PaneText
}

extension ResponseViewerState {
    /// The head of a streamed response arrived: show `document` (an empty stream) and follow its end.
    ///
    /// A stream of Server-Sent Events opens on the Events tab when the Body tab was showing. A body declared JSON (and
    /// not of a streaming type), or of another type whose first bytes start like JSON, is pretty-printed as it
    /// arrives, up to `jsonLimit` bytes, and shown from its first line, not followed.
    public mutating func startStream(_ document: ResponseDocument, progress: ResponseProgress, jsonLimit: Int = StreamedBody.defaultJSONLimit) {
        var document = document
        if let stream = document.stream, stream.kind == .plain, stream.json == nil, stream.totalBytes == 0 {
            let declared = BodyClassification.isJSONType(document.contentType)
            document = document.replacingStream(StreamedBody(kind: .plain, formatsJSON: declared, sniffsJSON: !declared, jsonLimit: jsonLimit))
        }
        self.document = document
        phase = .streaming(progress)
        scroll = [:]
        openedEvent = nil
        diffPane = nil
        selectedEvent = 0
        eventTop = 0
        filterDocumentChanged()
        navigation.reset()
        following = document.stream?.json == nil
        if document.stream?.kind == .serverSentEvents, tab == .body { tab = .events }
        if !ResponseTab.visible(for: document).contains(tab) { tab = .body }
    }

    /// The next part of the streamed body: its bytes, the events parsed from them, the count of every event so far
    /// and the bytes that never reached the screen. Scroll positions stay on the same lines as the window moves.
    public mutating func receiveStream(_ bytes: [UInt8], events: [StreamedEvent] = [], eventTotal: Int? = nil, skipped: Int64 = 0,
                                       progress: ResponseProgress? = nil) {
        guard var document, var stream = document.stream else { return }
        // The document lets go of the body before it grows, so the bytes kept are appended to in place, not copied.
        self.document = nil
        document = document.replacingStream(StreamedBody(kind: stream.kind))
        let sniffing = stream.json == nil
        let dropped = stream.append(bytes, events: events, eventTotal: eventTotal, skipped: skipped)
        // A body found to start like JSON is shown from its first line, as one declared JSON is.
        if sniffing, stream.json != nil { following = false }
        self.document = document.replacingStream(stream)
        if let progress, case .streaming = phase { phase = .streaming(progress) }
        shift(.body, by: dropped.bodyLines)
        shift(.raw, by: dropped.receivedLines)
        if dropped.bodyLines == Int.max { navigation.reset() }
        if dropped.events > 0 {
            selectedEvent = max(0, selectedEvent - dropped.events)
            eventTop = max(0, eventTop - dropped.events)
        }
        if following { followEnd() }
    }

    /// The streamed response ended (completely, or stopped with Esc): show its final timings and keep what came.
    public mutating func finishStream(timings: Timings, stopped: Bool) {
        guard let document, var stream = document.stream else { return }
        let dropped = stream.finish(stopped: stopped)
        self.document = document.replacingStream(stream, timings: timings)
        shift(.body, by: dropped)
        if dropped == Int.max { navigation.reset() }
        phase = .received
        if following { followEnd() }
    }

    /// Whether the viewer shows a body that is still arriving.
    public var isStreaming: Bool {
        if case .streaming = phase { return true }
        return false
    }

    /// Moves every tab to the end of what has arrived: the last page of text, the last event.
    mutating func followEnd() {
        for tab in [ResponseTab.body, .raw] {
            scroll[tab] = text(for: tab).lastTop(in: geometry)
        }
        selectedEvent = max(0, (document?.stream?.events.count ?? 0) - 1)
        keepEventVisible()
    }

    /// Whether the Events tab shows its list (rather than one event's data).
    var showsEventList: Bool { tab == .events && openedEvent == nil }

    /// The number of rows of the Events list below its header.
    var eventRowsInView: Int { max(1, viewport.height - 1) }

    /// Scrolls the Events list so that the selected row is in view.
    mutating func keepEventVisible() {
        let count = document?.stream?.events.count ?? 0
        selectedEvent = min(max(0, selectedEvent), max(0, count - 1))
        if selectedEvent < eventTop { eventTop = selectedEvent }
        if selectedEvent >= eventTop + eventRowsInView { eventTop = selectedEvent - eventRowsInView + 1 }
        eventTop = max(0, min(eventTop, max(0, count - eventRowsInView)))
    }

    /// How far a scrolling action moves the Events list's selection, or nil for actions that do not move it.
    func eventRows(for action: ResponseAction) -> Int? {
        let count = document?.stream?.events.count ?? 0
        switch action {
        case .scrollDown(let rows): return rows
        case .scrollUp(let rows): return -rows
        case .pageDown: return eventRowsInView
        case .pageUp: return -eventRowsInView
        case .top: return -count
        case .bottom: return count
        default: return nil
        }
    }

    /// Moves the Events list's selection; reaching the last event follows new ones again, leaving it stops following.
    mutating func moveEventSelection(by rows: Int) {
        let count = document?.stream?.events.count ?? 0
        selectedEvent = min(max(0, selectedEvent + rows), max(0, count - 1))
        keepEventVisible()
        following = selectedEvent >= count - 1 && (isStreaming || following)
    }

    /// Shows the selected event's data in the Events tab, pretty-printed when it is JSON.
    mutating func openSelectedEvent() {
        guard tab == .events, let stream = document?.stream, stream.events.indices.contains(selectedEvent) else { return }
        let event = stream.events[selectedEvent]
        let data = Array(event.data.utf8)
        let part: PanePart
        switch JSONBodyLayout.format(data) {
        case .success(let pretty):
            let lines = TextLines(pretty)
            part = PanePart(lines: lines, coloring: .json(continuationStates: JSONBodyLayout.continuationStates(of: lines)))
        case .failure:
            part = PanePart(lines: TextLines(data), coloring: .plain)
        }
        var heading = "Event \(stream.droppedEvents + selectedEvent + 1) · \(event.name)"
        if let id = event.id { heading += " · id \(id)" }
        heading += " · \(ResponseFormatting.size(Int64(event.size))) · Backspace: back to the list"
        let text = PaneText([.text([heading], coloring: .notice(.muted)), .text([""]), part])
        openedEvent = OpenedEvent(number: stream.droppedEvents + selectedEvent + 1, event: event, text: text)
        scroll[.events] = .top
    }

    /// Scrolling up leaves the end of a stream still arriving; going to the bottom (or scrolling down to it) follows it again.
    mutating func followAfterScrolling(_ action: ResponseAction) {
        guard isStreaming, tab == .body || tab == .raw else { return }
        switch action {
        case .scrollUp, .pageUp, .top:
            following = false
        case .bottom:
            following = true
        case .scrollDown, .pageDown:
            following = position >= text(for: tab).lastTop(in: geometry)
        default:
            break
        }
    }

    /// Moves a tab's scroll position up by the lines dropped from the front of its text.
    private mutating func shift(_ tab: ResponseTab, by lines: Int) {
        guard lines > 0, var position = scroll[tab] else { return }
        if position.line < lines {
            position = ScrollPosition(column: position.column)
        } else {
            position.line -= lines
        }
        scroll[tab] = position
    }
}

extension ResponseViewerState {
    /// Shows the whole response of a JSON body that was pretty-printed while it arrived: the tab, scroll positions,
    /// cursor and folds stay where they were, searches start again over the whole body.
    mutating func continueStream(_ document: ResponseDocument) {
        self.document = document
        phase = .received
        openedEvent = nil
        filterDocumentChanged()
        if !visibleTabs.contains(tab) { tab = .body }
        for (tab, position) in scroll {
            scroll[tab] = text(for: tab).clamped(position, in: geometry)
        }
        if following { followEnd() }
        followsIndexing = following && document.isIndexing
        following = false
        keepCursorInView()
    }
}
