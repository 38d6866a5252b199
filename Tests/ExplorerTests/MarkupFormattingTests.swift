import BodyIndex
import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// XML and HTML bodies indented and colored; invalid or too deep markup shown as text under a note.
@Suite struct MarkupFormattingTests {
    typealias F = ResponseFixtures

    /// The Body tab's lines as text.
    private func bodyLines(_ body: String, contentType: String?) -> [String] {
        let document = ResponseDocument.make(from: F.response(body, contentType: contentType))
        return (0..<document.bodyText.lineCount).map { line in
            let (part, index) = document.bodyText.locate(line)
            return String(decoding: part.lines.bytes(of: index), as: UTF8.self)
        }
    }

    @Test func xmlIsIndentedWithAttributesTextCommentsCDATAAndSelfClosingElements() {
        let xml = #"<?xml version="1.0"?><root xmlns:x="urn:x" id="7"><!-- a note --><item x:kind="a &amp; b">one &lt; two</item><empty/><data><![CDATA[<raw> & more]]></data><?render fast?></root>"#
        #expect(bodyLines(xml, contentType: "application/xml") == [
            #"<root xmlns:x="urn:x" id="7">"#,
            "  <!-- a note -->",
            #"  <item x:kind="a &amp; b">one &lt; two</item>"#,
            "  <empty/>",
            "  <data>",
            "    <![CDATA[<raw> & more]]>",
            "  </data>",
            "  <?render fast?>",
            "</root>",
        ])
    }

    @Test func whitespaceBetweenTagsIsDroppedAndLongTextGetsItsOwnLines() {
        let xml = "<a>\n   <b>\n  x\n  y\n  </b>\n</a>"
        #expect(bodyLines(xml, contentType: "text/xml") == ["<a>", "  <b>", "    x", "    y", "  </b>", "</a>"])
    }

    @Test func htmlIsReadWithTheRecoveringParser() {
        let html = "<!DOCTYPE html><html><head><title>Hi</title></head><body><p class=x>one<br>two<input disabled></body></html>"
        let lines = bodyLines(html, contentType: "text/html; charset=utf-8")
        #expect(lines.first == "<!DOCTYPE html>")
        #expect(lines.contains("    <title>Hi</title>"))
        #expect(lines.contains(#"    <p class="x">"#))
        #expect(lines.contains("      <br>"))
        #expect(lines.contains(#"      <input disabled="disabled">"#), "libxml2 gives boolean attributes their name as value")
    }

    @Test func markupIsSniffedWithoutAContentType() {
        #expect(bodyLines("  <?xml version=\"1.0\"?><a><b/></a>", contentType: nil) == ["<a>", "  <b/>", "</a>"])
        #expect(bodyLines("<html><body>hi</body></html>", contentType: nil).contains("  <body>hi</body>"))
    }

    @Test func invalidXMLIsShownAsTextUnderANote() {
        let lines = bodyLines("<a><b></a>", contentType: "application/xml")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("Not valid XML ("))
        #expect(lines[0].hasSuffix("; shown as text."))
        #expect(lines[1] == "<a><b></a>")
    }

    @Test func xmlDeclaringEntitiesIsNotExpanded() {
        let xml = #"<!DOCTYPE a [<!ENTITY e "boom">]><a>&e;&e;</a>"#
        let lines = bodyLines(xml, contentType: "application/xml")
        #expect(lines[0].hasPrefix("Not valid XML (the XML declares entities"))
        #expect(!lines.joined().contains("boom</a>"))
    }

    @Test(arguments: [("application/xml", "XML"), ("text/html", "HTML")])
    func tenThousandLevelsOfNestingAreRefusedWithoutACrash(contentType: String, name: String) {
        let deep = String(repeating: "<d>", count: 10_000) + "x" + String(repeating: "</d>", count: 10_000)
        let lines = bodyLines(deep, contentType: contentType)
        #expect(lines.count > 2, "the body as received, cut into 8 KiB pieces")
        #expect(lines[0].hasPrefix("Not valid \(name) ("))
        #expect(lines[1].hasPrefix("<d><d><d>"))
    }

    @Test(arguments: [false, true])
    func aHundredThousandLevelsAreReadAndFreedWithoutDeepRecursion(html: Bool) {
        let deep = Array((String(repeating: "<div>", count: 100_000) + String(repeating: "</div>", count: 100_000)).utf8)
        #expect(throws: MarkupOutlineError.self) { try MarkupOutline.read(deep, html: html) }
    }

    @Test func theOutlineStopsAtItsDepthBound() {
        let body = Array((String(repeating: "<d>", count: 40) + String(repeating: "</d>", count: 40)).utf8)
        #expect(throws: MarkupOutlineError.self) { try MarkupOutline.read(body, html: false, maximumDepth: 30) }
        #expect((try? MarkupOutline.read(body, html: false, maximumDepth: 41))?.count == 79, "40 starts and 39 ends: the innermost element is empty")
    }

    @Test func bodiesOverTheFormattingCapAreShownAsReceivedUnderANote() {
        let big = "<a>" + String(repeating: "<b>x</b>", count: MarkupBodyLayout.maximumBodyBytes / 8 + 1) + "</a>"
        let document = ResponseDocument.make(from: F.response(big, contentType: "application/xml"))
        let (part, index) = document.bodyText.locate(0)
        let note = String(decoding: part.lines.bytes(of: index), as: UTF8.self)
        #expect(note.hasPrefix("XML body over 8.0 MiB: shown as received"))
        #expect(document.bodyText.lineCount > 2)
    }

    @Test func theLexerColorsTagsAttributesValuesAndComments() {
        let line = Array(#"  <item id="7">text</item>"#.utf8)
        let runs = MarkupLineLexer.runs(line, 0..<line.count, from: .normal)
        let tokens = runs.runs.map { String(decoding: line[$0.range], as: UTF8.self) + ":" + ($0.role.map { "\($0)" } ?? "text") }
        #expect(tokens == ["  :text", "<:punctuation", "item:tag", " :text", "id:attribute", "=:punctuation", "\"7\":value",
                           ">:punctuation", "text:text", "</:punctuation", "item:tag", ">:punctuation"])
        #expect(runs.end == .normal)
        let comment = Array("<!-- open".utf8)
        #expect(MarkupLineLexer.runs(comment, 0..<comment.count, from: .normal).end == .comment)
    }

    @Test func aMultiLineCommentKeepsItsColorOnEveryLine() {
        let document = ResponseDocument.make(from: F.response("<a><!-- one\ntwo\nthree --><b/></a>", contentType: "application/xml"))
        guard case .markup(let states) = document.bodyText.parts[0].coloring else {
            Issue.record("expected markup coloring")
            return
        }
        #expect(states == [2: .comment, 3: .comment])
    }

    @Test func snapshots() throws {
        let xml = #"<?xml version="1.0"?><catalog><book id="bk101" lang="en"><author>Gambardella, Matthew</author><title>XML Developer's Guide</title><price currency="USD">44.95</price><!-- in stock --></book><book id="bk102"><author>Ralls, Kim</author><title>Midnight Rain</title><price currency="EUR">5.95</price><notes><![CDATA[Use <b>bold</b> & italics]]></notes></book><empty/></catalog>"#
        for (width, height) in [(80, 24), (120, 40)] {
            let state = F.viewer(F.response(xml, contentType: "application/xml"), area: Rect(x: 0, y: 0, width: width, height: height))
            try Snapshot.assert(F.render(state, width: width, height: height), named: "response-xml-\(width)x\(height)")
        }
        try Snapshot.assert(F.render(F.viewer(F.response(xml, contentType: "application/xml"))), named: "response-xml-80x24-styled", styled: true)
    }
}
