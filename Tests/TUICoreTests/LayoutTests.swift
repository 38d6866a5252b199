import Testing
import TUICore

@Suite("Layout")
struct LayoutTests {
    let area = Rect(x: 0, y: 0, width: 100, height: 40)

    @Test func verticalLengthAndFill() {
        let parts = Layout.vertical([.length(1), .fill(1), .length(1)]).split(area)
        #expect(parts == [
            Rect(x: 0, y: 0, width: 100, height: 1),
            Rect(x: 0, y: 1, width: 100, height: 38),
            Rect(x: 0, y: 39, width: 100, height: 1),
        ])
    }

    @Test func horizontalPercentageAndWeightedFill() {
        let parts = Layout.horizontal([.percentage(25), .fill(1), .fill(2)]).split(area)
        #expect(parts.map(\.width) == [25, 25, 50])
        #expect(parts.map(\.x) == [0, 25, 50])
    }

    @Test func minGrowsWithoutFill() {
        let parts = Layout.horizontal([.length(10), .min(20)]).split(area)
        #expect(parts.map(\.width) == [10, 90])
    }

    @Test func overflowShrinksLaterParts() {
        let parts = Layout.vertical([.length(30), .length(30)]).split(area)
        #expect(parts.map(\.height) == [30, 10])
    }

    @Test func marginAndSpacing() {
        let parts = Layout.horizontal([.fill(1), .fill(1)], margin: .all(1), spacing: 2).split(area)
        #expect(parts == [Rect(x: 1, y: 1, width: 48, height: 38), Rect(x: 51, y: 1, width: 48, height: 38)])
    }

    @Test(arguments: [0, 1, 7, 80, 333])
    func partsNeverOverlapAndStayInside(width: Int) {
        let rect = Rect(x: 3, y: 0, width: width, height: 1)
        let parts = Layout.horizontal([.length(5), .percentage(30), .min(3), .fill(1), .fill(3)]).split(rect)
        var end = rect.x
        for part in parts {
            #expect(part.x >= end)
            #expect(part.right <= rect.right)
            end = part.right
        }
    }

    @Test func rectHelpers() {
        let r = Rect(x: 10, y: 10, width: 20, height: 10)
        #expect(r.centered(width: 10, height: 4) == Rect(x: 15, y: 13, width: 10, height: 4))
        #expect(r.intersection(Rect(x: 25, y: 15, width: 10, height: 10)) == Rect(x: 25, y: 15, width: 5, height: 5))
        #expect(r.intersection(Rect(x: 0, y: 0, width: 5, height: 5)).isEmpty)
        #expect(r.contains(x: 29, y: 19))
        #expect(!r.contains(x: 30, y: 19))
    }
}
