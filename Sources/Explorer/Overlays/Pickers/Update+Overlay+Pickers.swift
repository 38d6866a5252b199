import Foundation
import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// Keys in the method picker: arrows, Home and End choose, typing goes to the Custom field, Enter sets the
    /// chosen or typed method.
    func handleMethodPickerKey(_ key: KeyEvent, picker: MethodPickerState, _ s: inout AppState) {
        var picker = picker
        let count = MethodPickerState.choices.count + 1
        switch key.key {
        case .escape: s.overlay = nil
        case .up: picker.selected = (picker.selected + count - 1) % count
        case .down, .tab: picker.selected = (picker.selected + 1) % count
        case .home: picker.selected = 0
        case .end: picker.selected = count - 1
        case .enter:
            if picker.selected < MethodPickerState.choices.count {
                s.draft.method = MethodPickerState.choices[picker.selected]
                s.overlay = nil
            } else {
                let method = HTTPMethod(rawValue: picker.custom.text.uppercased())
                if method.isValidToken, !picker.custom.text.isEmpty {
                    s.draft.method = method
                    s.overlay = nil
                } else {
                    s.notice = "'\(picker.custom.text)' is not a valid method name: use letters, digits and !#$%&'*+-.^_`|~ only."
                }
            }
            return
        default:
            picker.type(key)
        }
        if case .methodPicker = s.overlay { s.overlay = .methodPicker(picker) }
    }

    /// Keys in the command palette: typing filters, arrows choose (previewing themes), Enter runs the entry, Esc restores the theme.
    func handlePaletteKey(_ key: KeyEvent, palette: PaletteState, _ s: inout AppState) -> [Command<AppMessage>] {
        var palette = palette
        let matches = PaletteEntry.matching(palette.query.text, in: PaletteEntry.all(for: s))
        switch key.key {
        case .escape:
            if let previous = palette.themeBeforePreview, previous != s.themeName {
                s.themeName = previous
                s.overlay = nil
                return [.setTheme(s.theme)]
            }
            s.overlay = nil
            return []
        case .up: palette.selected = max(0, palette.selected - 1)
        case .down: palette.selected = min(max(0, matches.count - 1), palette.selected + 1)
        case .enter:
            s.overlay = nil
            guard matches.indices.contains(palette.selected) else { return [] }
            let entry = matches[palette.selected]
            if entry.action.hasPrefix("env:") {
                chooseEnvironment(String(entry.action.dropFirst("env:".count)), &s)
                return []
            }
            if entry.action.hasPrefix("theme:") {
                s.themeName = String(entry.action.dropFirst("theme:".count))
                return [.setTheme(s.theme)] + [effects.rememberTheme(s.themeName)].compactMap { $0 }
            }
            return perform(entry.action, &s)
        default:
            if palette.query.handle(key) { palette.selected = 0 }
        }
        s.overlay = .palette(palette)
        let now = PaletteEntry.matching(palette.query.text, in: PaletteEntry.all(for: s))
        if now.indices.contains(palette.selected), now[palette.selected].action.hasPrefix("theme:") {
            if palette.themeBeforePreview == nil {
                palette.themeBeforePreview = s.themeName
                s.overlay = .palette(palette)
            }
            let name = String(now[palette.selected].action.dropFirst("theme:".count))
            if name != s.themeName {
                s.themeName = name
                return [.setTheme(s.theme)]
            }
        }
        return []
    }
}
