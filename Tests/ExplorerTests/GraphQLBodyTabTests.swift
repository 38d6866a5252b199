import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore

/// The Body tab in GraphQL mode: query and variables side by side, Tab between them, the variables checked before
/// sending, and the body kept in the saved request.
@Suite("GraphQL body mode")
struct GraphQLBodyTabTests {
    /// A harness with the Body tab open in GraphQL mode.
    private func graphQLApp(width: Int = 120, height: Int = 40) -> AppHarness {
        var saved = SavedRequest(name: "user", method: .post, url: "http://127.0.0.1:9/graphql")
        saved.body = .graphQL(GraphQLBody(query: "", variables: ""))
        var app = AppHarness(width: width, height: height, draft: RequestDraft(saved: saved))
        app.press("alt+3")
        return app
    }

    @Test("query and variables are edited side by side, Tab moving between them")
    func sideBySide() throws {
        var app = graphQLApp()
        #expect(app.state.draft.bodyMode == .graphQL)
        app.type("{ me { id } }")
        app.press("tab")
        #expect(app.state.draft.editsGraphQLVariables)
        #expect(app.state.focus == .request)
        app.type("{\"limit\": 5}")
        app.press("tab")
        app.type(" ")
        #expect(app.state.draft.bodyText.text == "{ me { id } } ")
        #expect(app.state.draft.graphQLVariables.text == "{\"limit\": 5}")
        let screen = app.screen()
        let header = try #require(screen.first { $0.contains(" Query ") })
        #expect(header.contains("Variables (JSON)"))
        #expect(header.contains("✓"))
        let row = try #require(screen.first { $0.contains("{ me { id } }") })
        #expect(row.contains("{\"limit\": 5}"))
        #expect(row.range(of: "{ me { id } }")!.lowerBound < row.range(of: "{\"limit\": 5}")!.lowerBound)
        #expect(app.state.draft.savedRequest.body == .graphQL(GraphQLBody(query: "{ me { id } } ", variables: "{\"limit\": 5}")))
    }

    @Test("Tab in another body mode still moves to the next pane")
    func tabElsewhere() {
        var app = AppHarness()
        app.press("alt+3", "ctrl+t")
        #expect(app.state.draft.bodyMode == .json)
        let before = app.state.focus
        app.press("tab")
        #expect(app.state.focus != before)
    }

    @Test("the body tab at 80×24 shows both editors and the variables' problem")
    func rendersAt80x24() throws {
        var app = graphQLApp(width: 80, height: 24)
        app.type("query { a }")
        app.press("tab")
        app.type("{\"id\": ")
        let screen = app.screen()
        #expect(screen.contains { $0.contains("GraphQL") })
        #expect(screen.contains { $0.contains(" Query ") && $0.contains("Variables (JSON)") && $0.contains("✗") })
        #expect(screen.allSatisfy { $0.count <= 80 })
    }

    @Test("invalid variables stop the send with a clear message and keep the text")
    func invalidVariables() {
        var app = graphQLApp()
        app.type("{ a }")
        app.press("tab")
        app.type("{\"id\": ")
        app.press("ctrl+r")
        #expect(!app.state.send.isSending)
        #expect(app.screen().joined().contains("GraphQL variables are not valid JSON"))
        #expect(app.state.draft.graphQLVariables.text == "{\"id\": ")
        #expect(app.state.draft.bodyText.text == "{ a }")
    }

    @Test("alt+f formats the variables in GraphQL mode")
    func formatVariables() {
        var app = graphQLApp()
        app.press("tab")
        app.type("{\"b\":1,\"a\":2}")
        app.press("alt+f")
        #expect(app.state.draft.graphQLVariables.text == "{\n  \"b\": 1,\n  \"a\": 2\n}")
    }

    @Test("a loaded GraphQL request keeps its operation name through the draft")
    func operationNameKept() {
        var saved = SavedRequest(name: "q", method: .post, url: "http://x/graphql")
        saved.body = .graphQL(GraphQLBody(query: "query A { a } query B { b }", variables: "{}", operationName: "B"))
        #expect(RequestDraft(saved: saved).savedRequest.body == saved.body)
    }
}
