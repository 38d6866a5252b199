@testable import Explorer
import RequestStore
import Testing
import TUICore

/// The request pane as a component: keys and the mouse map to actions, actions change the draft and the pane,
/// and what the app must do comes back as an effect.
@Suite("The request editor component")
struct RequestEditorTests {
    /// The inherited headers of a collection with two.
    let inherited = [
        InheritedHeader(row: KeyValueRow(name: "X-Team", value: "core"), source: .collection),
        InheritedHeader(row: KeyValueRow(name: "Accept", value: "application/json"), source: .folder(path: "Users")),
    ]

    @Test("keys map to moves in a table, to typing while a cell is edited, and to nothing in a body of none")
    func keysMapToActions() {
        var editor = RequestEditorState()
        var draft = RequestDraft()
        #expect(editor.handle(key: KeyEvent(.down), draft: draft) == .move(.down))
        #expect(editor.handle(key: KeyEvent(.end), draft: draft) == .move(.last))
        #expect(editor.handle(key: KeyEvent(.char("x")), draft: draft) == nil)
        #expect(editor.apply(.table(.add), to: &draft, inherited: []) == nil)
        #expect(editor.handle(key: KeyEvent(.char("x")), draft: draft) == .type(KeyEvent(.char("x"))))
        #expect(editor.handle(key: KeyEvent(.down), draft: draft) == .type(KeyEvent(.down)))
        editor.tab = .body
        #expect(editor.handle(key: KeyEvent(.char("x")), draft: draft) == nil)
        draft.bodyMode = .json
        #expect(editor.handle(key: KeyEvent(.char("x")), draft: draft) == .type(KeyEvent(.char("x"))))
        editor.tab = .auth
        draft.authMode = .basic
        #expect(editor.handle(key: KeyEvent(.enter), draft: draft) == .move(.down))
        #expect(editor.handle(key: KeyEvent(.char("u")), draft: draft) == .type(KeyEvent(.char("u"))))
    }

    @Test("a parameter added and typed through actions is written into the URL")
    func paramsTableSyncsTheURL() {
        var editor = RequestEditorState()
        var draft = RequestDraft()
        draft.url = TextFieldState(text: "http://example.test/items")
        _ = editor.apply(.table(.add), to: &draft, inherited: [])
        for c in "page" { _ = editor.apply(.type(KeyEvent(.char(c))), to: &draft, inherited: []) }
        _ = editor.apply(.table(.complete), to: &draft, inherited: [])
        for c in "2" { _ = editor.apply(.type(KeyEvent(.char(c))), to: &draft, inherited: []) }
        _ = editor.apply(.table(.commit), to: &draft, inherited: [])
        #expect(draft.params.rows.map(\.name) == ["page"])
        #expect(draft.params.rows.map(\.value) == ["2"])
        #expect(draft.url.text == "http://example.test/items?page=2")
        #expect(!draft.params.isEditing)
    }

    @Test("Down past the last own header selects the inherited ones; toggling one switches it off, editing it explains where it is set")
    func inheritedHeaders() {
        var editor = RequestEditorState()
        editor.tab = .headers
        var draft = RequestDraft()
        draft.headers.rows = [KeyValueRow(name: "X-Own", value: "1")]
        _ = editor.apply(.move(.down), to: &draft, inherited: inherited)
        #expect(editor.inheritedHeaderRow == 0)
        _ = editor.apply(.move(.down), to: &draft, inherited: inherited)
        #expect(editor.inheritedHeaderRow == 1)
        #expect(editor.apply(.table(.toggle), to: &draft, inherited: inherited) == nil)
        #expect(draft.disabledInheritedHeaders == ["Accept"])
        #expect(draft.headers.rows.map(\.enabled) == [true])
        guard case .notify(let text)? = editor.apply(.table(.edit), to: &draft, inherited: inherited) else {
            Issue.record("editing an inherited header gives no notice")
            return
        }
        #expect(text.contains("'Accept' is set in the folder"))
        #expect(!draft.headers.isEditing)
        _ = editor.apply(.move(.first), to: &draft, inherited: inherited)
        #expect(editor.inheritedHeaderRow == nil)
        #expect(draft.headers.selected == 0)
        _ = editor.apply(.table(.toggle), to: &draft, inherited: inherited)
        #expect(draft.headers.rows.map(\.enabled) == [false])
    }

