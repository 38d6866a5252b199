import Foundation
import Testing
import TUICore
import TUITesting

@Suite("Widgets")
struct WidgetTests {
    @Test func blockDrawsBorderAndTitle() {
        var buffer = Buffer(width: 12, height: 3)
        Block(title: " Body ").render(area: buffer.area, buffer: &buffer)
        #expect(ScreenText.lines(of: buffer) == ["╭ Body ────╮", "│          │", "╰──────────╯"])
        Block(title: "T", borders: .ascii).render(area: buffer.area, buffer: &buffer)
        #expect(ScreenText.lines(of: buffer) == ["+T---------+", "|          |", "+----------+"])
        #expect(Block().inner(buffer.area) == Rect(x: 1, y: 1, width: 10, height: 1))
    }

    @Test func tableRendersCheckboxesAndSelection() {
        let table = Table(
            columns: [TableColumn("Name", width: .length(6)), TableColumn("Value", width: .fill(1))],
            rows: [
                TableRow(["page", "1"], enabled: true),
                TableRow(["limit", "20"], enabled: false),
                TableRow(["q", "日本"], enabled: true),
            ],
            showsCheckbox: true
        )
        var state = TableState(selected: 2)
        var buffer = Buffer(width: 20, height: 3)
        state.keepSelectionVisible(height: table.bodyArea(buffer.area).height)
        table.render(state: state, area: buffer.area, buffer: &buffer)
        #expect(ScreenText.lines(of: buffer) == ["    Name   Value", "[ ] limit  20", "[x] q      日本"])
        #expect(state.offset == 1)
        #expect(buffer[0, 2].style.modifiers.contains(.reverse))
        #expect(!buffer[0, 1].style.modifiers.contains(.reverse))
        #expect(table.column(atX: 1, area: buffer.area) == -1)
        #expect(table.column(atX: 12, area: buffer.area) == 1)
        #expect(table.cellRect(row: 2, column: 1, state: state, area: buffer.area) == Rect(x: 11, y: 2, width: 9, height: 1))
        #expect(table.cellRect(row: 0, column: 1, state: state, area: buffer.area) == nil)
        #expect(state.row(atY: 1, area: table.bodyArea(buffer.area), count: 3) == 1)
    }

    @Test func listStateNavigation() {
        var s = ListState()
        s.handle(KeyEvent(.down), count: 5, pageSize: 3)
        #expect(s.selected == 0)
        s.handle(KeyEvent(.pageDown), count: 5, pageSize: 3)
        #expect(s.selected == 2)
        s.handle(KeyEvent(.end), count: 5, pageSize: 3)
        #expect(s.selected == 4)
        s.handle(KeyEvent(.down), count: 5, pageSize: 3)
        #expect(s.selected == 4)
        s.clamp(count: 2)
        #expect(s.selected == 1)
        s.clamp(count: 0)
        #expect(s.selected == nil)
    }

    @Test func tabsRenderAndHitTest() {
        let tabs = Tabs(titles: ["Params", "Headers", "Body"], selected: 1)
        var buffer = Buffer(width: 30, height: 1)
        tabs.render(area: buffer.area, buffer: &buffer)
        #expect(ScreenText.lines(of: buffer) == [" Params │ Headers │ Body"])
        #expect(buffer[10, 0].style.modifiers.contains(.reverse))
        #expect(tabs.tab(atX: 0, area: buffer.area) == 0)
        #expect(tabs.tab(atX: 8, area: buffer.area) == nil)
        #expect(tabs.tab(atX: 9, area: buffer.area) == 1)
        #expect(tabs.tab(atX: 20, area: buffer.area) == 2)
        #expect(tabs.tab(atX: 25, area: buffer.area) == nil)
    }

    @Test func listViewRendersSelection() {
        let state = ListState(selected: 3)
        var buffer = Buffer(width: 10, height: 2)
        ListView(items: ["a", "b", "c", "d"], selectionMark: "> ").render(state: state, area: buffer.area, buffer: &buffer)
        #expect(ScreenText.lines(of: buffer) == ["  c", "> d"])
    }

