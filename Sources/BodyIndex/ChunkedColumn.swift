/// A growable column of numbers kept in fixed-size chunks.
///
/// Copies share the full chunks, so growing a copy of a long column (a document shown while its index grows)
/// copies only the chunk being filled, never the whole column, and the column never holds more than one chunk of
/// spare room. Appends go to that last chunk, kept apart so that an append touches one array.
package struct ChunkedColumn<Element: BitwiseCopyable & Equatable & Sendable>: Equatable, Sendable {
    /// Elements per chunk (a power of two).
    package static var chunkSize: Int { 1 << chunkShift }
    private static var chunkShift: Int { 16 }

    /// The full chunks.
    private var full: [[Element]] = []
    /// The last chunk: between 1 and `chunkSize` elements whenever the column is not empty, so equal columns split alike.
    private var tail: [Element] = []

    /// An empty column.
    package init() {}

    /// The number of elements.
    package var count: Int { full.count << Self.chunkShift + tail.count }

    /// Whether there are no elements.
    package var isEmpty: Bool { full.isEmpty && tail.isEmpty }

    /// The element at `index`.
    package subscript(index: Int) -> Element {
        let chunk = index >> Self.chunkShift
        return chunk < full.count ? full[chunk][index & (Self.chunkSize - 1)] : tail[index & (Self.chunkSize - 1)]
    }

    /// Adds an element at the end.
    @inline(__always)
    package mutating func append(_ element: Element) {
        if tail.count == Self.chunkSize {
            full.append(tail)
            tail = []
        }
        if tail.capacity == 0 { tail.reserveCapacity(Self.chunkSize) }
        tail.append(element)
    }

    /// Adds the elements of `other` at the end, in order, a chunk at a time.
    package mutating func append(contentsOf other: ChunkedColumn) {
        for chunk in other.full + [other.tail] {
            var from = 0
            while from < chunk.count {
                if tail.count == Self.chunkSize {
                    full.append(tail)
                    tail = []
                }
                if tail.capacity == 0 { tail.reserveCapacity(Self.chunkSize) }
                let taken = min(Self.chunkSize - tail.count, chunk.count - from)
                tail.append(contentsOf: chunk[from..<(from + taken)])
                from += taken
            }
        }
    }

    /// Changes the last element with `change`.
    @inline(__always)
    package mutating func updateLast(_ change: (inout Element) -> Void) {
        guard !tail.isEmpty else { return }
        change(&tail[tail.count - 1])
    }

    /// Removes the last element.
    package mutating func removeLast() {
        guard !tail.isEmpty else { return }
        tail.removeLast()
        if tail.isEmpty, !full.isEmpty { tail = full.removeLast() }
    }
}
