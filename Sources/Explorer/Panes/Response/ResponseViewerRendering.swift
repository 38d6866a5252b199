import TUICore

extension ResponseViewerState {
    /// The spinner shown while sending; its frame follows the elapsed time.
    static let spinner = Spinner.dots
    /// Milliseconds per spinner frame.
    static let spinnerIntervalMilliseconds = 80

    /// Draws the viewer into `area`: a border titled "Response", the status line, the tab bar and the visible tab.
    ///
    /// Only the lines in view are read and colored, whatever the size of the body. Pass
    /// `borders: .ascii` on terminals without UTF-8.
    public func render(into buffer: inout Buffer, area: Rect, theme: Theme, focused: Bool, borders: BorderSet = .rounded) {
        Block.themed(theme, title: "Response", focused: focused, borders: borders).render(area: area, buffer: &buffer)
        let layout = ResponseViewerLayout(area: area)
        let base = theme.surfaceStyle
        renderStatusLine(into: &buffer, area: layout.statusLine, theme: theme, base: base)
        renderTabBar(into: &buffer, layout: layout, theme: theme, base: base, focused: focused)
        renderContent(into: &buffer, area: layout.content, theme: theme, base: base)
        if documentIsStale, !hasFailed { buffer.setStyle(layout.content, style: Style(modifiers: .dim)) }
    }

    /// The status line: code and reason colored by class, version, time, size; or progress, or the error.
    private func renderStatusLine(into buffer: inout Buffer, area: Rect, theme: Theme, base: Style) {
        guard !area.isEmpty else { return }
        var spans: [Span] = []
        let muted = Style(fg: theme[.muted])
        switch phase {
        case .idle:
            spans = [Span("No response yet: send the request to see it here.", style: muted)]
        case .sending(let progress):
            let frame = Self.spinner.frame(Int(max(0, progress.elapsed) * 1000) / Self.spinnerIntervalMilliseconds)
            spans = [
                Span("\(frame) ", style: Style(fg: theme[.accent])),
                Span("Sending", style: Style(modifiers: .bold)),
                Span("  \(ResponseFormatting.duration(progress.elapsed))"),
                Span("  ↑ \(ResponseFormatting.size(progress.bytesSent))", style: muted),
                Span("  ↓ \(ResponseFormatting.size(progress.bytesReceived))", style: muted),
            ]
            if documentIsStale { spans.append(Span("  the previous response below", style: muted)) }
        case .streaming(let progress):
            spans = streamingStatus(progress, theme: theme)
        case .formatting:
            spans = [Span("\(Self.spinner.frame(0)) ", style: Style(fg: theme[.accent])), Span("Formatting the response…", style: muted)]
        case .failed:
            spans = wasCancelled ? [Span("■ Cancelled", style: Style(fg: theme[.warning], modifiers: .bold))]
                : [Span("✗ Request failed", style: Style(fg: theme[.error], modifiers: .bold))]
        case .received:
            guard let document else { return }
            let status = "\(document.statusCode)\(document.reason.isEmpty ? "" : " " + document.reason)"
            spans = [
                Span(sanitize(status), style: Style(fg: theme[Self.statusRole(document.statusCode)], modifiers: .bold)),
                Span("  \(sanitize(document.httpVersion))", style: muted),
                Span("  \(ResponseFormatting.duration(document.timings.total))"),
            ]
            if let stream = document.stream {
                if stream.stopped { spans.append(Span("  stopped", style: Style(fg: theme[.warning], modifiers: .bold))) }
                spans += streamCounts(stream, theme: theme)
            } else {
                spans.append(Span("  \(ResponseFormatting.size(document.bodySize))"))
            }
            if document.stream == nil, !document.contentType.isEmpty {
                spans.append(Span("  \(sanitize(BodyClassification.essence(document.contentType)))", style: muted))
            }
        }
        buffer.setSpans(spans, x: area.x + 1, y: area.y, base: base, clip: area)
    }

    /// The theme role for a status code's class: 2xx success, 3xx accent, 4xx warning, 5xx error.
    public static func statusRole(_ code: Int) -> ThemeRole {
        switch code {
        case 200..<300: .success
        case 300..<400: .accent
        case 400..<500: .warning
        case 500..<600: .error
        default: .muted
        }
    }

