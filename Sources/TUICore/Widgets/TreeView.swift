/// A node of a tree: a stable id, a label and children (folders have children).
public struct TreeNode: Hashable, Sendable {
    /// A stable identifier, unique in the tree; expansion and selection refer to it.
    public var id: String
    /// The text shown.
    public var label: Line
    /// The children; a node with `isFolder` true may have none and still expand.
    public var children: [TreeNode]
    /// True for nodes that can expand (folders), even when empty.
    public var isFolder: Bool

    /// Creates a node.
    public init(id: String, label: Line, children: [TreeNode] = [], isFolder: Bool? = nil) {
        self.id = id
        self.label = label
        self.children = children
        self.isFolder = isFolder ?? !children.isEmpty
    }
}

/// One visible row of a tree after expansion and filtering.
public struct TreeRow: Hashable, Sendable {
    /// The node's id.
    public var id: String
    /// How deep it is (0 for top-level nodes).
    public var depth: Int
    /// The label.
    public var label: Line
    /// True for folders.
    public var isFolder: Bool
    /// True when the folder is open.
    public var isExpanded: Bool
    /// The id of the parent, nil at the top level.
    public var parent: String?
}

/// Expansion, selection, scroll and filter of a tree.
public struct TreeState: Hashable, Sendable {
    /// Ids of the open folders.
    public var expanded: Set<String>
    /// The id of the selected node.
    public var selected: String?
    /// The first visible row shown.
    public var offset: Int = 0
    /// Only nodes whose label contains this (case-insensitively), with their ancestors, are shown.
    public var filter: String = ""

    /// Creates a state.
    public init(expanded: Set<String> = [], selected: String? = nil) {
        self.expanded = expanded
        self.selected = selected
    }

    /// The rows shown for `nodes`: open folders show children; a filter shows matches and
    /// their ancestors, with those ancestors open.
    public func visibleRows(_ nodes: [TreeNode]) -> [TreeRow] {
        var rows: [TreeRow] = []
        let needle = filter.lowercased()
        func matches(_ node: TreeNode) -> Bool {
            node.label.plainText.lowercased().contains(needle) || node.children.contains(where: matches)
        }
        func walk(_ list: [TreeNode], depth: Int, parent: String?) {
            for node in list {
                if !needle.isEmpty && !matches(node) { continue }
                let open = expanded.contains(node.id) || (!needle.isEmpty && node.children.contains(where: matches))
                rows.append(TreeRow(id: node.id, depth: depth, label: node.label, isFolder: node.isFolder, isExpanded: open, parent: parent))
                if open { walk(node.children, depth: depth + 1, parent: node.id) }
            }
        }
        walk(nodes, depth: 0, parent: nil)
        return rows
    }

    /// Opens or closes a folder.
    public mutating func toggle(_ id: String) {
        if expanded.contains(id) { expanded.remove(id) } else { expanded.insert(id) }
    }

    /// Applies a navigation key: Up/Down/Home/End/PgUp/PgDn move, Right opens (or enters)
    /// a folder, Left closes it (or goes to the parent), Space toggles. False for other keys.
    @discardableResult
    public mutating func handle(_ event: KeyEvent, nodes: [TreeNode], pageSize: Int) -> Bool {
        let rows = visibleRows(nodes)
        guard !rows.isEmpty else { return false }
        let index = rows.firstIndex { $0.id == selected }
        var list = ListState(selected: index, offset: offset)
        switch event.key {
        case .up, .down, .home, .end, .pageUp, .pageDown:
            list.handle(event, count: rows.count, pageSize: pageSize)
            selected = list.selected.map { rows[$0].id }
        case .right:
            guard let i = index else { return false }
            let row = rows[i]
            if row.isFolder && !row.isExpanded {
                expanded.insert(row.id)
            } else if row.isFolder, i + 1 < rows.count, rows[i + 1].parent == row.id {
                selected = rows[i + 1].id
            }
        case .left:
            guard let i = index else { return false }
            let row = rows[i]
            if row.isFolder && row.isExpanded {
                expanded.remove(row.id)
            } else if let parent = row.parent {
                selected = parent
            }
        case .char(" ") where event.modifiers.isEmpty:
            guard let i = index, rows[i].isFolder else { return false }
            toggle(rows[i].id)
        default:
            return false
        }
        return true
    }
}

/// Draws a tree with indentation and folder marks (▸ closed, ▾ open; `+`/`-` in ASCII).
public struct TreeView: Sendable {
    /// The top-level nodes.
    public var nodes: [TreeNode]
    /// The base style.
    public var style: Style
    /// The style laid over the selected row.
    public var selectionStyle: Style
    /// Columns of indentation per level.
    public var indent: Int
    /// Marks for closed and open folders and for leaves.
    public var marks: (closed: String, open: String, leaf: String)

    /// Creates a tree view.
    public init(nodes: [TreeNode], style: Style = .plain, selectionStyle: Style = Style(modifiers: .reverse), indent: Int = 2,
                marks: (closed: String, open: String, leaf: String) = ("▸ ", "▾ ", "  ")) {
        self.nodes = nodes
        self.style = style
        self.selectionStyle = selectionStyle
        self.indent = indent
        self.marks = marks
    }

    /// ASCII folder marks for terminals without UTF-8.
    public static let asciiMarks = (closed: "+ ", open: "- ", leaf: "  ")

    /// The id of the node drawn at screen row `y`, nil outside the rows.
    public func node(atY y: Int, state: TreeState, area: Rect) -> String? {
        let rows = state.visibleRows(nodes)
        guard y >= area.y, y < area.bottom else { return nil }
        let i = state.offset + y - area.y
        return i < rows.count ? rows[i].id : nil
    }

    /// Draws the visible rows, scrolling `state` so the selection shows.
    public func render(state: inout TreeState, area: Rect, buffer: inout Buffer) {
        buffer.fill(area, style: style)
        let rows = state.visibleRows(nodes)
        var list = ListState(selected: rows.firstIndex { $0.id == state.selected }, offset: state.offset)
        list.clamp(count: rows.count)
        list.keepSelectionVisible(height: area.height)
        state.offset = list.offset
        for i in 0..<area.height {
            let index = list.offset + i
            guard index < rows.count else { break }
            let row = rows[index]
            let line = area.row(i)
            let rowStyle = index == list.selected ? style.patched(with: selectionStyle) : style
            buffer.fill(line, style: rowStyle)
            let mark = row.isFolder ? (row.isExpanded ? marks.open : marks.closed) : marks.leaf
            let x = buffer.setString(String(repeating: " ", count: row.depth * indent) + mark, x: line.x, y: line.y, style: rowStyle, clip: line)
            buffer.setLine(row.label, x: x, y: line.y, base: rowStyle, clip: line)
        }
    }
}
