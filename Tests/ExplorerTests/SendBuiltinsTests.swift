import Explorer
import Foundation
import Locking
import RequestKit
import RequestStore
import Testing
import RequestKitTesting
import TUICore

/// `{{$uuid}}` and the other built-ins take their values in the command that sends, never in `update`.
@Suite("Built-ins in a send")
struct SendBuiltinsTests {
    /// A draft whose URL names `{{$uuid}}`, with built-ins that count how often they are read.
    static func app(transport: StubTransport, reads: Locked<Int>) -> AppHarness {
        let builtins = BuiltinValues(uuid: { reads.withLock { count in count += 1; return "uuid-\(count)" } },
                                     now: { Date(timeIntervalSince1970: 1_700_000_000) }, randomInt: { 7 })
        return AppHarness(draft: RequestDraft(saved: SavedRequest(name: "item", url: "http://api.test/items/{{$uuid}}")),
                          variables: VariableScope(builtins: builtins), client: transport)
    }

    @Test("Ctrl+R reads no built-in in update; the send command gives {{$uuid}} its value, kept as the request sent")
    func sendResolvesBuiltins() async throws {
        let reads = Locked(0)
        let transport = StubTransport(status: 200, body: "ok", contentType: "text/plain")
        var app = Self.app(transport: transport, reads: reads)
        app.press("ctrl+r")
        #expect(reads.withLock { $0 } == 0)
        #expect(app.state.send.isSending)
        await app.runPerformed()
        #expect(reads.withLock { $0 } == 1)
        #expect(transport.sent.map(\.url) == ["http://api.test/items/uuid-1"])
        #expect(app.state.lastRequest?.url == "http://api.test/items/uuid-1")
    }

    @Test("copy as curl reads no built-in in update; its command writes the value it drew")
    func copyAsCurlResolvesBuiltins() async throws {
        let reads = Locked(0)
        var app = Self.app(transport: StubTransport(status: 200, body: "ok", contentType: "text/plain"), reads: reads)
        app.action("request.copyCurl")
        #expect(reads.withLock { $0 } == 0)
        #expect(app.clipboard == nil)
        await app.runPerformed()
        #expect(reads.withLock { $0 } == 1)
        #expect(app.clipboard?.contains("http://api.test/items/uuid-1") == true)
        #expect(app.state.notice == "Copied the request as a curl command.")
    }
}

/// Copy as curl from the response copies the request that was sent, never one still in flight or cancelled.
@Suite("Copy as curl around a send")
struct CopyAsCurlAroundASendTests {
    @Test("while a send is in flight, and after it is cancelled, c copies the request sent before it")
    func copiesTheRequestSentBefore() async throws {
        var app = AppHarness(draft: RequestDraft(saved: SavedRequest(name: "item", url: "http://api.test/first")),
                             client: StubTransport.echoing())
        app.press("ctrl+r")
        await app.runPerformed()
        #expect(app.state.lastRequest?.url == "http://api.test/first")

        app.state.draft.url = TextFieldState(text: "http://api.test/second")
        app.press("ctrl+r")
        #expect(app.state.send.isSending)
        let second = app.state.send.count
        app.state.focus = .response
        app.press("c")
        #expect(app.clipboard?.contains("http://api.test/first") == true)
        #expect(app.clipboard?.contains("/second") == false)

        app.press("esc")
        #expect(!app.state.send.isSending)
        let late = Request(method: .get, url: "http://api.test/second")
        app.send(.sendFinished(id: second, request: late, result: .failure(SendFailure("late")), history: nil))
        #expect(app.state.lastRequest?.url == "http://api.test/first")
        app.press("c")
        #expect(app.clipboard?.contains("http://api.test/first") == true)
    }
}
