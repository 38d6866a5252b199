/// The limits on how much of a response body curlew keeps, and how they are written for people.
public enum ResponseSizeLimit {
    /// The largest body accepted when the request sets no limit and the body is not written to a file (100 MiB).
    public static let defaultLimit: Int64 = 100 << 20
    /// How much of a body is held in memory; past it the body continues in a temporary file (8 MiB).
    public static let memoryPart: Int = 8 << 20

    /// The limit a transfer enforces: the request's own, else the default unless the body goes to a file
    /// or a stream keeps only its first bytes; a body kept whole under a `BodySpill` has the spill's limit.
    public static func effective(for options: RequestOptions, keeping: StreamedBodyKeeping = .whole) -> Int64? {
        if let limit = options.maxResponseSize { return limit }
        guard options.outputPath == nil else { return nil }
        switch keeping {
        case .whole:
            if let spill = options.spill { return spill.limit }
            return defaultLimit
        case .first(_, limited: true): return defaultLimit
        case .first(_, limited: false): return nil
        }
    }

    /// A byte count for messages: `104857600 bytes (100 MiB)`, or just the bytes when small.
    public static func describe(_ bytes: Int64) -> String {
        let units: [(Int64, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, name) in units where bytes >= size {
            let whole = bytes / size
            let text = bytes % size == 0 ? "\(whole)" : String(Double(bytes) / Double(size)).prefix(6).description
            return "\(bytes) bytes (\(text) \(name))"
        }
        return "\(bytes) bytes"
    }
}
