import TUICore

extension ExplorerProgram {
    /// The tab actions: a new tab (`request.new`), the next and previous tab, and closing the shown one.
    func tabAction(_ action: AppAction, _ s: inout AppState) -> [Command<AppMessage>] {
        switch action {
        case .requestNew:
            s.openTab(.empty)
            s.focus = .url
        case .tabsNext, .tabsPrevious:
            guard s.tabs.count > 1 else {
                s.notice = "Only one tab is open; \(keyText(.requestNew, in: s)) opens another."
                return []
            }
            let step = action == .tabsNext ? 1 : s.tabs.count - 1
            s.showTab(at: (s.tabs.activeIndex + step) % s.tabs.count)
        case .tabsClose:
            guard s.isDraftModified else { return closeShownTab(&s) }
            s.overlay = .closeTab(TabTitle(draft: s.draft, modified: true))
        default:
            break
        }
        return []
    }

    /// Keys of the close dialog of a modified tab: s saves (the tab closes once saved), d discards, Esc or c cancels.
    func handleCloseTabKey(_ key: KeyEvent, _ s: inout AppState) -> [Command<AppMessage>] {
        switch key.key {
        case .char("s"), .char("S"):
            s.overlay = nil
            s.closesWhenSaved = true
            let commands = saveRequestAction(asCopy: false, &s).routed(to: s.tabs.activeID)
            if case .message = s.overlay { s.closesWhenSaved = false }
            return commands
        case .char("d"), .char("D"):
            s.overlay = nil
            return closeShownTab(&s)
        case .escape, .char("c"), .char("C"):
            s.overlay = nil
            s.notice = "The tab stays open."
        default:
            break
        }
        return []
    }

    /// Closes the shown tab, stopping its request if one is in flight.
    func closeShownTab(_ s: inout AppState) -> [Command<AppMessage>] {
        var commands: [Command<AppMessage>] = []
        if s.isSendingHere {
            s.send.inFlight = nil
            commands.append(.cancel(id: "send"))
        }
        s.closeShownTab()
        return commands
    }

    /// After every message: closes the tabs whose save the close dialog waited for, writes the list of tabs when
    /// it changed (a new tab's file at once), and scrolls the tab bar so the shown tab is in view.
    func finishTabs(_ s: inout AppState, openBefore: [Int]) -> [Command<AppMessage>] {
        var commands: [Command<AppMessage>] = []
        for tab in s.tabs.before + s.tabs.after where tab.closesWhenSaved && !tab.isModified {
            _ = s.tabs.removeParked(tab.id)
        }
        if s.closesWhenSaved, !s.isDraftModified {
            commands += closeShownTab(&s)
            s.notice = "Saved, and closed the tab."
        }
        let open = s.tabs.ids
        if open != openBefore, effects.draftPath != nil {
            if !openBefore.contains(s.tabs.activeID) {
                let baseline = DraftFile.keptBaseline(draft: s.draft, baseline: s.draftBaseline)
                commands.append(effects.writeDraft(s.draft, baseline: baseline, response: s.shownHistoryEntry?.id, tab: s.tabs.activeID,
                                                   revision: s.draftRevision).routed(to: s.tabs.activeID))
            }
            commands.append(effects.saveTabList(open, active: s.tabs.activeID, removing: openBefore.filter { !open.contains($0) }))
        }
        if s.tabs.count > 1 {
            // Widths as if every tab were marked modified: the most each can take, without comparing every draft
            // with its saved version on each message.
            let drafts = s.tabs.before.map(\.draft) + [s.draft] + s.tabs.after.map(\.draft)
            s.tabs.keepShownVisible(cellWidths: drafts.map { TabBarView.cellWidth(TabTitle(draft: $0, modified: true)) }, width: s.size.width)
        } else {
            s.tabs.firstVisible = 0
        }
        return commands
    }

    /// The first key bound to an action, as written in the help (e.g. `ctrl+n`).
    func keyText(_ action: AppAction, in s: AppState) -> String {
        s.keyMap.bindings(for: action.rawValue).first?.keys.first.map(KeyNotation.format) ?? "the palette"
    }
}

extension DraftTabs {
    /// Scrolls the tab bar so the shown tab is drawn whole: every tab from `firstVisible` on that fits is drawn,
    /// with a column for `‹` and `›` at either end when some do not.
    mutating func keepShownVisible(cellWidths: [Int], width: Int) {
        let total = cellWidths.reduce(0, +) + max(0, cellWidths.count - 1)
        guard total > width else {
            firstVisible = 0
            return
        }
        let room = max(1, width - 2)
        firstVisible = min(max(0, firstVisible), max(0, cellWidths.count - 1))
        if activeIndex < firstVisible { firstVisible = activeIndex }
        while firstVisible < activeIndex, DraftTabs.lastFitting(from: firstVisible, cellWidths: cellWidths, room: room) < activeIndex {
            firstVisible += 1
        }
    }

    /// The last tab drawn whole when the bar starts at `first` and has `room` columns.
    static func lastFitting(from first: Int, cellWidths: [Int], room: Int) -> Int {
        var used = 0
        var last = first
        for index in first..<cellWidths.count {
            used += cellWidths[index] + (index > first ? 1 : 0)
            if used > room { break }
            last = index
        }
        return last
    }
}
