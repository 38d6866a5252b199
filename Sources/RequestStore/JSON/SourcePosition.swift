/// A line and column in a text, both counted from 1; columns count characters, not bytes.
public struct SourcePosition: Hashable, Sendable {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The line and column of a byte offset in UTF-8 bytes.
    static func of(offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourcePosition(line: line, column: column)
    }
}
