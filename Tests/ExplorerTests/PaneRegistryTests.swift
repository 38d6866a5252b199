@testable import Explorer
import Testing
import TUICore

/// The pane registry: every pane listed once, found by focus and by position, the request pane drawn last.
@Suite("Pane registry")
struct PaneRegistryTests {
    @Test("every pane has exactly one component")
    func everyPaneOnce() {
        let listed = PaneRegistry.components.map(\.pane)
        #expect(listed.count == Pane.allCases.count)
        #expect(Set(listed) == Set(Pane.allCases))
        for pane in Pane.allCases { #expect(PaneRegistry.component(for: pane).pane == pane) }
    }

    @Test("the request pane is drawn after the response, so its suggestion list can hang over it")
    func requestDrawnLast() {
        #expect(PaneRegistry.components.last?.pane == .request)
    }

    @Test("a position finds the pane drawn there; the response's place is the response's until a run is shown")
    func positionFindsThePane() {
        var state = AppState()
        state.size = Size(width: 120, height: 40)
        let layout = AppLayout(state)
        let centres: [(Rect, Pane)] = [(layout.urlBar, .url), (layout.sidebar, .sidebar), (layout.request, .request), (layout.response, .response)]
        for (area, pane) in centres {
            let centre = Position(x: area.x + area.width / 2, y: area.y + area.height / 2)
            #expect(PaneRegistry.component(at: centre, layout: layout, in: state)?.pane == pane)
        }
        #expect(PaneRegistry.component(at: Position(x: 0, y: layout.footer.y), layout: layout, in: state) == nil)
    }

    @Test("the focused pane answers for typing and key contexts")
    func focusedPaneAnswers() {
        var state = AppState()
        state.focus = .url
        #expect(state.isTyping)
        #expect(state.paneKeyContexts == [Actions.urlContext])
        state.focus = .sidebar
        #expect(!state.isTyping)
        #expect(state.paneKeyContexts == [Actions.sidebarContext])
        #expect(!PaneRegistry.component(for: .sidebar).canMaximize)
        #expect(PaneRegistry.component(for: .response).canMaximize)
    }
}
