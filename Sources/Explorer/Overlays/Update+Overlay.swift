import Foundation
import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// Keys while an overlay is open: it takes them all, and this only hands them to the open overlay's handler.
    func handleOverlayKey(_ key: KeyEvent, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let overlay = s.overlay else { return [] }
        switch overlay {
        case .help(let scroll):
            handleHelpKey(key, scroll: scroll, &s)
        case .secretPrompt(let prompt):
            return handleSecretPromptKey(key, prompt: prompt, &s)
        case .comparePicker(let picker):
            return handleComparePickerKey(key, picker: picker, &s).routed(to: s.tabs.activeID)
        case .compareFile(let field, let current):
            return handleCompareFileKey(key, field: field, current: current, &s).routed(to: s.tabs.activeID)
        case .closeTab:
            return handleCloseTabKey(key, &s)
        case .confirmOutsideFile(let refusal, let secrets):
            return handleConfirmOutsideFileKey(key, refusal: refusal, secrets: secrets, &s)
        case .message:
            handleMessageKey(key, &s)
        case .methodPicker(let picker):
            handleMethodPickerKey(key, picker: picker, &s)
        case .addFile(let field):
            return handleAddFileKey(key, field: field, &s)
        case .saveBody(let field, let body):
            return handleSaveBodyKey(key, field: field, body: body, &s)
        case .saveRequest(let form):
            return handleSaveRequestKey(key, form: form, &s).routed(to: s.tabs.activeID)
        case .saveConflict(let conflict):
            return handleSaveConflictKey(key, conflict: conflict, &s).routed(to: s.tabs.activeID)
        case .runData(let field):
            return handleRunDataKey(key, field: field, &s)
        case .variables(let editor):
            return handleVariablesKey(key, editor: editor, &s)
        case .variablesConflict(let editor, let paths):
            return handleVariablesConflictKey(key, editor: editor, paths: paths, &s)
        case .rename(let target, let field):
            return handleRenameKey(key, target: target, field: field, &s)
        case .confirmDelete(let target):
            return handleConfirmDeleteKey(key, target: target, &s)
        case .movePicker(let picker):
            return handleMovePickerKey(key, picker: picker, &s)
        case .folderSettings(let editor):
            return handleFolderSettingsKey(key, editor: editor, &s)
        case .palette(let palette):
            return handlePaletteKey(key, palette: palette, &s)
        }
        return []
    }
}
