import Foundation
import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// Keys in the help overlay: arrows and pages scroll it, any other key closes it.
    func handleHelpKey(_ key: KeyEvent, scroll: Int, _ s: inout AppState) {
        switch key.key {
        case .up: s.overlay = .help(scroll: max(0, scroll - 1))
        case .down: s.overlay = .help(scroll: scroll + 1)
        case .pageUp: s.overlay = .help(scroll: max(0, scroll - 10))
        case .pageDown: s.overlay = .help(scroll: scroll + 10)
        default: s.overlay = nil
        }
    }

    /// Keys in a message box: Enter, Esc or Space close it.
    func handleMessageKey(_ key: KeyEvent, _ s: inout AppState) {
        if key.key == .enter || key.key == .escape || key.key == .char(" ") { s.overlay = nil }
    }

    /// Keys in the secret prompt: Enter takes the value for the first place asked and sends once all are given; Esc cancels the send.
    func handleSecretPromptKey(_ key: KeyEvent, prompt: SecretPrompt, _ s: inout AppState) -> [Command<AppMessage>] {
        var prompt = prompt
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
        return []
    }

    /// Keys in the rename field: Enter renames the sidebar item, Esc closes.
    func handleRenameKey(_ key: KeyEvent, target: SidebarTarget, field: TextFieldState, _ s: inout AppState) -> [Command<AppMessage>] {
        var field = field
        switch key.key {
        case .escape: s.overlay = nil
        case .enter:
            s.overlay = nil
            let name = field.text.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return [] }
            guard name != target.name else { return [] }
            return editCollection(&s, target: target, done: "Renamed '\(target.name)' to '\(name)'") { CollectionEditing.rename($1, to: name, in: &$0) }
        default:
            _ = field.handle(key)
            s.overlay = .rename(target, field)
        }
        return []
    }

    /// Keys in the delete confirmation: y or Enter deletes the item, any other key closes.
    /// `y` sends the request with the file outside the root, allowed from now on for the session; any other key does not send.
    func handleConfirmOutsideFileKey(_ key: KeyEvent, refusal: TrustRefusal, secrets: [SecretValue], _ s: inout AppState) -> [Command<AppMessage>] {
        s.overlay = nil
        switch key.key {
        case .char("y"), .char("Y"):
            s.trust.allowedFiles.insert(refusal.resolved)
            s.notice = "\(refusal.resolved) is allowed for this session."
            return startSend(&s, secrets: secrets)
        default:
            return []
        }
    }

    func handleConfirmDeleteKey(_ key: KeyEvent, target: SidebarTarget, _ s: inout AppState) -> [Command<AppMessage>] {
        switch key.key {
        case .char("y"), .char("Y"), .enter:
            s.overlay = nil
            if target.kind == .historyEntry { return [effects.deleteHistoryEntry(id: target.id)].compactMap { $0 } }
            return editCollection(&s, target: target, done: "Deleted '\(target.name)'") { CollectionEditing.delete($1, in: &$0) }
        default:
            s.overlay = nil
        }
        return []
    }
}
