import Testing
@testable import BodyIndex

/// The chunked column under the JSON line index: elements across chunk boundaries, the last one changed or removed.
@Suite struct ChunkedColumnTests {
    @Test func elementsAcrossChunksReadBackInOrder() {
        let size = ChunkedColumn<UInt32>.chunkSize
        var column = ChunkedColumn<UInt32>()
        for value in 0..<(2 * size + 3) { column.append(UInt32(value)) }
        #expect(column.count == 2 * size + 3)
        #expect([0, size - 1, size, 2 * size, 2 * size + 2].map { Int(column[$0]) } == [0, size - 1, size, 2 * size, 2 * size + 2])
    }

    @Test func theLastElementChangesAndGoesEvenAtAChunkBoundary() {
        let size = ChunkedColumn<UInt32>.chunkSize
        var column = ChunkedColumn<UInt32>()
        for value in 0..<size { column.append(UInt32(value)) }
        column.updateLast { $0 = 7 }
        #expect(column[size - 1] == 7)
        column.append(1)
        column.removeLast()
        column.updateLast { $0 += 1 }
        #expect(column.count == size && column[size - 1] == 8)
        var copy = column
        copy.append(9)
        copy.removeLast()
        #expect(copy == column, "equal elements compare equal whatever was appended and removed")
        copy.append(9)
        #expect(copy != column && column.count == size, "a copy grows apart from the column it came from")
    }
}
