import Testing
import TUICore
import TUITesting

@Suite("Suggestion list")
struct SuggestionListTests {
    static func list(_ items: [String], selected: Int? = nil, maxVisible: Int = 3) -> SuggestionList {
        SuggestionList(items: items, selected: selected, maxVisible: maxVisible, block: Block(borders: .ascii),
                       selectionStyle: Style(modifiers: .reverse))
    }

    @Test func hangsUnderTheAnchorWhenThereIsRoom() {
        var buffer = Buffer(width: 16, height: 8)
        let anchor = Rect(x: 2, y: 1, width: 4, height: 1)
        Self.list(["Accept", "Age"]).render(anchor: anchor, bounds: buffer.area, buffer: &buffer)
        #expect(ScreenText.lines(of: buffer) == ["", "", " +--------+", " | Accept |", " | Age    |", " +--------+", "", ""])
    }

    @Test func goesAboveTheAnchorWhenBelowIsTooShort() {
        let anchor = Rect(x: 3, y: 6, width: 5, height: 1)
        let area = Self.list(["a", "b", "c"]).area(anchor: anchor, bounds: Rect(x: 0, y: 0, width: 20, height: 8))
        #expect(area == Rect(x: 2, y: 1, width: 7, height: 5))
    }

    @Test func staysInsideTheBoundsHorizontally() {
        let anchor = Rect(x: 15, y: 0, width: 4, height: 1)
        let area = Self.list(["Content-Disposition"]).area(anchor: anchor, bounds: Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(area.right <= 20)
        #expect(area.width == 20)
    }

    @Test func scrollsToKeepTheHighlightedItemInView() {
        var buffer = Buffer(width: 12, height: 6)
        Self.list(["one", "two", "three", "four", "five"], selected: 4).render(anchor: Rect(x: 1, y: 0, width: 6, height: 1),
                                                                             bounds: buffer.area, buffer: &buffer)
        let lines = ScreenText.lines(of: buffer)
        #expect(lines[2].contains("three") && lines[3].contains("four") && lines[4].contains("five"))
        #expect(!lines.joined().contains("one"))
        #expect(buffer[3, 4].style.modifiers.contains(.reverse))
    }

    @Test func drawsNothingWithoutItems() {
        var buffer = Buffer(width: 8, height: 4)
        Self.list([]).render(anchor: Rect(x: 0, y: 0, width: 4, height: 1), bounds: buffer.area, buffer: &buffer)
        #expect(ScreenText.lines(of: buffer).allSatisfy { $0.isEmpty })
    }
}