    @Test func textViewerScrollsAndWraps() {
        let lines = (1...20).map { Line("line \($0) " + String(repeating: "x", count: $0)) }
        var state = TextViewerState()
        var buffer = Buffer(width: 12, height: 4)
        state.viewportHeight = buffer.height
        let viewer = TextViewer(lines: lines)
        viewer.render(state: state, area: buffer.area, buffer: &buffer)
        #expect(buffer.text(row: 0) == "line 1 x    ")
        state.handle(KeyEvent(.pageDown), lineCount: lines.count)
        #expect(state.offset == 3)
        state.handle(KeyEvent(.end), lineCount: lines.count)
        #expect(state.offset == 16)
        state.handle(KeyEvent(.home), lineCount: lines.count)
        state.handle(.char("w"), lineCount: lines.count)
        state.offset = 5
        viewer.render(state: state, area: buffer.area, buffer: &buffer)
        #expect(ScreenText.lines(of: buffer) == ["line 6 xxxxx", "x", "line 7 xxxxx", "xx"])
    }

    @Test func textViewerScrollbar() {
        let state = TextViewerState()
        var buffer = Buffer(width: 5, height: 4)
        TextViewer(lines: (0..<40).map { Line("\($0)") }, scrollbarStyle: .plain).render(state: state, area: buffer.area, buffer: &buffer)
        #expect(buffer[4, 0].symbol == "█")
        #expect(buffer[4, 3].symbol == "│")
    }

    @Test func wrapKeepsStyles() {
        let line = Line([Span("abc", style: Style(fg: .red)), Span("defg")])
        let pieces = TextViewer.wrap(line, width: 4)
        #expect(pieces.map(\.plainText) == ["abcd", "efg"])
        #expect(pieces[0].spans[0].style.fg == .red)
        #expect(TextViewer.wordWrap("the quick brown fox", width: 9) == ["the quick", "brown fox"])
    }

    @Test func dialogIsCentredWithButtons() throws {
        let dialog = Dialog.message(title: "Delete", text: "Delete request Get users?", buttons: ["Delete", "Cancel"], width: 30)
        var buffer = Buffer(width: 40, height: 9)
        dialog.render(area: buffer.area, buffer: &buffer)
        let lines = ScreenText.lines(of: buffer)
        #expect(lines[2] == "     ╭ Delete ────────────────────╮")
        #expect(lines[3] == "     │ Delete request Get users?  │")
        #expect(lines[5] == "     │   [ Delete ]  [ Cancel ]   │")
        #expect(lines[6] == "     ╰────────────────────────────╯")
        #expect(dialog.button(at: Position(x: 9, y: 5), area: buffer.area) == 0)
        #expect(dialog.button(at: Position(x: 22, y: 5), area: buffer.area) == 1)
        #expect(dialog.button(at: Position(x: 6, y: 5), area: buffer.area) == nil)
    }

    @Test func spinnerFrames() {
        #expect(Spinner.line.frame(0) == "|")
        #expect(Spinner.line.frame(5) == "/")
        #expect(Spinner.dots.frame(-1) == "⠏")
    }
}

@Suite("Key bindings")
struct KeyBindingTests {
    let keyMap = KeyMap([
        KeyBinding(["ctrl+s", "f5"], action: "request.send", help: "Send"),
        KeyBinding(["ctrl+c"], action: "app.quit", help: "Quit"),
        KeyBinding(["?", "f1"], action: "app.help", help: "Help", showInFooter: false),
        KeyBinding(["enter"], action: "url.send", help: "Send", context: "url"),
        KeyBinding(["space"], action: "table.toggle", help: "Toggle row", context: "params"),
    ])

