/// A growable column of numbers kept in fixed-size chunks.
///
/// Copies share the chunks, so growing a copy of a long column (a document shown while its index grows)
/// copies only the last chunk, never the whole column, and the column never holds more than one chunk of spare room.
struct ChunkedColumn<Element: BitwiseCopyable & Equatable & Sendable>: Equatable, Sendable {
    /// Elements per chunk (a power of two).
    static var chunkSize: Int { 1 << chunkShift }
    private static var chunkShift: Int { 16 }

    /// The chunks, each full but the last.
    private var chunks: [[Element]] = []
    /// The number of elements.
    private(set) var count = 0

    /// An empty column.
    init() {}

    /// Whether there are no elements.
    var isEmpty: Bool { count == 0 }

    /// The element at `index`.
    subscript(index: Int) -> Element {
        chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)]
    }

    /// Adds an element at the end.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// Changes the last element with `change`.
    mutating func updateLast(_ change: (inout Element) -> Void) {
        guard count > 0 else { return }
        let chunk = chunks.count - 1
        change(&chunks[chunk][chunks[chunk].count - 1])
    }

    /// Removes the last element.
    mutating func removeLast() {
        guard count > 0 else { return }
        chunks[chunks.count - 1].removeLast()
        if chunks[chunks.count - 1].isEmpty { chunks.removeLast() }
        count -= 1
    }
}
