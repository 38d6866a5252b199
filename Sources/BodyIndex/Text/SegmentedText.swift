/// Text that grows at its end and forgets its start: indexed segments of at most `segmentBytes` each,
/// holding no more than `limit` bytes in all.
///
/// A body that arrives in many small pieces is appended here; only the last segment is indexed
/// again on each append, so a growing stream costs the size of its newest part, not of everything
/// kept. When the kept bytes pass `limit`, whole segments are dropped from the front and counted.
package struct SegmentedText: Equatable, Sendable {
    /// The indexed segments, oldest first; each starts at a line start except after a forced cut.
    package private(set) var segments: [TextLines] = []
    /// The largest segment, in bytes.
    package let segmentBytes: Int
    /// The most bytes kept; older segments are dropped past it.
    package let limit: Int
    /// Bytes kept now.
    package private(set) var keptBytes = 0
    /// Bytes dropped from the front so far.
    package private(set) var droppedBytes: Int64 = 0
    /// Lines dropped from the front so far.
    package private(set) var droppedLines = 0

    /// An empty text with a segment size and a limit on the bytes kept.
    package init(segmentBytes: Int = 64 << 10, limit: Int) {
        self.segmentBytes = max(1024, segmentBytes)
        self.limit = max(self.segmentBytes, limit)
    }

    /// Whether nothing is kept.
    package var isEmpty: Bool { keptBytes == 0 }

    /// Appends bytes; returns the number of lines dropped from the front by this append.
    @discardableResult
    package mutating func append(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        var tail = segments.popLast()?.bytes.array ?? []
        keptBytes -= tail.count
        tail.append(contentsOf: bytes)
        while tail.count > segmentBytes {
            let cut = Self.cutPoint(in: tail, before: segmentBytes)
            segments.append(TextLines(Array(tail[..<cut])))
            keptBytes += cut
            tail.removeFirst(cut)
        }
        if !tail.isEmpty {
            segments.append(TextLines(tail))
            keptBytes += tail.count
        }
        return dropToLimit()
    }

    /// All kept bytes, oldest first.
    package var bytes: [UInt8] {
        var all: [UInt8] = []
        all.reserveCapacity(keptBytes)
        for segment in segments { all.append(contentsOf: segment.bytes) }
        return all
    }

    /// Drops the oldest segments while more than `limit` bytes are kept; returns the lines dropped.
    private mutating func dropToLimit() -> Int {
        var count = 0
        var lines = 0
        var bytes = keptBytes
        while bytes > limit, count < segments.count - 1 {
            bytes -= segments[count].bytes.count
            lines += segments[count].count
            count += 1
        }
        guard count > 0 else { return 0 }
        droppedBytes += Int64(keptBytes - bytes)
        droppedLines += lines
        keptBytes = bytes
        segments.removeFirst(count)
        return lines
    }

    /// Where to end a full segment: after the last line break before `limit`, else at a character boundary.
    private static func cutPoint(in bytes: [UInt8], before limit: Int) -> Int {
        var index = limit
        while index > limit / 2 {
            if bytes[index - 1] == 0x0A { return index }
            index -= 1
        }
        var cut = limit
        while cut > 1, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return cut
    }
}