    @Test(arguments: [
        ("ctrl+a", KeyEvent.ctrl("a")), ("alt+left", KeyEvent(.left, modifiers: .alt)), ("shift+tab", KeyEvent(.backTab)),
        ("f12", KeyEvent(.function(12))), ("?", KeyEvent.char("?")), ("space", KeyEvent.char(" ")), ("ctrl++", KeyEvent.ctrl("+")),
        ("Esc", KeyEvent(.escape)), ("ctrl+shift+up", KeyEvent(.up, modifiers: [.ctrl, .shift])), ("pgdn", KeyEvent(.pageDown)),
    ])
    func notationParses(text: String, key: KeyEvent) {
        #expect(KeyNotation.parse(text) == key)
    }

    @Test func notationRoundTrips() {
        for text in ["ctrl+a", "alt+left", "shift+tab", "f5", "enter", "ctrl+alt+delete", "space", "?"] {
            #expect(KeyNotation.parse(text)?.description == text)
        }
        #expect(KeyNotation.parse("hyper+x") == nil)
        #expect(KeyNotation.parse("ctrl+nothing") == nil)
    }

    @Test func actionLookupPrefersContext() {
        #expect(keyMap.action(for: KeyEvent(.enter), in: ["url"]) == "url.send")
        #expect(keyMap.action(for: KeyEvent(.enter), in: ["params"]) == nil)
        #expect(keyMap.action(for: KeyEvent(.function(5)), in: ["params"]) == "request.send")
        #expect(keyMap.action(for: .char(" "), in: ["params"]) == "table.toggle")
    }

    @Test func footerHintsFitWidth() {
        let line = keyMap.footer(contexts: ["url"], width: 80, keyStyle: Style(modifiers: .bold), helpStyle: .plain)
        #expect(line.plainText == "enter Send  ctrl+s Send  ctrl+c Quit")
        #expect(line.spans[0].style.modifiers.contains(.bold))
        let short = keyMap.footer(contexts: ["url"], width: 24, keyStyle: .plain, helpStyle: .plain)
        #expect(short.plainText == "enter Send  ctrl+s Send")
    }

    @Test func helpLinesGroupByContext() {
        let lines = keyMap.helpLines(contextTitles: ["url": "URL bar"]).map(\.plainText)
        #expect(lines == [
            "Global",
            "  ctrl+s/f5  Send",
            "  ctrl+c     Quit",
            "  ?/f1       Help",
            "",
            "URL bar",
            "  enter      Send",
            "",
            "Params",
            "  space      Toggle row",
        ])
    }

    @Test func overridesReplaceKeys() throws {
        let json = #"{"bindings": {"request.send": ["ctrl+r"], "app.help": "f2", "app.quit": []}}"#
        let overrides = try KeyMap.decodeOverrides(Data(json.utf8), knownActions: Set(keyMap.bindings.map(\.action)))
        let map = keyMap.applying(overrides)
        #expect(map.action(for: .ctrl("r"), in: []) == "request.send")
        #expect(map.action(for: .ctrl("s"), in: []) == nil)
        #expect(map.action(for: .ctrl("c"), in: []) == nil)
        #expect(map.action(for: KeyEvent(.function(2)), in: []) == "app.help")
    }

    @Test func overrideErrors() {
        let known: Set<String> = ["request.send"]
        #expect(throws: KeyMapError.unknownAction(path: "<keymap>", action: "nope")) {
            try KeyMap.decodeOverrides(Data(#"{"bindings": {"nope": "f1"}}"#.utf8), knownActions: known)
        }
        #expect(throws: KeyMapError.invalidKey(path: "<keymap>", action: "request.send", key: "ctrl+")) {
            try KeyMap.decodeOverrides(Data(#"{"bindings": {"request.send": "ctrl+"}}"#.utf8), knownActions: known)
        }
        #expect(throws: KeyMapError.self) {
            try KeyMap.decodeOverrides(Data(#"{"keys": {}}"#.utf8), knownActions: known)
        }
    }
}
