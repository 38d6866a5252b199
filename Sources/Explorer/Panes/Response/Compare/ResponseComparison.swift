import BodyIndex
import RequestKit

/// One side of a comparison: a response's status, headers and body, and a label saying where it came from.
public struct ComparedResponse: Hashable, Sendable {
    /// Where it came from, e.g. "this response", "history 2026-11-30 18:02:11" or "file ./before.json".
    public var label: String
    /// The status code, or nil for a file.
    public var status: Int?
    /// The reason phrase.
    public var reason: String
    /// The header fields (none for a file).
    public var headers: [HTTPHeader]
    /// The `Content-Type`, or "".
    public var contentType: String
    /// The body bytes.
    public var body: BodyBytes

    /// Creates a side.
    public init(label: String, status: Int?, reason: String = "", headers: [HTTPHeader] = [], contentType: String = "", body: BodyBytes) {
        self.label = label
        self.status = status
        self.reason = reason
        self.headers = headers
        self.contentType = contentType
        self.body = body
    }
}

/// A header that differs between two responses.
public struct HeaderChange: Equatable, Sendable {
    /// The field name as the first response (else the second) wrote it.
    public var name: String
    /// Its values in the first response (empty: absent).
    public var old: [String]
    /// Its values in the second response (empty: absent).
    public var new: [String]

    /// Creates a change.
    public init(name: String, old: [String], new: [String]) {
        self.name = name
        self.old = old
        self.new = new
    }
}

/// How two bodies differ.
public enum BodyDifference: Equatable, Sendable {
    /// Byte for byte the same.
    case identical
    /// Both are JSON: the changes by path (empty when only key order or whitespace differ) and how many more were not listed.
    case json([JSONChange], more: Int)
    /// Text compared line by line: both texts' lines and the diff.
    case lines(old: [String], new: [String], diff: [LineDiff.Line])
    /// They differ, but are too large or too different to diff within the bounds; the sizes say how large.
    case tooLarge(oldSize: Int, newSize: Int)
    /// At least one is binary and they differ.
    case binary(oldSize: Int, newSize: Int)
}

/// The difference between two responses: status, headers and body. Pure and bounded; run it off the UI thread.
public struct ResponseComparison: Equatable, Sendable {
    /// The earlier side (from history or a file).
    public var old: ComparedResponse
    /// The current side.
    public var new: ComparedResponse
    /// Whether the status codes differ (never for a file, which has none).
    public var statusChanged: Bool
    /// The headers that differ, by name (case-insensitive), in the order first seen.
    public var headerChanges: [HeaderChange]
    /// How the bodies differ.
    public var body: BodyDifference

    /// The largest body compared line by line; larger text bodies are only said to differ.
    public static let maximumLineDiffBytes = 16 << 20

    /// Compares `old` with `new`.
    public init(old: ComparedResponse, new: ComparedResponse) {
        self.old = old
        self.new = new
        statusChanged = old.status != nil && new.status != nil && old.status != new.status
        headerChanges = (old.status == nil || new.status == nil) ? [] : Self.headerChanges(old.headers, new.headers)
        body = Self.bodyDifference(old, new)
    }

    /// The headers that differ, compared by lower-cased name with their values in order.
    static func headerChanges(_ old: [HTTPHeader], _ new: [HTTPHeader]) -> [HeaderChange] {
        var order: [String] = []
        var names: [String: String] = [:]
        var oldValues: [String: [String]] = [:]
        var newValues: [String: [String]] = [:]
        for header in old {
            let key = header.name.lowercased()
            if names[key] == nil { names[key] = header.name; order.append(key) }
            oldValues[key, default: []].append(header.value)
        }
        for header in new {
            let key = header.name.lowercased()
            if names[key] == nil { names[key] = header.name; order.append(key) }
            newValues[key, default: []].append(header.value)
        }
        return order.compactMap { key in
            let before = oldValues[key] ?? []
            let after = newValues[key] ?? []
            return before == after ? nil : HeaderChange(name: names[key] ?? key, old: before, new: after)
        }
    }

    /// How the bodies differ: structurally for two JSON bodies, by lines for text, by size for binary.
    static func bodyDifference(_ old: ComparedResponse, _ new: ComparedResponse) -> BodyDifference {
        if old.body == new.body { return .identical }
        let oldBinary = BodyClassification.looksBinary(old.body) || (old.status != nil && BodyClassification.isBinaryType(old.contentType))
        let newBinary = BodyClassification.looksBinary(new.body) || BodyClassification.isBinaryType(new.contentType)
        if oldBinary || newBinary { return .binary(oldSize: old.body.count, newSize: new.body.count) }
        if looksJSON(old), looksJSON(new), let left = try? OrderedJSON.parse(old.body), let right = try? OrderedJSON.parse(new.body) {
            let result = JSONStructuralDiff.changes(from: left, to: right)
            return .json(result.changes, more: result.more)
        }
        guard old.body.count <= maximumLineDiffBytes, new.body.count <= maximumLineDiffBytes else {
            return .tooLarge(oldSize: old.body.count, newSize: new.body.count)
        }
        let oldLines = lines(of: old.body)
        let newLines = lines(of: new.body)
        guard let diff = LineDiff.diff(oldLines, newLines) else { return .tooLarge(oldSize: old.body.count, newSize: new.body.count) }
        return .lines(old: oldLines.map(String.init), new: newLines.map(String.init), diff: diff)
    }

    /// Whether a side is declared JSON or starts like it.
    private static func looksJSON(_ side: ComparedResponse) -> Bool {
        BodyClassification.isJSONType(side.contentType) || BodyClassification.startsLikeJSON(side.body)
    }

    /// The lines of a text body (a `\r` before a line break dropped, no empty line after a final break).
    static func lines(of body: BodyBytes) -> [Substring] {
        let text = String(decoding: body, as: UTF8.self)
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
