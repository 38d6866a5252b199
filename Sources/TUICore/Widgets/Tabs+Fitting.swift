extension Tabs {
    /// The bar as drawn in `width` columns: as it is when it fits; else without padding; else with the titles
    /// other than the active one cut to one common length, each ending in `…`, so that every tab keeps a visible
    /// start and the active one stays whole.
    public func fitted(width: Int) -> Tabs {
        guard totalWidth > width else { return self }
        var fitted = self
        fitted.padding = 0
        guard fitted.totalWidth > width, titles.count > 1 else { return fitted }
        let active = titles.indices.contains(selected) ? titles[selected].displayWidth : 0
        let dividers = divider.displayWidth * (titles.count - 1)
        let others = titles.count - (titles.indices.contains(selected) ? 1 : 0)
        let room = max(0, width - active - dividers)
        let longest = max(2, room / max(1, others))
        fitted.titles = titles.enumerated().map { index, title in
            index == selected || title.displayWidth <= longest ? title : title.truncated(columns: longest)
        }
        return fitted
    }

    /// The columns the bar takes drawn whole.
    var totalWidth: Int {
        titles.reduce(0) { $0 + $1.displayWidth + 2 * padding } + divider.displayWidth * max(0, titles.count - 1)
    }
}
