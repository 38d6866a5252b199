@testable import Explorer
import Foundation
import RequestKit
import Testing
import TUICore
import RequestKitTesting

/// `update` only describes a send: the boards are written by the send command when it runs, and the watch
/// command started alongside waits for it to begin instead of giving up.
@Suite("The send command starts the send")
struct SendCommandStartTests {
    @Test("update leaves the boards untouched; the send command begins and ends the send")
    func updateWritesNoBoard() async throws {
        let stub = StubTransport(status: 200, body: "{\"ok\":true}", contentType: "application/json")
        var draft = RequestDraft()
        draft.url = TextFieldState(text: "http://example.test/a")
        var app = AppHarness(draft: draft, client: stub)
        app.press("ctrl+r")
        let id = try #require(app.state.send.inFlight)
        let streams = app.program.effects.streams
        #expect(streams.reading(id) == nil)
        #expect(!streams.hasEnded(id))
        #expect(stub.sent.isEmpty)
        await app.runPerformed()
        #expect(stub.sent.count == 1)
        #expect(streams.hasEnded(id))
        #expect(app.state.send.inFlight == nil)
        await app.runPerformed()
        #expect(app.state.viewer.document?.statusCode == 200)
    }

    @Test("a watch that starts before its send waits for the beginning, then sees the send running", .timeLimit(.minutes(1)))
    func watchWaitsForTheBeginning() async {
        let board = StreamBoard()
        let watch = Task {
            await board.waitForNews(7, interval: .seconds(3600), frame: .zero)
            return board.reading(7) != nil
        }
        while !board.hasWaiter(7) { await Task.yield() }
        #expect(!board.hasEnded(7))
        board.begin(7)
        #expect(await watch.value)
        board.end(7)
        #expect(board.hasEnded(7))
    }

    @Test("a watch of a send that has ended returns at once", .timeLimit(.minutes(1)))
    func watchOfAnEndedSendReturns() async {
        let board = StreamBoard()
        board.begin(3)
        board.end(3)
        await board.waitForNews(3, interval: .seconds(3600), frame: .zero)
        await board.waitForNews(2, interval: .seconds(3600), frame: .zero)
        #expect(board.reading(3) == nil)
        #expect(board.hasEnded(2))
        #expect(!board.hasEnded(4))
    }

    @Test("a send that ends while its watch waits for news wakes the watch", .timeLimit(.minutes(1)))
    func endWakesAWaitingWatch() async {
        let board = StreamBoard()
        board.begin(5)
        let watch = Task { await board.waitForNews(5, interval: .seconds(3600), frame: .zero) }
        while !board.hasWaiter(5) { await Task.yield() }
        board.end(5)
        await watch.value
        #expect(board.hasEnded(5))
    }

    @Test("a run tick before its run begins ticks again instead of stopping", .timeLimit(.minutes(1)))
    func runTickBeforeTheRunBegins() {
        let board = RunBoard()
        #expect(board.drain(4) == nil)
        #expect(!board.hasEnded(4))
        board.begin(4)
        #expect(board.drain(4) != nil)
        board.end(4)
        #expect(board.hasEnded(4))
        #expect(board.drain(4) == nil)
    }
}
