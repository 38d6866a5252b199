import BodyIndex
import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// The comparison of two responses (status, headers, body kind) and the Diff tab that shows it.
@Suite struct ResponseDiffTests {
    typealias F = ResponseFixtures

    private func side(_ body: String, status: Int = 200, headers: [(String, String)] = [], type: String = "application/json") -> ComparedResponse {
        ComparedResponse(label: "x", status: status, reason: "", headers: headers.map { HTTPHeader(name: $0.0, value: $0.1) },
                         contentType: type, body: BodyBytes(body.utf8))
    }

    @Test func statusAndHeadersAreCompared() {
        let comparison = ResponseComparison(
            old: side("{}", status: 200, headers: [("Content-Type", "application/json"), ("ETag", "1"), ("X-Old", "a"), ("Set-Cookie", "a=1")]),
            new: side("{}", status: 404, headers: [("content-type", "application/json"), ("ETag", "2"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2"), ("X-New", "n")]))
        #expect(comparison.statusChanged)
        #expect(comparison.body == .identical)
        #expect(comparison.headerChanges == [
            HeaderChange(name: "ETag", old: ["1"], new: ["2"]),
            HeaderChange(name: "X-Old", old: ["a"], new: []),
            HeaderChange(name: "Set-Cookie", old: ["a=1"], new: ["a=1", "b=2"]),
            HeaderChange(name: "X-New", old: [], new: ["n"]),
        ])
    }

    @Test func textBodiesAreDiffedByLinesAndHugeOnesOnlySaidToDiffer() {
        let text = ResponseComparison(old: side("one\ntwo\nthree\n", type: "text/plain"), new: side("one\n2\nthree\n", type: "text/plain"))
        guard case .lines(_, _, let diff) = text.body else {
            Issue.record("expected a line diff, got \(text.body)")
            return
        }
        #expect(diff.map(\.kind) == [.same, .removed, .added, .same])
        let big = String(repeating: "line\n", count: 10)
        let huge = ResponseComparison(old: side(String(repeating: "x", count: ResponseComparison.maximumLineDiffBytes + 1), type: "text/plain"),
                                      new: side(big, type: "text/plain"))
        #expect(huge.body == .tooLarge(oldSize: ResponseComparison.maximumLineDiffBytes + 1, newSize: big.utf8.count))
        let binary = ResponseComparison(old: side("\u{0}a", type: "application/octet-stream"), new: side("\u{0}b", type: "application/octet-stream"))
        #expect(binary.body == .binary(oldSize: 2, newSize: 2))
    }

    @Test func aFileHasNoStatusOrHeadersToCompare() {
        let file = ComparedResponse(label: "file a.json", status: nil, body: BodyBytes(#"{"a":1}"#.utf8))
        let comparison = ResponseComparison(old: file, new: side(#"{"a":2}"#, headers: [("ETag", "1")]))
        #expect(!comparison.statusChanged)
        #expect(comparison.headerChanges.isEmpty)
        #expect(comparison.body == .json([JSONChange(kind: .changed, path: "$.a", old: "1", new: "2")], more: 0))
    }

    /// A viewer showing a text response compared with an earlier text.
    private func comparedViewer(width: Int, height: Int) -> ResponseViewerState {
        let before = (1...30).map { "line \($0)" }.joined(separator: "\n")
        var lines = (1...30).map { "line \($0)" }
        lines[4] = "line five, changed"
        lines.insert("an added line", at: 20)
        var state = F.viewer(F.response(lines.joined(separator: "\n"), contentType: "text/plain"), area: Rect(x: 0, y: 0, width: width, height: height))
        let old = ComparedResponse(label: "history 2026-11-30 18:02:11", status: 200, reason: "OK",
                                   headers: [HTTPHeader(name: "Content-Type", value: "text/plain"), HTTPHeader(name: "ETag", value: "\"v1\"")],
                                   contentType: "text/plain", body: BodyBytes(before.utf8))
        if let current = state.comparedResponse { state.showComparison(ResponseComparison(old: old, new: current)) }
        return state
    }

    @Test func theDiffTabIsUnifiedBelow120ColumnsAndSideBySideFrom120() throws {
        let narrow = comparedViewer(width: 119, height: 40)
        #expect(narrow.tab == .diff)
        #expect(narrow.diffPane?.sideBySide == false)
        let rows = F.contentRows(F.render(narrow, width: 119, height: 40))
        #expect(rows.contains("- line 5"))
        #expect(rows.contains("+ line five, changed"))
        #expect(rows.contains("+ an added line"))
        #expect(rows.contains("- ETag: \"v1\""))
        let wide = comparedViewer(width: 120, height: 40)
        #expect(wide.diffPane?.sideBySide == true)
        let wideRows = F.contentRows(F.render(wide, width: 120, height: 40))
        #expect(wideRows.contains { $0.hasPrefix("- line 5 ") && $0.contains("│+ line five, changed") })
        #expect(wideRows.contains { $0.hasPrefix("  ") && $0.contains("│+ an added line") })
    }

    @Test func aNewResponseDropsTheComparison() {
        var state = comparedViewer(width: 80, height: 24)
        #expect(ResponseTab.visible(for: state.document, comparing: state.comparison != nil).contains(.diff))
        state.show(ResponseDocument.make(from: F.response("{}")))
        #expect(state.comparison == nil)
        #expect(state.tab == .body)
    }

    @Test func dAsksTheAppForComparisonsOnlyWhenThereIsAResponse() {
        var empty = ResponseViewerState()
        #expect(empty.handle(key: KeyEvent(.char("d"))) == .compare)
        guard case .notify = empty.apply(.compare) else {
            Issue.record("expected a notice")
            return
        }
        var state = F.viewer(F.response("{}"))
        guard case .chooseComparison(let current) = state.apply(.compare) else {
            Issue.record("expected chooseComparison")
            return
        }
        #expect(current.status == 200)
        #expect(current.body == BodyBytes("{}".utf8))
    }

    @Test func snapshots() throws {
        for (width, height) in [(80, 24), (120, 40)] {
            try Snapshot.assert(F.render(comparedViewer(width: width, height: height), width: width, height: height), named: "response-diff-\(width)x\(height)")
        }
        var json = F.viewer(F.response(#"{"id":7,"name":"new","tags":["a"],"extra":true}"#))
        let old = ComparedResponse(label: "file before.json", status: nil, body: BodyBytes(#"{"name":"old","id":7,"tags":["a","b"]}"#.utf8))
        if let current = json.comparedResponse { json.showComparison(ResponseComparison(old: old, new: current)) }
        try Snapshot.assert(F.render(json), named: "response-diff-json-80x24")
    }
}
