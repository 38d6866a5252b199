import Dispatch
import Foundation
import Synchronization

/// Reading a large top-level JSON array on several threads.
extension OrderedJSON {
    /// The smallest text `parse(_:threads:)` splits: below it one thread is quicker than starting others.
    public static let parallelParsingMinimum = 1 << 20
    /// How many threads suit `parse(_:threads:)` here: one per processor, at most four.
    public static let parallelParsingThreads = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))

    /// Parses a JSON document as `parse(_:)` does, with the same tree and the same errors; a top-level array of
    /// at least `minimumBytes` is cut between its elements into `threads` runs that are read at once.
    ///
    /// The cut points come from one pass over the bytes tracking strings and nesting. Each run is read whole by
    /// the usual reader as an array of its own, and the runs' elements are joined in order. Should any run fail
    /// (the text is not valid JSON), the whole text is read again on one thread, so the error is exactly the one
    /// `parse(_:)` gives.
    public static func parse(_ bytes: some Sequence<UInt8>, threads: Int, minimumBytes: Int = parallelParsingMinimum) throws(NetworkError) -> OrderedJSON {
        let runs = bytes.withContiguousStorageIfAvailable { input in
            threads < 2 || input.count < minimumBytes ? nil : Self.splitTopLevelArray(input, parts: threads)
        } ?? nil
        guard let runs, runs.count > 1 else { return try parse(bytes) }
        let results = Mutex<[Int: OrderedJSON]>([:])
        DispatchQueue.concurrentPerform(iterations: runs.count) { index in
            let value = runs[index].withUnsafeBufferPointer { input in try? OrderedJSONReader.read(input) }
            if let value { results.withLock { $0[index] = value } }
        }
        let read = results.withLock { $0 }
        var elements: [OrderedJSON] = []
        for index in runs.indices {
            // Every run holds at least one element: an empty one stood between two commas, which the whole text
            // may not have, so it is read again whole for its error.
            guard case .array(let part)? = read[index], !part.isEmpty else { return try parse(bytes) }
            elements.append(contentsOf: part)
        }
        return .array(elements)
    }

    /// The text cut into `parts` arrays holding runs of the top-level array's elements, in order; nil when the
    /// text is not a top-level array (after optional whitespace) or has too few elements to cut.
    static func splitTopLevelArray(_ input: UnsafeBufferPointer<UInt8>, parts: Int) -> [[UInt8]]? {
        var start = 0
        while start < input.count, Self.isWhitespace(input[start]) { start += 1 }
        guard start < input.count, input[start] == UInt8(ascii: "[") else { return nil }
        let span = input.count - start
        var cuts: [Int] = []
        var target = start + span / parts
        guard let base = input.baseAddress else { return nil }
        var depth = 0
        var index = start
        while index < input.count, cuts.count < parts - 1 {
            switch input[index] {
            case UInt8(ascii: "\""):
                // Strings are skipped quote to quote: a quote after an odd run of backslashes is escaped.
                var from = index + 1
                while true {
                    guard let found = memchr(base + from, 0x22, input.count - from) else { return nil }
                    let quote = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                    var slashes = 0
                    while quote - slashes - 1 > index, input[quote - slashes - 1] == UInt8(ascii: "\\") { slashes += 1 }
                    if slashes % 2 == 0 {
                        index = quote
                        break
                    }
                    from = quote + 1
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth <= 0 { return cuts.isEmpty ? nil : Self.runs(input, start: start, cuts: cuts) }
            case UInt8(ascii: ","):
                if depth == 1, index >= target {
                    cuts.append(index)
                    target = start + span * (cuts.count + 1) / parts
                }
            default: break
            }
            index += 1
        }
        return cuts.isEmpty ? nil : Self.runs(input, start: start, cuts: cuts)
    }

    /// The arrays between the cut commas: the first keeps the text's start and gains a `]`, the last keeps its
    /// end and gains a `[`, the others gain both.
    private static func runs(_ input: UnsafeBufferPointer<UInt8>, start: Int, cuts: [Int]) -> [[UInt8]] {
        var runs: [[UInt8]] = []
        var from = start
        for (number, cut) in (cuts + [input.count]).enumerated() {
            var run: [UInt8] = []
            run.reserveCapacity(cut - from + 2)
            if number > 0 { run.append(UInt8(ascii: "[")) }
            run.append(contentsOf: UnsafeBufferPointer(rebasing: input[from..<cut]))
            if cut < input.count { run.append(UInt8(ascii: "]")) }
            runs.append(run)
            from = cut + 1
        }
        return runs
    }

    /// Whether `byte` is whitespace between JSON tokens.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
