import RequestKit
import RequestStore
import TUICore

/// One request the sidebar lists: where it comes from and what it is.
public struct SidebarItem: Hashable, Sendable {
    /// The folder path and name, e.g. `Users / Create user`.
    public var title: String
    /// The request.
    public var request: SavedRequest

    /// Creates an item.
    public init(title: String, request: SavedRequest) {
        self.title = title
        self.request = request
    }
}

/// The sidebar: the open collection's requests, a filter and the selection.
public struct SidebarState: Hashable, Sendable {
    /// The collection's name, shown as the title.
    public var title: String
    /// Every request of the collection, folders flattened in order.
    public var items: [SidebarItem]
    /// The filter text; only items whose title or URL contain it are listed.
    public var filter: TextFieldState
    /// True while the filter takes typed characters.
    public var isFiltering: Bool
    /// The selection among the visible items.
    public var list: ListState

    /// An empty sidebar.
    public init(title: String = "Collection", items: [SidebarItem] = []) {
        self.title = title
        self.items = items
        self.filter = TextFieldState()
        self.isFiltering = false
        self.list = ListState(selected: items.isEmpty ? nil : 0)
    }

    /// Lists every request of a collection, folder names before request names.
    public init(collection: RequestCollection) {
        self.init(title: collection.name, items: collection.allRequests.map { located in
            SidebarItem(title: (located.folders.map(\.name) + [located.request.name]).joined(separator: " / "), request: located.request)
        })
    }

    /// The items that pass the filter.
    public var visibleItems: [SidebarItem] {
        let needle = filter.text.lowercased()
        guard !needle.isEmpty else { return items }
        return items.filter { $0.title.lowercased().contains(needle) || $0.request.url.lowercased().contains(needle) }
    }
}
