import Foundation
import RequestKit
import RequestStore

/// The request tabs restored from the data folder, and what could not be.
public struct RestoredTabs: Sendable {
    /// The tabs read, in order, with their ids.
    public var tabs: [(id: Int, draft: RequestDraft)]
    /// What tabs not from a collection were opened from (a history entry's request), by tab id.
    public var baselines: [Int: SavedRequest] = [:]
    /// The history entry of the response each tab showed, by tab id.
    public var responses: [Int: String] = [:]
    /// The id of the tab that was shown, if it was read.
    public var activeID: Int?
    /// An id no tab file uses, listed or not, for the next new tab.
    public var nextID: Int
    /// What could not be read, one sentence each (the files are left as they are).
    public var problems: [String]
}

/// The request tabs in the data folder: the draft file lists them and names the shown one; each tab's draft is a
/// file of its own in the `drafts` folder beside it, so a broken tab file never takes the others with it.
///
/// The draft file is `{"tabs": [1, 2], "active": 2}`; tab 2's draft is `drafts/tab-2.json`, in the format of
/// `DraftFile.write`. A draft file of the one-draft format (a request) is moved into the first tab's file.
extension DraftFile {
    /// The folder of the tab files beside the draft file.
    public static func tabsFolder(forDraftPath draftPath: String) -> String {
        (draftPath as NSString).deletingLastPathComponent + "/drafts"
    }

    /// The file of tab `id`.
    public static func tabPath(_ id: Int, draftPath: String) -> String {
        tabsFolder(forDraftPath: draftPath) + "/tab-\(id).json"
    }

