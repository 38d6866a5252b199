import BodyIndex
import RequestKit

/// JSON Lines (NDJSON): one JSON value per line, as servers stream them even under `application/json`.
enum JSONLines {
    /// The largest body looked at; a larger one that is not one JSON value stays "not valid JSON".
    static let limit = 8 << 20

    /// The number of values when every non-blank line of `body` is one JSON value and there are at least two; else nil.
    static func valueCount(in body: BodyBytes) -> Int? {
        guard body.count <= limit else { return nil }
        var count = 0
        for line in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            guard !trimmed.isEmpty, !trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { continue }
            do { _ = try OrderedJSON.parse(trimmed) } catch { return nil }
            count += 1
        }
        return count >= 2 ? count : nil
    }
}
