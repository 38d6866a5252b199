import TUICore

/// A comparison shown in the Diff tab, with its text laid out for one pane width.
public struct DiffPane: Equatable, Sendable {
    /// What was compared and how it differs.
    public let comparison: ResponseComparison
    /// Whether the text shows the line diff side by side.
    let sideBySide: Bool
    /// The width the text was laid out for.
    let width: Int
    /// The lines.
    let text: PaneText
}

extension ResponseViewerState {
    /// Whether the Diff tab is there (a comparison is shown).
    public var comparison: ResponseComparison? { diffPane?.comparison }

    /// The tabs shown now, in tab-bar order.
    var visibleTabs: [ResponseTab] { ResponseTab.visible(for: document, comparing: diffPane != nil) }

    /// This response as one side of a comparison, or nil when there is none to compare yet.
    public var comparedResponse: ComparedResponse? {
        guard let document, phase == .received else { return nil }
        return ComparedResponse(label: "this response", status: document.statusCode, reason: document.reason, headers: document.headers,
                                contentType: document.contentType, body: document.body)
    }

    /// Shows a comparison in the Diff tab and selects it.
    public mutating func showComparison(_ comparison: ResponseComparison) {
        diffPane = nil
        layOutDiff(comparison)
        scroll[.diff] = nil
        tab = .diff
    }

    /// Lays the Diff tab's text out again for the current pane width, when the width changed.
    mutating func layOutDiff(_ next: ResponseComparison? = nil) {
        guard let comparison = next ?? diffPane?.comparison else { return }
        let sideBySide = viewport.width + 4 >= DiffPresentation.sideBySidePaneWidth
        if let pane = diffPane, pane.width == viewport.width, pane.comparison == comparison { return }
        diffPane = DiffPane(comparison: comparison, sideBySide: sideBySide, width: viewport.width,
                            text: DiffPresentation.text(comparison, width: viewport.width, sideBySide: sideBySide))
    }

    /// The `d` key: asks the app to offer the responses and files to compare with.
    func compare() -> ResponseEffect {
        guard let current = comparedResponse else {
            switch phase {
            case .streaming: return .notify("Wait for the stream to end (or stop it with Esc) before comparing.")
            case .sending, .formatting: return .notify("Wait for the response to arrive before comparing.")
            case .idle, .failed, .received: return .notify("There is no response to compare yet.")
            }
        }
        return .chooseComparison(current: current)
    }
}
