import Foundation

/// Suggests a file name for saving a response body.
enum ResponseFileName {
    /// The name from `Content-Disposition`, else the URL's last path segment, else `response` with an extension for the type.
    static func suggested(for document: ResponseDocument) -> String {
        if let disposition = document.headers.last(where: { $0.name.lowercased() == "content-disposition" })?.value,
           let name = dispositionFileName(disposition).flatMap(safeName) {
            return name
        }
        if let url = URL(string: document.effectiveURL), let name = safeName(url.lastPathComponent), name.contains(".") {
            return name
        }
        return "response." + fileExtension(for: document)
    }

    /// The `filename` parameter of a Content-Disposition value.
    static func dispositionFileName(_ value: String) -> String? {
        for parameter in value.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "filename" else { continue }
            return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    /// A name with no directory parts or control characters, or nil when nothing is left.
    static func safeName(_ name: String) -> String? {
        let last = name.split(separator: "/").last.map(String.init) ?? ""
        let cleaned = String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0 != "\\" })
        guard !cleaned.isEmpty, cleaned != ".", cleaned != ".." else { return nil }
        return cleaned
    }

    /// An extension for the body's media type.
    static func fileExtension(for document: ResponseDocument) -> String {
        let known: [String: String] = [
            "application/json": "json", "text/html": "html", "application/xml": "xml", "text/xml": "xml",
            "text/plain": "txt", "text/csv": "csv", "text/css": "css", "application/javascript": "js",
            "text/javascript": "js", "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif",
            "image/webp": "webp", "image/svg+xml": "svg", "application/pdf": "pdf", "application/zip": "zip",
            "application/gzip": "gz",
        ]
        if let ext = known[BodyClassification.essence(document.contentType)] { return ext }
        switch document.bodyKind {
        case .json: return "json"
        case .binary: return "bin"
        case .empty, .text, .invalidJSON: return "txt"
        }
    }
}
