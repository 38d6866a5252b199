/// The rows of a hex view over a body, computed on demand from the row index: nothing is stored per row,
/// so a 100 MB body costs no more to show than a small one.
///
/// A row is the offset, sixteen bytes as two hex digits each (a gap after the eighth), and the same bytes
/// as ASCII with every byte outside `0x20...0x7E` drawn as `.`:
/// `00000010  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 00 ff  Hello, world!...`
package struct HexDump: Equatable, Sendable {
    /// The bytes shown (shared with the document, never copied).
    package let bytes: BodyBytes

    /// Bytes per row.
    package static let bytesPerRow = 16
    /// The columns of the hex part: three per byte, plus the gap between the two halves.
    package static let hexColumns = bytesPerRow * 3 + 1

    /// A hex view of `bytes`.
    package init(_ bytes: BodyBytes) {
        self.bytes = bytes
    }

    /// A hex view of a copy of `bytes`.
    package init(_ bytes: [UInt8]) {
        self.init(BodyBytes(bytes))
    }

    /// The number of rows, the last one possibly partial.
    package var rowCount: Int { (bytes.count + Self.bytesPerRow - 1) / Self.bytesPerRow }

    /// Hex digits in an offset: eight, more for bodies of 4 GiB and over.
    package var offsetDigits: Int {
        var digits = 8
        var limit = UInt64(1) << 32
        while UInt64(bytes.count) > limit, digits < 16 {
            digits += 1
            limit <<= 4
        }
        return digits
    }

    /// The display width of every row.
    package var rowWidth: Int { offsetDigits + 2 + Self.hexColumns + 1 + Self.bytesPerRow }

    /// The parts of a row: where each part starts in the row text.
    package struct Row: Equatable, Sendable {
        /// The whole row, ASCII only.
        package let text: String
        /// The offset column's width.
        package let offsetWidth: Int
        /// Where the ASCII column starts.
        package let asciiStart: Int
    }

    /// Row `index`, or nil past the end.
    package func row(_ index: Int) -> Row? {
        guard index >= 0, index < rowCount else { return nil }
        let start = index * Self.bytesPerRow
        let end = min(bytes.count, start + Self.bytesPerRow)
        var out: [UInt8] = []
        out.reserveCapacity(rowWidth)
        let digits = offsetDigits
        for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
            out.append(Self.hexDigit(UInt8(truncatingIfNeeded: UInt64(start) >> UInt64(shift)) & 0x0F))
        }
        out.append(0x20)
        out.append(0x20)
        for column in 0..<Self.bytesPerRow {
            if column == Self.bytesPerRow / 2 { out.append(0x20) }
            if start + column < end {
                let byte = bytes[start + column]
                out.append(Self.hexDigit(byte >> 4))
                out.append(Self.hexDigit(byte & 0x0F))
            } else {
                out.append(0x20)
                out.append(0x20)
            }
            out.append(0x20)
        }
        out.append(0x20)
        let asciiStart = out.count
        for position in start..<end {
            let byte = bytes[position]
            out.append(byte >= 0x20 && byte < 0x7F ? byte : UInt8(ascii: "."))
        }
        return Row(text: String(decoding: out, as: UTF8.self), offsetWidth: digits, asciiStart: asciiStart)
    }

    /// The lower-case hex digit for a value below 16.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