    /// Writes tab `id`'s draft into its file, with what the tab was opened from when given, making the folder if needed.
    public static func writeTab(_ draft: RequestDraft, baseline: SavedRequest? = nil, response: String? = nil, id: Int, draftPath: String) throws(DraftFileError) {
        let folder = tabsFolder(forDraftPath: draftPath)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DraftFileError(message: "Could not make the folder \(folder) for the tabs' drafts: \(error.localizedDescription). Check that the data folder is writable.")
        }
        try write(draft, baseline: baseline, response: response, to: tabPath(id, draftPath: draftPath))
    }

    /// What a tab was opened from, worth keeping: a request that is not from a collection and not empty.
    public static func keptBaseline(draft: RequestDraft, baseline: SavedRequest) -> SavedRequest? {
        draft.savedID == nil && baseline != RequestDraft.empty.savedRequest ? baseline : nil
    }

    /// Writes the list of tabs and the shown one into the draft file, then removes the files of the tabs in `removing`.
    public static func writeTabList(_ ids: [Int], active: Int, removing: [Int] = [], draftPath: String) throws(DraftFileError) {
        let list = OrderedJSON.object([
            JSONMember(key: "tabs", value: .array(ids.map { .number(String($0)) })),
            JSONMember(key: "active", value: .number(String(active))),
        ])
        do {
            try AtomicFile.write(CanonicalJSON.format(list), to: draftPath, permissions: 0o600)
        } catch {
            throw DraftFileError(message: "Could not keep the list of tabs in \(draftPath): \(error). Check that the data folder is writable.")
        }
        for id in removing where !ids.contains(id) {
            try? FileManager.default.removeItem(atPath: tabPath(id, draftPath: draftPath))
        }
    }

    /// Writes what a quitting app has not written yet: the files of tabs edited since their last write (or never
    /// written), then the list of tabs with the shown one.
    public static func writeOpenTabs(of state: AppState, draftPath: String) throws(DraftFileError) {
        for tab in state.openTabs where tab.draftRevision != tab.savedDraftRevision
            || !FileManager.default.fileExists(atPath: tabPath(tab.id, draftPath: draftPath)) {
            try writeTab(tab.draft, baseline: keptBaseline(draft: tab.draft, baseline: tab.baseline), response: tab.shownHistoryEntry?.id,
                         id: tab.id, draftPath: draftPath)
        }
        try writeTabList(state.tabs.ids, active: state.tabs.activeID, draftPath: draftPath)
    }

    /// Reads the tabs back. Nothing is thrown: a missing or broken file is named in `problems` and left as it is,
    /// and every tab that can be read is restored.
    public static func restoreTabs(draftPath: String) -> RestoredTabs {
        let onDisk = tabIDsOnDisk(draftPath: draftPath)
        var restored = RestoredTabs(tabs: [], activeID: nil, nextID: (onDisk.max() ?? 0) + 1, problems: [])
        guard let data = FileManager.default.contents(atPath: draftPath) else {
            for id in onDisk.sorted() { readTab(id, draftPath: draftPath, into: &restored) }
            return restored
        }
        let tree: OrderedJSON
        do {
            tree = try CanonicalJSON.parse(data, file: draftPath)
        } catch {
            restored.problems.append("The list of tabs \(draftPath) could not be read (\(error)). \(moveAside(draftPath)) "
                + "The tabs found in \(tabsFolder(forDraftPath: draftPath)) are restored.")
            for id in onDisk.sorted() { readTab(id, draftPath: draftPath, into: &restored) }
            return restored
        }
        guard let list = tree["tabs"] else { return migrateOneDraft(draftPath: draftPath, into: restored) }
        guard case .array(let items) = list else {
            restored.problems.append("The list of tabs \(draftPath) has \"tabs\" that is not a list; the tabs found in \(tabsFolder(forDraftPath: draftPath)) are restored.")
            for id in onDisk.sorted() { readTab(id, draftPath: draftPath, into: &restored) }
            return restored
        }
        var listed: [Int] = []
        for item in items {
            guard case .number(let text) = item, let id = Int(text), id > 0, id < Int(Int32.max), !listed.contains(id) else {
                restored.problems.append("The list of tabs \(draftPath) has an entry that is not a tab number (\(item)); it was skipped.")
                continue
            }
            listed.append(id)
        }
        restored.nextID = max(restored.nextID, (listed.max() ?? 0) + 1)
        for id in listed { readTab(id, draftPath: draftPath, into: &restored) }
        if case .number(let text) = tree["active"], let active = Int(text), restored.tabs.contains(where: { $0.id == active }) {
            restored.activeID = active
        }
        return restored
    }

    /// Adds tab `id` read from its file, or the reason it could not be read.
    private static func readTab(_ id: Int, draftPath: String, into restored: inout RestoredTabs) {
        let path = tabPath(id, draftPath: draftPath)
        do throws(DraftFileError) {
            guard let data = FileManager.default.contents(atPath: path) else {
                restored.problems.append("The draft of tab \(id) is missing (\(path)); the other tabs are restored.")
                return
            }
            let read = try decodeWithBaseline(data, path: path)
            restored.tabs.append((id, read.draft))
            if let baseline = read.baseline { restored.baselines[id] = baseline }
            if let response = read.response { restored.responses[id] = response }
        } catch {
            restored.problems.append(error.message + " The other tabs are restored.")
        }
    }

    /// A draft file of the one-draft format becomes the first tab: its draft is written into the tab's file, then
    /// the draft file is replaced by the list.
    private static func migrateOneDraft(draftPath: String, into start: RestoredTabs) -> RestoredTabs {
        var restored = start
        let draft: RequestDraft
        do throws(DraftFileError) {
            guard let legacy = try read(from: draftPath) else { return restored }
            draft = legacy
        } catch {
            restored.problems.append(error.message.replacingOccurrences(of: " It was left as it is; move it away to start fresh.", with: "")
                + " " + moveAside(draftPath))
            return restored
        }
        do throws(DraftFileError) {
            let id = restored.nextID
            try writeTab(draft, id: id, draftPath: draftPath)
            try writeTabList([id], active: id, draftPath: draftPath)
            restored.tabs = [(id, draft)]
            restored.activeID = id
            restored.nextID = id + 1
        } catch {
            restored.problems.append(error.message)
        }
        return restored
    }

    /// Moves an unreadable draft file out of the way (so the next list written does not replace it) and says where.
    private static func moveAside(_ draftPath: String) -> String {
        var aside = draftPath + ".unreadable"
        var number = 1
        while FileManager.default.fileExists(atPath: aside), number < 100 {
            number += 1
            aside = draftPath + ".unreadable-\(number)"
        }
        do {
            try FileManager.default.moveItem(atPath: draftPath, toPath: aside)
            return "It was moved to \(aside)."
        } catch {
            return "It could not be moved aside (\(error.localizedDescription)) and will be replaced when the tabs are next written."
        }
    }

    /// The ids of the tab files in the folder, listed or not (so a new tab never takes the name of a file left there).
    private static func tabIDsOnDisk(draftPath: String) -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tabsFolder(forDraftPath: draftPath))) ?? []
        return names.compactMap { name -> Int? in
            guard name.hasPrefix("tab-"), name.hasSuffix(".json") else { return nil }
            return Int(name.dropFirst(4).dropLast(5)).flatMap { $0 > 0 && $0 < Int(Int32.max) ? $0 : nil }
        }
    }
}