    @Test("an empty field name for a file part is refused with a notice and the typed text kept")
    func filePartName() {
        var editor = RequestEditorState()
        editor.tab = .files
        var draft = RequestDraft()
        draft.files = [FileAttachment(fieldName: "upload", path: "/tmp/a.txt")]
        _ = editor.apply(.renameFile, to: &draft, inherited: [])
        #expect(draft.filePartNameEditor?.text == "upload")
        for _ in 0..<6 { _ = editor.apply(.type(KeyEvent(.backspace)), to: &draft, inherited: []) }
        _ = editor.apply(.type(KeyEvent(.char(" "))), to: &draft, inherited: [])
        guard case .notify(let text)? = editor.apply(.table(.commit), to: &draft, inherited: []) else {
            Issue.record("an empty name was taken")
            return
        }
        #expect(text.contains("needs a field name"))
        #expect(draft.filePartNameEditor?.text == " ")
        #expect(draft.files.first?.fieldName == "upload")
        _ = editor.apply(.paste("avatar\n"), to: &draft, inherited: [])
        #expect(editor.apply(.table(.commit), to: &draft, inherited: []) == nil)
        #expect(draft.files.first?.fieldName == " avatar ")
        #expect(draft.filePartNameEditor == nil)
    }

    @Test("the options editor keeps a typed value on Enter and drops it on Esc")
    func optionsEditor() {
        var editor = RequestEditorState()
        editor.tab = .options
        var draft = RequestDraft()
        editor.optionsRow = .timeout
        _ = editor.apply(.editOption, to: &draft, inherited: [])
        #expect(editor.isTyping(in: draft))
        #expect(editor.keyContexts(for: draft) == [Actions.editingContext])
        while editor.optionsEditor?.text.isEmpty == false { _ = editor.apply(.type(KeyEvent(.backspace)), to: &draft, inherited: []) }
        _ = editor.apply(.type(KeyEvent(.char("7"))), to: &draft, inherited: [])
        _ = editor.apply(.table(.commit), to: &draft, inherited: [])
        #expect(draft.options.text(of: .timeout) == "7")
        _ = editor.apply(.editOption, to: &draft, inherited: [])
        _ = editor.apply(.type(KeyEvent(.char("9"))), to: &draft, inherited: [])
        _ = editor.apply(.table(.cancel), to: &draft, inherited: [])
        #expect(draft.options.text(of: .timeout) == "7")
        #expect(editor.keyContexts(for: draft) == [RequestTab.options.context])
    }

    @Test("a click on the tab bar shows that tab; a click on a row selects it at the table's offset")
    func mouse() {
        var editor = RequestEditorState()
        var draft = RequestDraft()
        draft.params.rows = (0..<30).map { KeyValueRow(name: "p\($0)", value: "") }
        draft.params.offset = 10
        let tabs = Rect(x: 1, y: 5, width: 80, height: 1)
        let content = Rect(x: 1, y: 6, width: 80, height: 10)
        let titles = Tabs(titles: RequestTab.allCases.map(\.title), selected: 0)
        let authX = (1..<80).first { titles.tab(atX: $0, area: tabs) == RequestTab.auth.rawValue } ?? 0
        #expect(editor.handle(mouse: MouseEvent(.press(.left), x: authX, y: 5), tabs: tabs, content: content) == .showTab(.auth))
        let click = editor.handle(mouse: MouseEvent(.press(.left), x: 4, y: 9), tabs: tabs, content: content)
        #expect(click == .click(row: 3))
        if let click { _ = editor.apply(click, to: &draft, inherited: []) }
        #expect(draft.params.selected == 12)
        #expect(editor.handle(mouse: MouseEvent(.wheelDown, x: 4, y: 9), tabs: tabs, content: content) == .scroll(3))
        #expect(editor.apply(.showTab(.auth), to: &draft, inherited: []) == .focus)
        #expect(editor.tab == .auth)
    }

    @Test("every bound action of the request pane maps to an editor action, and no other does")
    func appActionsMap() {
        let prefixes = ["tab.", "table.", "editing.", "body.", "files.", "auth.", "options."]
        for action in AppAction.allCases {
            let isEditors = prefixes.contains { action.rawValue.hasPrefix($0) }
            #expect((RequestEditorAction(action) != nil) == isEditors, "\(action.rawValue)")
        }
        #expect(RequestEditorAction(.bodyModeGraphQL) == .pickBodyMode(.graphQL))
        #expect(RequestEditorAction(.tabChecks) == .showTab(.checks))
        #expect(RequestEditorAction(.editingComplete) == .table(.complete))
    }
}
