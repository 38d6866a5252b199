import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// A JSON body shown after its first lines are indexed, growing to the whole document.
@Suite struct IndexingDocumentTests {
    /// A JSON array of `count` small objects.
    static func body(count: Int) -> String {
        "[" + (0..<count).map { #"{"id":\#($0),"name":"user \#($0) 名前"}"# }.joined(separator: ",") + "]"
    }

    @Test func aPartialDocumentGrowsStepByStepToTheWholeOne() throws {
        let response = ResponseFixtures.response(Self.body(count: 200))
        let whole = ResponseDocument.make(from: response)
        var document = ResponseDocument.make(from: response, firstLines: 10)
        #expect(document.isIndexing)
        #expect(!document.continuesIndexing)
        var counts = [document.bodyText.lineCount]
        while document.isIndexing {
            document = document.continued(lines: 100)
            #expect(document.continuesIndexing)
            counts.append(document.bodyText.lineCount)
        }
        #expect(counts.first.map { $0 >= 5 && $0 < whole.bodyText.lineCount } == true, "\(counts)")
        #expect(counts == counts.sorted() && counts.count > 2, "the line count grows: \(counts)")
        #expect(document.bodyText == whole.bodyText)
        #expect(document.bodyKind == .json)
    }

    @Test func aSyntaxErrorFoundLaterShowsTheBodyAsTextWithTheError() throws {
        let text = String(Self.body(count: 100).dropLast()) + ",}"
        let response = ResponseFixtures.response(text)
        var document = ResponseDocument.make(from: response, firstLines: 5)
        #expect(document.isIndexing && document.bodyKind == .json)
        while document.isIndexing { document = document.continued(lines: 50) }
        let whole = ResponseDocument.make(from: response)
        guard case .invalidJSON = whole.bodyKind else {
            Issue.record("the body was taken for valid JSON")
            return
        }
        #expect(document.bodyKind == whole.bodyKind)
        #expect(document.bodyText == whole.bodyText)
    }

    @Test func theStatusLineCountsTheLinesSoFarAndScrollingSurvivesGrowth() throws {
        let response = ResponseFixtures.response(Self.body(count: 300))
        let area = Rect(x: 0, y: 0, width: 80, height: 24)
        var state = ResponseViewerState()
        state.setViewport(for: area)
        state.startFormatting()
        var document = ResponseDocument.make(from: response, firstLines: 60)
        state.show(document)
        #expect(state.isIndexing)
        let firstCount = document.bodyText.lineCount
        let partialScreen = ScreenText.lines(of: ResponseFixtures.render(state))
        #expect(partialScreen.contains { $0.contains("1/\(firstCount)+ indexing…") }, "\(partialScreen)")
        _ = state.apply(.pageDown)
        let position = state.position
        #expect(position.line > 0)
        while document.isIndexing {
            document = document.continued(lines: 1000)
            state.showMore(document)
        }
        #expect(!state.isIndexing)
        #expect(state.position == position, "more lines keep the place being read")
        let screen = ScreenText.lines(of: ResponseFixtures.render(state))
        let total = ResponseDocument.make(from: response).bodyText.lineCount
        #expect(screen.contains { $0.contains("/\(total) ") && !$0.contains("indexing") }, "\(screen)")
    }
}
