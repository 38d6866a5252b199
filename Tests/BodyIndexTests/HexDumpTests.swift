import Testing
@testable import BodyIndex

/// The hex dump of binary bodies: row layout and offsets.
@Suite struct HexDumpTests {

    @Test func aRowHoldsTheOffsetSixteenBytesInTwoHalvesAndTheASCIIColumn() throws {
        let bytes: [UInt8] = Array("Hello, world!".utf8) + [0x0A, 0x00, 0xFF] + Array("next row".utf8)
        let hex = HexDump(bytes)
        #expect(hex.rowCount == 2)
        let first = try #require(hex.row(0))
        #expect(first.text == "00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 00 ff  Hello, world!...")
        #expect(first.text.count == hex.rowWidth)
        #expect(first.asciiStart == hex.rowWidth - 16)
        #expect(hex.row(2) == nil)
        #expect(hex.row(-1) == nil)
    }

    @Test func theLastPartialRowKeepsTheASCIIColumnAligned() throws {
        let bytes = (0..<20).map { UInt8(0x41 + $0) }
        let hex = HexDump(bytes)
        let last = try #require(hex.row(1))
        #expect(last.text.hasPrefix("00000010  51 52 53 54  "))
        #expect(last.asciiStart == (try #require(hex.row(0))).asciiStart)
        #expect(String(last.text.dropFirst(last.asciiStart)) == "QRST")
        #expect(last.text.count == hex.rowWidth - 12)
    }

    @Test(arguments: [(0, 0), (1, 1), (16, 1), (17, 2), (1 << 20, 65_536)])
    func rowCountFollowsTheSize(size: Int, rows: Int) {
        #expect(HexDump([UInt8](repeating: 7, count: size)).rowCount == rows)
    }

    @Test func offsetsOfBigBodiesAreRowIndexTimesSixteen() throws {
        let hex = HexDump([UInt8](repeating: 0x2E, count: 1 << 20))
        #expect(try #require(hex.row(65_535)).text.hasPrefix("000ffff0  2e 2e"))
        #expect(hex.offsetDigits == 8)
    }
}
