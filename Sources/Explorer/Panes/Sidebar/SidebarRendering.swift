import TUICore

/// Where the parts of the sidebar go: border with the section names, filter line, list.
struct SidebarLayout {
    /// The whole area.
    let area: Rect
    /// The filter line, empty when no filter is shown.
    let filter: Rect
    /// The rows.
    let list: Rect

    /// Splits `area`.
    init(area: Rect, showsFilter: Bool) {
        self.area = area
        let inner = area.inset(by: Margin(top: 1, right: 2, bottom: 1, left: 2))
        filter = showsFilter ? inner.row(0) : Rect(x: inner.x, y: inner.y, width: inner.width, height: 0)
        list = Rect(x: inner.x, y: inner.y + filter.height, width: inner.width, height: inner.height - filter.height)
    }

    /// Each section's label in the top border with the columns it covers.
    func sectionPositions() -> [(section: SidebarSection, label: String, columns: Range<Int>)] {
        var x = area.x + 2
        return SidebarSection.allCases.map { section in
            let label = " \(section.title) "
            defer { x += label.displayWidth + 1 }
            return (section, label, x..<(x + label.displayWidth))
        }
    }
}

extension SidebarState {
    /// Draws the sidebar into `area`: a border with the section names, the filter line when set, and the rows.
    ///
    /// Pass `borders: .ascii` on terminals without UTF-8.
    public func render(into buffer: inout Buffer, area: Rect, theme: Theme, focused: Bool, borders: BorderSet = .rounded) {
        var block = Block.themed(theme, focused: focused, borders: borders)
        block.title = nil
        block.render(area: area, buffer: &buffer)
        let layout = SidebarLayout(area: area, showsFilter: showsFilter)
        let base = theme.surfaceStyle
        let border = base.patched(with: theme.borderStyle(focused: focused))
        let titleClip = Rect(x: area.x + 1, y: area.y, width: area.width - 2, height: 1)
        for position in layout.sectionPositions() {
            let active = position.section == section
            let style = active ? Style(fg: theme[.primary], modifiers: .bold) : Style(fg: theme[.muted])
            buffer.setString(position.label, x: position.columns.lowerBound, y: area.y, style: border.patched(with: style), clip: titleClip)
        }
        if !layout.filter.isEmpty {
            let cursor = isEditingFilter ? "▏" : ""
            buffer.setSpans([
                Span("/ ", style: Style(fg: theme[.accent], modifiers: .bold)),
                Span(sanitize(filter) + cursor),
            ], x: layout.filter.x, y: layout.filter.y, base: base, clip: layout.filter)
        }
        renderRows(into: &buffer, area: layout.list, theme: theme, base: base, focused: focused)
    }

    private func renderRows(into buffer: inout Buffer, area: Rect, theme: Theme, base: Style, focused: Bool) {
        guard !area.isEmpty else { return }
        let rows = rows
        if rows.isEmpty {
            let message: String
            switch section {
            case .collection: message = filter.isEmpty ? "No saved requests." : "Nothing matches."
            case .history: message = filter.isEmpty ? "No history yet." : "Nothing matches."
            }
            buffer.setString(message, x: area.x + 1, y: area.y, style: base.fg(theme[.muted]), clip: area)
            return
        }
        let selected = selectedIndex
        let top = Self.scrollTop(current: scrollTops[section] ?? 0, selected: selected ?? 0, count: rows.count, height: area.height)
        for offset in 0..<min(area.height, rows.count - top) {
            let index = top + offset
            let rowArea = area.row(offset)
            var rowBase = base
            if index == selected {
                rowBase = focused ? base.patched(with: theme.selectionStyle) : base.patched(with: Style(modifiers: .underline))
                buffer.fill(rowArea, style: rowBase)
            }
            draw(rows[index], into: &buffer, area: rowArea, theme: theme, base: rowBase)
        }
    }

    private func draw(_ row: SidebarRow, into buffer: inout Buffer, area: Rect, theme: Theme, base: Style) {
        let indent = String(repeating: "  ", count: row.depth)
        let method = SidebarFormatting.methodWidth
        switch row.content {
        case .folder(let name, let open):
            buffer.setTruncated(Line([
                Span(indent + (open ? "▾ " : "▸ "), style: Style(fg: theme[.muted])),
                Span(sanitize(name), style: Style(modifiers: .bold)),
            ]), x: area.x, y: area.y, base: base, clip: area)
        case .request(let name, let verb):
            buffer.setTruncated(Line([
                Span(indent + "  "),
                Span(SidebarFormatting.methodLabel(sanitize(verb)).padded(columns: method), style: Style(fg: theme.methodColor(verb), modifiers: .bold)),
                Span(" " + sanitize(SidebarFormatting.requestLabel(name: name, method: verb))),
            ]), x: area.x, y: area.y, base: base, clip: area)
        case .history(let item):
            let age = SidebarFormatting.age(of: item.date, now: now)
            let status = item.statusCode.map(String.init) ?? "ERR"
            let statusRole = item.statusCode.map(ResponseViewerState.statusRole) ?? .error
            let ageX = area.right - age.displayWidth
            let urlClip = Rect(x: area.x, y: area.y, width: max(0, ageX - 1 - area.x), height: 1)
            let target = SidebarFormatting.historyTarget(sanitize(item.url))
            let afterPath = buffer.setTruncated(Line([
                Span(SidebarFormatting.methodLabel(sanitize(item.method)).padded(columns: method), style: Style(fg: theme.methodColor(item.method), modifiers: .bold)),
                Span(" "),
                Span(status.padded(columns: 3), style: Style(fg: theme[statusRole])),
                Span(" " + target.path),
            ]), x: area.x, y: area.y, base: base, clip: urlClip)
            let hostRoom = urlClip.right - afterPath - 1
            if !target.host.isEmpty, hostRoom >= SidebarFormatting.minimumHostColumns {
                buffer.setString(target.host.truncated(columns: hostRoom), x: afterPath + 1, y: area.y,
                                 style: base.patched(with: Style(fg: theme[.muted])), clip: urlClip)
            }
            buffer.setString(age, x: ageX, y: area.y, style: base.patched(with: Style(fg: theme[.muted])), clip: area)
        }
    }
}
