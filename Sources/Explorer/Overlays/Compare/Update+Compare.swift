import Foundation
import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// `d` in the viewer: opens the picker with the request's saved examples and reads the earlier responses of
    /// the same request from the history.
    func chooseComparison(_ current: ComparedResponse, _ s: inout AppState) -> [Command<AppMessage>] {
        let shown = s.shownHistoryEntry
        let method = shown?.method ?? s.lastRequest?.method
        let url = shown?.url ?? s.lastRequest?.url
        let examples = shown == nil ? s.savedExamplesOfDraft : []
        guard let method, let url,
              let load = effects.loadComparisonCandidates(method: method, url: url, excluding: shown?.id) else {
            let problem = examples.isEmpty ? "No history to compare with here; compare with a file." : nil
            s.overlay = .comparePicker(ComparePicker(current: current, loading: false, problem: problem, examples: examples))
            return []
        }
        s.overlay = .comparePicker(ComparePicker(current: current, loading: true, examples: examples))
        return [load]
    }

    /// The history was read for the picker.
    func comparisonCandidatesLoaded(_ result: Result<[HistoryEntry], SendFailure>, _ s: inout AppState) {
        guard case .comparePicker(var picker) = s.overlay else { return }
        picker.loading = false
        switch result {
        case .success(let entries):
            picker.entries = entries
            if entries.isEmpty {
                picker.problem = picker.examples.isEmpty ? "No earlier response of this request in the history; compare with a file."
                    : "No earlier response of this request in the history; compare with a saved example or a file."
            }
        case .failure(let failure):
            picker.problem = failure.message
        }
        picker.selected = 0
        s.overlay = .comparePicker(picker)
    }

    /// A comparison arrived: the viewer shows it in its Diff tab.
    func comparisonReady(_ result: Result<ResponseComparison, SendFailure>, _ s: inout AppState) {
        switch result {
        case .success(let comparison):
            guard s.viewer.comparedResponse?.body == comparison.new.body else { return }
            s.viewer.showComparison(comparison)
            s.focus = .response
            s.notice = nil
        case .failure(let failure):
            s.notice = failure.message
        }
    }

    /// Keys in the picker: move, Enter compares with the selected response (or asks for a file), Esc closes.
    func handleComparePickerKey(_ key: KeyEvent, picker: ComparePicker, _ s: inout AppState) -> [Command<AppMessage>] {
        var picker = picker
        switch key.key {
        case .escape:
            s.overlay = nil
            return []
        case .up, .char("k"):
            picker.selected = max(0, picker.selected - 1)
        case .down, .char("j"), .tab:
            picker.selected = min(picker.rowCount - 1, picker.selected + 1)
        case .home, .char("g"):
            picker.selected = 0
        case .end, .char("G"):
            picker.selected = picker.rowCount - 1
        case .char("f"):
            s.overlay = .compareFile(TextFieldState(), current: picker.current)
            return []
        case .enter:
            if picker.fileRowSelected {
                s.overlay = .compareFile(TextFieldState(), current: picker.current)
                return []
            }
            let comparing: Command<AppMessage>
            if let example = picker.selectedExample {
                comparing = effects.compare(picker.current, withExample: example)
            } else if picker.entries.indices.contains(picker.selected) {
                comparing = effects.compare(picker.current, with: picker.entries[picker.selected])
            } else {
                break
            }
            s.overlay = nil
            s.notice = "Comparing…"
            return [comparing]
        default:
            break
        }
        s.overlay = .comparePicker(picker)
        return []
    }

    /// Keys in the file prompt: Enter compares with the file, Tab completes the path, Esc closes.
    func handleCompareFileKey(_ key: KeyEvent, field: TextFieldState, current: ComparedResponse, _ s: inout AppState) -> [Command<AppMessage>] {
        var field = field
        switch key.key {
        case .escape:
            s.overlay = nil
        case .tab:
            return [effects.completePath(field.text)]
        case .enter:
            let path = field.text.trimmingCharacters(in: .whitespaces)
            s.overlay = nil
            guard !path.isEmpty else { return [] }
            s.notice = "Comparing…"
            return [effects.compare(current, withFile: path, baseDirectory: s.baseDirectory)]
        default:
            _ = field.handle(key)
            s.overlay = .compareFile(field, current: current)
        }
        return []
    }
}
