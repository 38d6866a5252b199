import Foundation
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// Screen snapshots of the sidebar's sections at 80×24 and 120×40 (record with RECORD_SNAPSHOTS=1).
@Suite struct SidebarSnapshotTests {
    typealias F = SidebarFixtures

    @Test(arguments: SidebarSection.allCases)
    func sections(section: SidebarSection) throws {
        for (width, height, sidebarWidth) in [(80, 24, 32), (120, 40, 44)] {
            let area = Rect(x: 0, y: 0, width: sidebarWidth, height: height)
            var state = F.sidebar(area: area)
            _ = state.apply(.selectSection(section))
            if section == .collection {
                state.expand(["users", "users/admin"])
                _ = state.apply(.moveDown)
            }
            var buffer = Buffer(width: width, height: height)
            state.render(into: &buffer, area: area, theme: .dark, focused: true)
            try Snapshot.assert(buffer, named: "sidebar-\(section.rawValue)-\(width)x\(height)")
        }
    }

    @Test func filtering() throws {
        var state = F.sidebar()
        _ = state.apply(.startFilter)
        for character in "list" { _ = state.apply(.filterInput(character)) }
        try Snapshot.assert(F.render(state), named: "sidebar-filter-32x24", styled: true)
    }
}
