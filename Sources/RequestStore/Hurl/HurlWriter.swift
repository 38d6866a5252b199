import Foundation

/// A collection written as a `.hurl` file, with what the format cannot hold.
public struct HurlExport: Hashable, Sendable {
    /// The file's text.
    public var text: String
    /// Settings that were left out or changed, per request.
    public var warnings: [ConversionWarning]
}

/// Writes collections as `.hurl` files that Hurl runs and `HurlReader` reads back.
///
/// Hurl has no folders or inheritance: each entry carries the headers and auth it inherits, in collection
/// order. When the file is written over one it was read from, entries that did not change keep their text
/// (comments, order and layout); only changed or new entries are written anew.
public enum HurlWriter {
    /// Writes every request of a collection, or only those given.
    public static func write(_ collection: RequestCollection, only selected: [LocatedRequest]? = nil) -> HurlExport {
        write(collection, only: selected, replacing: nil)
    }

    /// Writes a collection over the document it was read from, keeping unchanged entries as they were written.
    public static func write(_ collection: RequestCollection, only selected: [LocatedRequest]? = nil, replacing original: HurlDocument?) -> HurlExport {
        var writer = HurlEntryWriter()
        if !collection.variables.isEmpty {
            writer.warnings.append(ConversionWarning(.unsupported, at: "", "collection variables are left out; pass them to Hurl with --variable or --variables-file"))
        }
        let originals = original?.entries ?? []
        var nextOriginal = 0
        var text = ""
        var lastWasWritten = false
        for located in selected ?? collection.allRequests {
            if let match = originals[nextOriginal...].firstIndex(where: { $0.request == located.request }), located.folders.isEmpty,
               collection.headers.isEmpty, collection.auth == .none || collection.auth == .inherit, let original {
                if lastWasWritten { text += "\n" }
                text += original.text(of: originals[match])
                nextOriginal = match + 1
                lastWasWritten = false
                continue
            }
            let inherited = InheritedSettings.effective(for: located, in: collection)
            for row in located.request.headers where !row.enabled {
                writer.warnings.append(ConversionWarning(.unsupported, at: located.request.name, "the disabled row \(row.name) is left out"))
            }
            var request = located.request
            request.headers = []
            if !text.isEmpty {
                if !text.hasSuffix("\n") { text += "\n" }
                if !text.hasSuffix("\n\n") { text += "\n" }
            }
            var unwrittenName: String?
            if originals.indices.contains(nextOriginal), !HurlWriter.hasWrittenName(originals[nextOriginal]) {
                unwrittenName = originals[nextOriginal].request.name
            }
            if unwrittenName == request.name { nextOriginal += 1 }
            text += writer.write(request, headers: inherited.headers, auth: inherited.auth, unwrittenName: unwrittenName)
            lastWasWritten = true
        }
        return HurlExport(text: text, warnings: writer.warnings)
    }

    /// Whether an entry's name came from a comment rather than from its method and URL.
    static func hasWrittenName(_ entry: HurlEntry) -> Bool {
        entry.request.name != "\(entry.request.method.rawValue) \(entry.request.url)"
    }
}
