@testable import Explorer
import BodyIndex
import Testing
import TUICore

/// The viewer's own notices wrap between words; bodies still wrap at the edge, byte for byte.
@Suite struct NoticeWrapTests {
    /// The rows a line is laid out in at `width`, as text.
    private func rows(_ text: String, width: Int, breakAtSpaces: Bool) -> [String] {
        let bytes = Array(text.utf8)
        var rows: [String] = []
        LineLayout.walk(bytes, [StyledRun(range: 0..<bytes.count, style: .plain)], width: width, wrap: true, breakAtSpaces: breakAtSpaces) { row, column, character, _, _ in
            while rows.count <= row { rows.append("") }
            rows[row] += String(repeating: " ", count: max(0, column - rows[row].count)) + String(character)
            return true
        }
        return rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func aNoticeBreaksBeforeAWordThatDoesNotFit() {
        #expect(rows("the server is down", width: 8, breakAtSpaces: true) == ["the", "server", "is down"])
        #expect(rows("the server is down", width: 8, breakAtSpaces: false) == ["the serv", "er is do", "wn"])
    }

    @Test func aWordWiderThanTheRowStillBreaksAtTheEdge() {
        #expect(rows("a supercalifragilistic b", width: 6, breakAtSpaces: true) == ["a supe", "rcalif", "ragili", "stic b"])
    }

    @Test func theRowCountAgreesWithTheDrawing() {
        let text = "Invalid JSONPath at column 19: expected a query, a literal, a function or '(', but found ']'"
        let bytes = Array(text.utf8)
        for width in [7, 13, 20, 33, 80] {
            #expect(LineLayout.rowCount(bytes, 0..<bytes.count, width: width, breakAtSpaces: true) == rows(text, width: width, breakAtSpaces: true).count)
        }
    }
}
