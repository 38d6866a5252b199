import Foundation
import RequestKit

/// Follows `$ref`s in an OpenAPI document: internal pointers anywhere (`#/components/…`), and relative
/// references to files beside the specification (`schemas.yaml#/Pet`), which are read once each.
/// A reference that cannot be followed is reported once, naming the pointer, and reads as missing.
struct OpenAPIReferences {
    /// The most `$ref` hops followed from one place before it counts as a loop.
    static let maximumHops = 32
    /// The most other files read.
    static let maximumFiles = 64
    /// The largest other file read.
    static let maximumFileSize = 64 * 1024 * 1024

    /// The documents read so far by their path relative to the specification's folder; "" is the specification.
    private var documents: [String: OrderedJSON]
    /// The specification's folder, or nil when it came from standard input or a URL (no files are read then).
    private let directory: String?
    /// Values found by pointer, so that each pointer is walked once.
    private var cache: [String: OrderedJSON] = [:]
    /// References already reported.
    private var reported: Set<String> = []
    /// What could not be followed.
    var warnings: [ConversionWarning] = []

    /// References within `root`, with files read from `directory` when it is given.
    init(root: OrderedJSON, directory: String?) {
        self.documents = ["": root]
        self.directory = directory
    }

    /// The value with its `$ref` chain followed, and the document it now lies in; nil (reported) when a
    /// reference cannot be followed. A value without `$ref` comes back as it is.
    mutating func resolve(_ value: OrderedJSON, in document: String, at location: String) -> (value: OrderedJSON, document: String, pointer: String?)? {
        var current = value
        var currentDocument = document
        var pointer: String?
        var hops = 0
        while case .string(let reference)? = current["$ref"] {
            hops += 1
            guard hops <= Self.maximumHops else {
                report(reference, at: location, "references form a loop or a chain longer than \(Self.maximumHops)")
                return nil
            }
            guard let target = target(of: reference, from: currentDocument, at: location) else { return nil }
            current = target.value
            currentDocument = target.document
            pointer = target.pointer
        }
        return (current, currentDocument, pointer)
    }

    /// The key that identifies a reference's target across documents (for loop detection).
    func key(of reference: String, from document: String) -> String {
        let (file, fragment) = Self.split(reference)
        return (file.isEmpty ? document : Self.joined(Self.folder(of: document), file)) + "#" + fragment
    }

    /// The value one reference points at, reading the file it names the first time.
    private mutating func target(of reference: String, from document: String, at location: String) -> (value: OrderedJSON, document: String, pointer: String)? {
        let (file, fragment) = Self.split(reference)
        var targetDocument = document
        if !file.isEmpty {
            guard !file.contains("://"), !file.hasPrefix("/") else {
                report(reference, at: location, "references to URLs and absolute paths are not followed; only files beside the specification")
                return nil
            }
            guard let directory else {
                report(reference, at: location, "the specification was not read from a file, so the file it refers to cannot be found; import the file instead")
                return nil
            }
            targetDocument = Self.joined(Self.folder(of: document), file)
            guard !targetDocument.hasPrefix("../"), targetDocument != ".." else {
                report(reference, at: location, "the file lies outside the specification's folder; curlew follows only files beside it")
                return nil
            }
            if documents[targetDocument] == nil {
                guard documents.count <= Self.maximumFiles else {
                    report(reference, at: location, "the specification refers to more than \(Self.maximumFiles) files")
                    return nil
                }
                let path = directory + "/" + targetDocument
                guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= Self.maximumFileSize,
                      let data = FileManager.default.contents(atPath: path) else {
                    report(reference, at: location, "the file \(targetDocument) cannot be read (missing, unreadable or over 64 MB)")
                    return nil
                }
                do {
                    documents[targetDocument] = try DescriptionDocument.read(data, file: path)
                } catch {
                    report(reference, at: location, "the file \(targetDocument) cannot be read: \(error.file):\(error.line):\(error.column): \(error.reason)")
                    return nil
                }
            }
        }
        let cacheKey = targetDocument + "#" + fragment
        if let cached = cache[cacheKey] { return (cached, targetDocument, cacheKey) }
        guard let root = documents[targetDocument] else { return nil }
        guard let found = Self.walk(fragment, in: root) else {
            report(reference, at: location, "nothing is found at this pointer")
            return nil
        }
        cache[cacheKey] = found
        return (found, targetDocument, cacheKey)
    }

    /// Reports a reference once.
    mutating func report(_ reference: String, at location: String, _ reason: String) {
        guard reported.insert(reference).inserted else { return }
        warnings.append(ConversionWarning(.unsupported, at: location, "$ref '\(reference)' cannot be resolved: \(reason); left out"))
    }

    /// The file part and the fragment (without `#`) of a reference.
    static func split(_ reference: String) -> (file: String, fragment: String) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, "") }
        return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
    }

    /// The value a JSON pointer (RFC 6901, percent-encoded as in a URI fragment) names, or nil.
    static func walk(_ fragment: String, in root: OrderedJSON) -> OrderedJSON? {
        guard !fragment.isEmpty else { return root }
        guard fragment.hasPrefix("/") else { return nil }
        let decoded = PercentDecoding.decode(fragment) ?? fragment
        var current = root
        for rawToken in decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = rawToken.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object:
                guard let next = current[token] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(token), index >= 0, index < items.count else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The folder part of a document's relative path ("" for one at the top).
    static func folder(of document: String) -> String {
        (document as NSString).deletingLastPathComponent
    }

    /// A relative path joined onto a folder, with `.` and `..` segments worked out.
    static func joined(_ folder: String, _ relative: String) -> String {
        var parts = folder.split(separator: "/").map(String.init)
        for segment in relative.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..":
                if parts.isEmpty || parts.last == ".." { parts.append("..") } else { parts.removeLast() }
            default: parts.append(String(segment))
            }
        }
        return parts.joined(separator: "/")
    }

    /// A JSON pointer token escaped (`~` as `~0`, `/` as `~1`).
    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
