/// Turns the collection tree and the history into the rows the sidebar shows, filtered.
enum SidebarRows {
    /// The tree flattened: children of expanded folders follow their folder, one level deeper.
    ///
    /// With a filter, a request shows when its name or path matches, a folder when its name or
    /// anything inside matches; folders holding a match are shown open whatever their state (which
    /// the filter leaves as it is, so they close again when it is cleared). A folder whose name
    /// matches and that holds no match shows closed, or with all it holds when it is open.
    static func collection(_ nodes: [SidebarNode], expanded: Set<String>, filter: String) -> [SidebarRow] {
        var rows: [SidebarRow] = []
        append(nodes, depth: 0, ancestors: [], path: "", expanded: expanded, filter: filter, into: &rows)
        return rows
    }

    private static func append(_ nodes: [SidebarNode], depth: Int, ancestors: [String], path: String,
                               expanded: Set<String>, filter: String, into rows: inout [SidebarRow]) {
        for node in nodes {
            let nodePath = path.isEmpty ? node.name : path + "/" + node.name
            switch node.kind {
            case .request(let method):
                guard filter.isEmpty || SidebarFormatting.fuzzyMatches(filter, nodePath) || SidebarFormatting.fuzzyMatches(filter, method + " " + node.name) else { continue }
                rows.append(SidebarRow(id: node.id, depth: depth, content: .request(name: node.name, method: method), ancestors: ancestors))
            case .folder(let children):
                if filter.isEmpty {
                    let open = expanded.contains(node.id)
                    rows.append(SidebarRow(id: node.id, depth: depth, content: .folder(name: node.name, expanded: open), ancestors: ancestors))
                    if open {
                        append(children, depth: depth + 1, ancestors: ancestors + [node.id], path: nodePath, expanded: expanded, filter: filter, into: &rows)
                    }
                    continue
                }
                let nameMatches = SidebarFormatting.fuzzyMatches(filter, nodePath)
                let childAncestors = ancestors + [node.id]
                var inner: [SidebarRow] = []
                if nameMatches, expanded.contains(node.id) {
                    append(children, depth: depth + 1, ancestors: childAncestors, path: nodePath, expanded: expanded, filter: "", into: &inner)
                } else {
                    append(children, depth: depth + 1, ancestors: childAncestors, path: nodePath, expanded: expanded, filter: filter, into: &inner)
                }
                guard nameMatches || !inner.isEmpty else { continue }
                rows.append(SidebarRow(id: node.id, depth: depth, content: .folder(name: node.name, expanded: !inner.isEmpty || (nameMatches && expanded.contains(node.id))), ancestors: ancestors))
                rows.append(contentsOf: inner)
            }
        }
    }

    /// The history entries matching the filter (on method, status and URL), in the given order.
    static func history(_ items: [SidebarHistoryItem], filter: String) -> [SidebarRow] {
        items.compactMap { item in
            guard matches(filter, method: item.method, status: item.statusCode, url: item.url) else { return nil }
            return SidebarRow(id: item.id, depth: 0, content: .history(item))
        }
    }

    /// Whether a History filter matches an exchange: on its method, status and whole URL.
    static func matches(_ filter: String, method: String, status: Int?, url: String) -> Bool {
        SidebarFormatting.fuzzyMatches(filter, "\(method) \(status.map(String.init) ?? "") \(url)")
    }
}
