import TUICore

/// The "Move to" picker: the folders a request or folder of the collection can go to, filtered by what is typed.
public struct MovePicker: Hashable, Sendable {
    /// What is moved; its id is the sidebar's.
    public var target: SidebarTarget
    /// Every folder it may go to, in the collection's order.
    public var destinations: [MoveDestination]
    /// The filter typed.
    public var query = TextFieldState()
    /// The selected row among the matches.
    public var selected = 0
    /// The first match shown, kept by `AppState.keepListsInView` so the selected row shows.
    public var offset = 0

    /// A picker for `target` offering `destinations`.
    public init(target: SidebarTarget, destinations: [MoveDestination]) {
        self.target = target
        self.destinations = destinations
    }

    /// The destinations whose path holds every word typed (case ignored), in order.
    public var matches: [MoveDestination] {
        let words = query.text.lowercased().split(separator: " ")
        guard !words.isEmpty else { return destinations }
        return destinations.filter { destination in
            let title = destination.title.lowercased()
            return words.allSatisfy { title.contains($0) }
        }
    }

    /// The destination selected, if any matches.
    public var selectedDestination: MoveDestination? {
        let matches = matches
        return matches.indices.contains(selected) ? matches[selected] : nil
    }
}
