import Foundation

/// An index of line offsets over a byte buffer, so any line can be read without splitting the text.
///
/// Lines end at `\n` (a `\r` before it is dropped). A line longer than `maximumLineBytes` is cut
/// into pieces at UTF-8 character boundaries; each later piece is a *continuation* line. This
/// keeps every line short enough to measure and draw at once, whatever the body looks like.
/// The index costs four bytes per line; the bytes themselves are shared, never copied.
package struct TextLines: Equatable, Sendable {
    /// The text, as received or as formatted.
    package let bytes: BodyBytes
    /// The offset of the first byte of each line.
    private let starts: [UInt32]
    /// Indices of lines that continue the line before them (no line break between), ascending.
    package let continuations: [Int]

    /// The longest line kept whole, in bytes.
    package static let maximumLineBytes = 8192

    /// Indexes a copy of `bytes`; empty text has no lines.
    package init(_ bytes: [UInt8], maximumLineBytes: Int = TextLines.maximumLineBytes) {
        self.init(BodyBytes(bytes), maximumLineBytes: maximumLineBytes)
    }

    /// Indexes `bytes` (a body's own, shared); empty text has no lines.
    package init(_ bytes: BodyBytes, maximumLineBytes: Int = TextLines.maximumLineBytes) {
        var starts: [UInt32] = []
        var continuations: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            let count = buffer.count
            var lineStart = 0
            starts.append(0)
            while lineStart < count {
                // A line break within the longest line kept whole (or right at its end) ends the line; else it is cut there.
                let searchEnd = min(count, lineStart + maximumLineBytes + 1)
                if let found = memchr(base + lineStart, 0x0A, searchEnd - lineStart) {
                    lineStart = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
                    if lineStart < count { starts.append(UInt32(truncatingIfNeeded: lineStart)) }
                    continue
                }
                if searchEnd >= count { break }
                var cut = lineStart + maximumLineBytes
                while cut > lineStart + 1, base[cut] & 0xC0 == 0x80 { cut -= 1 }
                continuations.append(starts.count)
                starts.append(UInt32(truncatingIfNeeded: cut))
                lineStart = cut
            }
        }
        self.bytes = bytes
        self.starts = starts
        self.continuations = continuations
    }

    /// Lines of text given as a string.
    package init(text: String) {
        self.init(Array(text.utf8))
    }

    /// The number of lines.
    package var count: Int { starts.count }

    /// The byte range of line `index`, without its line break.
    package func range(of index: Int) -> Range<Int> {
        let start = Int(starts[index])
        var end: Int
        if index + 1 < starts.count {
            end = Int(starts[index + 1])
            if !isContinuation(index + 1) { end -= 1 }
        } else {
            end = bytes.count
            if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        }
        if end > start, bytes[end - 1] == 0x0D, index + 1 >= starts.count || !isContinuation(index + 1) { end -= 1 }
        return start..<end
    }

    /// Whether line `index` continues the previous line because that one was too long.
    package func isContinuation(_ index: Int) -> Bool {
        var low = 0
        var high = continuations.count
        while low < high {
            let mid = (low + high) / 2
            if continuations[mid] < index { low = mid + 1 } else { high = mid }
        }
        return low < continuations.count && continuations[low] == index
    }
}