    /// The tab labels, the active one highlighted, and the position and wrap mode on the right.
    private func renderTabBar(into buffer: inout Buffer, layout: ResponseViewerLayout, theme: Theme, base: Style, focused: Bool) {
        let area = layout.tabBar
        guard !area.isEmpty else { return }
        let active = Style(fg: theme[.primary], modifiers: focused ? [.bold, .underline] : [.underline])
        let tabs = layout.tabs(document: hasFailed ? nil : document, selected: tab, comparing: comparison != nil, style: base.fg(theme[.muted]), activeStyle: active)
        tabs.render(area: area, buffer: &buffer)
        guard !hasFailed else { return }
        var info = wrap ? "wrap" : "no wrap"
        if isStreaming { info = (following ? "following" : "G: follow") + "  " + info }
        let text = text(for: tab)
        if let hex = hexView {
            info = "\(min(hexClamped(position, hex).line + 1, Self.hexLineCount(hex)))/\(Self.hexLineCount(hex))  " + info
        } else if showsEventList, let stream = document?.stream, !stream.events.isEmpty {
            info = "\(stream.droppedEvents + selectedEvent + 1)/\(stream.eventCount)  " + info
        } else if tab != .timing, text.lineCount > 0 {
            var line = min(text.clamped(position, in: contentGeometry(layout.content)).line + 1, text.lineCount)
            if navigableIndex != nil { line = navigation.cursor + 1 }
            let growing = tab == .body && document?.isIndexing == true
            info = "\(line)/\(text.lineCount)\(growing ? "+ indexing…" : "")  " + info
        }
        if let summary = searchSummary { info = summary + "  " + info }
        let end = tabs.fitted(width: area.width).titleRanges(startingAt: area.x).last?.upperBound ?? area.x
        let x = area.right - info.displayWidth - 1
        if x > end + 1 {
            buffer.setString(info, x: x, y: area.y, style: base.fg(theme[.muted]), clip: area)
        }
    }


    /// The geometry of a content rectangle with the current wrap setting.
    private func contentGeometry(_ content: Rect) -> PaneGeometry {
        PaneGeometry(width: content.width, height: content.height, wrap: wrap)
    }

    /// The visible tab's content, or the error, or nothing before the first response.
    private func renderContent(into buffer: inout Buffer, area: Rect, theme: Theme, base: Style) {
        guard !area.isEmpty else { return }
        if case .failed(let message) = phase {
            let rows = TextViewer.wordWrap(sanitize(message, tabWidth: LineLayout.tabWidth, keepNewlines: true), width: area.width)
            let text = PaneText([.text(rows, coloring: .notice(wasCancelled ? .muted : .error))])
            text.render(into: &buffer, area: area, from: .top, wrap: true, theme: theme, base: base)
            return
        }
        guard let document else { return }
        if tab == .timing {
            var facts = ["URL       " + sanitize(document.effectiveURL)]
            if let remote = document.remoteAddress { facts.append("Address   " + sanitize(remote)) }
            if document.redirectCount > 0 { facts.append("Redirects \(document.redirectCount)") }
            TimingWaterfall(document.timings).render(into: &buffer, area: area, theme: theme, base: base, facts: facts)
            return
        }
        if let hex = hexView {
            renderHex(hex, into: &buffer, area: area, theme: theme, base: base)
            return
        }
        if showsEventList {
            renderEventList(into: &buffer, area: area, theme: theme, base: base)
            return
        }
        let textArea = isEditingLine ? Rect(x: area.x, y: area.y, width: area.width, height: max(0, area.height - 1)) : area
        if let index = navigableIndex {
            renderNavigableJSON(index, into: &buffer, area: textArea, theme: theme, base: base)
            // Matches line up with the rows only while nothing is folded and no gutter shifts the text.
            if navigation.folding.isEmpty, !navigation.showsLineNumbers {
                let text = text(for: tab)
                renderSearchHighlights(into: &buffer, area: textArea, text: text, from: text.clamped(position, in: contentGeometry(textArea)), theme: theme)
            }
            if isEditingLine { renderLine(into: &buffer, area: area.row(area.height - 1), theme: theme, base: base) }
            return
        }
        let text = text(for: tab)
        let geometry = contentGeometry(textArea)
        let top = text.clamped(position, in: geometry)
        text.render(into: &buffer, area: textArea, from: top, wrap: wrap, theme: theme, base: base)
        renderSearchHighlights(into: &buffer, area: textArea, text: text, from: top, theme: theme)
        if isEditingLine { renderLine(into: &buffer, area: area.row(area.height - 1), theme: theme, base: base) }
    }
}
