import Foundation
import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// Keys while an overlay is open: it takes them all.
    func handleOverlayKey(_ key: KeyEvent, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let overlay = s.overlay else { return [] }
        switch overlay {
        case .help(let scroll):
            switch key.key {
            case .up: s.overlay = .help(scroll: max(0, scroll - 1))
            case .down: s.overlay = .help(scroll: scroll + 1)
            case .pageUp: s.overlay = .help(scroll: max(0, scroll - 10))
            case .pageDown: s.overlay = .help(scroll: scroll + 10)
            default: s.overlay = nil
            }
        case .secretPrompt(var prompt):
            switch key.key {
            case .escape:
                s.overlay = nil
                s.notice = "Not sent: \(prompt.places.first.map(String.init(describing:)) ?? "the request") holds \(Redaction.marker), and curlew never sends that."
            case .enter:
                guard let place = prompt.places.first else {
                    s.overlay = nil
                    return []
                }
                prompt.given.append(SecretValue(place: place, value: prompt.field.text))
                prompt.places.removeFirst()
                prompt.field = TextFieldState()
                if prompt.places.isEmpty {
                    s.overlay = nil
                    return startSend(&s, secrets: prompt.given)
                }
                s.overlay = .secretPrompt(prompt)
            default:
                _ = prompt.field.handle(key)
                s.overlay = .secretPrompt(prompt)
            }
        case .comparePicker(let picker):
            return handleComparePickerKey(key, picker: picker, &s).routed(to: s.tabs.activeID)
        case .compareFile(let field, let current):
            return handleCompareFileKey(key, field: field, current: current, &s).routed(to: s.tabs.activeID)
        case .closeTab:
            return handleCloseTabKey(key, &s)
        case .message:
            if key.key == .enter || key.key == .escape || key.key == .char(" ") { s.overlay = nil }
        case .methodPicker(var picker):
            let count = MethodPickerState.choices.count + 1
            switch key.key {
            case .escape: s.overlay = nil
            case .up: picker.selected = (picker.selected + count - 1) % count
            case .down, .tab: picker.selected = (picker.selected + 1) % count
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
                return []
            default:
                if picker.selected == MethodPickerState.choices.count {
                    _ = picker.custom.handle(key)
                } else if case .char(let c) = key.key, let i = MethodPickerState.choices.firstIndex(where: { $0.rawValue.first == Character(c.uppercased()) }) {
                    picker.selected = i
                }
            }
            if case .methodPicker = s.overlay { s.overlay = .methodPicker(picker) }
        case .addFile(var field):
            switch key.key {
            case .escape: s.overlay = nil
            case .tab: return [effects.completePath(field.text)]
            case .enter:
                let path = field.text.trimmingCharacters(in: .whitespaces)
                s.overlay = nil
                guard !path.isEmpty else { return [] }
                let name = s.draft.files.isEmpty ? "file" : "file\(s.draft.files.count + 1)"
                s.draft.files.append(FileAttachment(fieldName: name, path: path))
                s.draft.selectedFile = s.draft.files.count - 1
                if s.draft.bodyMode != .multipart { s.draft.bodyMode = .multipart }
                return fileCheckCommands(s)
            default:
                _ = field.handle(key)
                s.overlay = .addFile(field)
            }
        case .saveBody(var field, let body):
            switch key.key {
            case .escape: s.overlay = nil
            case .tab: return [effects.completePath(field.text)]
            case .enter:
                s.overlay = nil
                return [effects.saveBody(body, to: field.text, baseDirectory: nil)]
            default:
                _ = field.handle(key)
                s.overlay = .saveBody(field, body: body)
            }
        case .saveRequest(let form):
            return handleSaveRequestKey(key, form: form, &s).routed(to: s.tabs.activeID)
        case .saveConflict(let conflict):
            return handleSaveConflictKey(key, conflict: conflict, &s).routed(to: s.tabs.activeID)
        case .runData(var field):
            switch key.key {
            case .escape: s.overlay = nil
            case .tab: return [effects.completePath(field.text)]
            case .enter:
                let path = field.text.trimmingCharacters(in: .whitespaces)
                s.overlay = nil
                guard !path.isEmpty else { return [] }
                return [effects.loadDataRows(path, baseDirectory: s.baseDirectory)]
            default:
                _ = field.handle(key)
                s.overlay = .runData(field)
            }
        case .variables(let editor):
            return handleVariablesKey(key, editor: editor, &s)
        case .variablesConflict(let editor, let paths):
            return handleVariablesConflictKey(key, editor: editor, paths: paths, &s)
        case .rename(let target, var field):
            switch key.key {
            case .escape: s.overlay = nil
            case .enter:
                s.overlay = nil
                let name = field.text.trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { return [] }
                return editCollection(&s, target: target) { CollectionEditing.rename($1, to: name, in: &$0) }
            default:
                _ = field.handle(key)
                s.overlay = .rename(target, field)
            }
        case .confirmDelete(let target):
            switch key.key {
            case .char("y"), .char("Y"), .enter:
                s.overlay = nil
                if target.kind == .historyEntry { return [effects.deleteHistoryEntry(id: target.id)].compactMap { $0 } }
                return editCollection(&s, target: target) { CollectionEditing.delete($1, in: &$0) }
            default:
                s.overlay = nil
            }
        case .palette(var palette):
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
        }
        return []
    }
}
