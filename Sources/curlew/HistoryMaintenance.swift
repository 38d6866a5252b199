import RequestStore

/// `curlew history delete|clear|compact`: removes entries and their stored bodies.
enum HistoryMaintenance {
    /// Which entries to remove.
    enum Command: Equatable {
        /// The entries these ids (or unique prefixes) name.
        case delete([String])
        /// Every entry.
        case clear
        /// All but the newest N.
        case compact(keeping: Int)
    }

    /// Carries out the command and says what went; exit 1 when an id names no entry or the files cannot be written.
    static func run(_ command: Command, store: HistoryStore) -> Int32 {
        do {
            let removal: HistoryStore.Removal
            switch command {
            case .delete(let prefixes):
                let ids = try store.resolve(ids: prefixes)
                removal = try store.delete(ids: Set(ids))
            case .clear:
                removal = try store.clear()
            case .compact(let maximum):
                removal = try store.compact(keeping: maximum)
            }
            StandardStreams.writeOut(summary(removal) + "\n")
            return 0
        } catch {
            StandardStreams.writeError("curlew history: \(error)\n")
            return 1
        }
    }

    /// One line saying how many entries and stored bodies were removed.
    static func summary(_ removal: HistoryStore.Removal) -> String {
        let entries = removal.entries.count == 1 ? "1 entry" : "\(removal.entries.count) entries"
        let bodies = removal.bodyFiles == 1 ? "1 stored body" : "\(removal.bodyFiles) stored bodies"
        return "Removed \(entries) and \(bodies)."
    }
}
