import Explorer
import Testing
import TUICore

/// The app's default key map: every key as written parses, and a pane's binding never hides a global one by accident.
@Suite struct DefaultKeyMapTests {
    /// Global keys that a pane takes over on purpose, with the reason, as (context, key).
    static let intendedShadows: Set<String> = [
        "editing tab",          // Tab completes a cell being edited and moves on.
        "editing esc",          // Esc cancels the edit, not the request.
        "sidebar f2",           // F2 renames in the sidebar, as in file trees.
        "results esc",          // Esc stops a run in the results pane.
        "response esc",         // Esc in the viewer stops a filter command or clears the search (a request in flight is still cancelled first).
        "response.line esc",    // Esc clears the open search line or removes the filter.
        "response.line tab",    // Tab switches the open search line between text and regular expression.
    ]

    @Test func everyDefaultKeyParses() {
        for binding in Actions.defaultKeyMap.bindings {
            #expect(binding.keys.count == binding.notation.count, "\(binding.action) has a key that does not parse: \(binding.notation)")
        }
    }

    @Test func noPaneBindingHidesAGlobalOneUnlessIntended() {
        let bindings = Actions.defaultKeyMap.bindings
        let global = Dictionary(bindings.filter { $0.context == KeyMap.global }.flatMap { binding in binding.keys.map { ($0, binding.action) } },
                                uniquingKeysWith: { first, _ in first })
        var shadows: [String: String] = [:]
        for binding in bindings where binding.context != KeyMap.global {
            for key in binding.keys {
                guard let hidden = global[key], hidden != binding.action else { continue }
                shadows["\(binding.context) \(key.description)"] = "\(binding.action) hides \(hidden)"
            }
        }
        #expect(Set(shadows.keys) == Self.intendedShadows, "\(shadows)")
    }

    @Test func ctrlBTogglesTheSidebarFromEveryPane() {
        let ctrlB = KeyEvent(.char("b"), modifiers: .ctrl)
        for context in [Actions.responseContext, Actions.sidebarContext, RunResultsState.keyContext, "table"] {
            #expect(Actions.defaultKeyMap.action(for: ctrlB, in: [context]) == "sidebar.toggle", "in \(context)")
        }
    }

    @Test func thePaletteNamesEachKeyOnceAndShiftTabByThatName() {
        let app = AppHarness()
        let entries = PaletteEntry.all(for: app.state)
        #expect(entries.first { $0.action == "app.help" }?.keys == "f1, ?")
        #expect(entries.first { $0.action == "focus.previous" }?.keys == "shift+tab")
        #expect(KeyNotation.format(KeyEvent(.backTab)) == "shift+tab")
        #expect(KeyNotation.parse("shift+tab") == KeyEvent(.backTab))
        #expect(KeyNotation.parse(KeyNotation.format(KeyEvent(.backTab))) == KeyEvent(.backTab))
    }
}
