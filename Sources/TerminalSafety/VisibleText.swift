/// The one sanitizer for text headed to a terminal from outside curlew (servers, files, arguments).
///
/// Nothing that passes through it can drive the terminal or hide and reorder what is shown: C0 controls become
/// their control pictures (ESC is `␛`), DEL `␡`, the C1 controls U+0080–U+009F `�`; the invisible characters —
/// bidirectional controls (U+202A–U+202E, U+2066–U+2069), zero-width and other format characters (U+200B–U+200F,
/// U+FEFF, U+00AD, …) and the line and paragraph separators U+2028 and U+2029 — are written as `<U+202E>`. A zero
/// width joiner or tag inside an emoji sequence (👩‍💻, the flag of Scotland) is kept, since it only joins the
/// pictures. Invalid UTF-8 becomes `�`.
public enum VisibleText {
    /// `text` made visible; line feeds and tabs are kept when asked, else drawn as symbols. A positive
    /// `tabWidth` expands tabs to spaces instead.
    public static func string(_ text: String, keepingLineFeeds: Bool = false, keepingTabs: Bool = false, tabWidth: Int = 0) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var text = text
        return text.withUTF8 { input in
            var output: [UInt8] = []
            output.reserveCapacity(input.count + 16)
            append(input, to: &output, keepingLineFeeds: keepingLineFeeds, keepingTabs: keepingTabs, tabWidth: tabWidth)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Appends the UTF-8 bytes `input`, made visible as `string` does, to `output`.
    public static func append(
        _ input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], keepingLineFeeds: Bool = false, keepingTabs: Bool = false, tabWidth: Int = 0
    ) {
        var writer = Writer(keepingLineFeeds: keepingLineFeeds, keepingTabs: keepingTabs, tabWidth: tabWidth)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte < 0x80 {
                writer.ascii(byte, &output)
                index += 1
                continue
            }
            let (scalar, length) = UTF8Scalar.decode(input, at: index)
            writer.scalar(scalar, bytes: UnsafeBufferPointer(rebasing: input[index..<(index + length)]), &output)
            index += length
        }
        writer.finish(&output)
    }

    /// Whether a grapheme cluster holds anything `string` would change (a control or an invisible character).
    public static func needsEscaping(_ character: Character) -> Bool {
        var invisible = false
        for scalar in character.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (value >= 0x7F && value < 0xA0) { return true }
            if value >= 0xAD, isInvisible(scalar) { invisible = true }
        }
        guard invisible else { return false }
        let text = String(character)
        return string(text) != text
    }

    /// Whether a scalar is shown as nothing (or moves other text) by a terminal: a format character or U+2028/U+2029.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0xAD || (value >= 0x2070 && value < 0xFEFF) { return false }
        if value == 0x2028 || value == 0x2029 { return true }
        return scalar.properties.generalCategory == .format
    }

    /// `<U+202E>`: how an invisible character is written.
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// The output side of `append`: line feeds, tabs and the column for tab stops, and the emoji sequence in progress.
    private struct Writer {
        let keepingLineFeeds: Bool
        let keepingTabs: Bool
        let tabWidth: Int
        var column = 0
        /// Whether the last picture written was an emoji that a joiner or tags may follow.
        var inEmoji = false
        /// A zero width joiner after an emoji, written once the next scalar shows whether an emoji follows it.
        var pendingJoiner = false

        mutating func ascii(_ byte: UInt8, _ output: inout [UInt8]) {
            flushJoiner(joined: false, &output)
            inEmoji = false
            switch byte {
            case 0x0A where keepingLineFeeds:
                output.append(byte)
                column = 0
            case 0x09 where tabWidth > 0:
                let spaces = tabWidth - column % tabWidth
                output.append(contentsOf: repeatElement(0x20, count: spaces))
                column += spaces
            case 0x09 where keepingTabs:
                output.append(byte)
                column += 1
            case 0x00..<0x20:
                output.append(contentsOf: [0xE2, 0x90, 0x80 + byte])
                column += 1
            case 0x7F:
                output.append(contentsOf: [0xE2, 0x90, 0xA1])
                column += 1
            default:
                output.append(byte)
                column += 1
            }
        }

        mutating func scalar(_ scalar: Unicode.Scalar?, bytes: UnsafeBufferPointer<UInt8>, _ output: inout [UInt8]) {
            guard let scalar else {
                flushJoiner(joined: false, &output)
                inEmoji = false
                replacement(&output)
                return
            }
            let value = scalar.value
            let emoji = ((0x203C...0x3299).contains(value) || value >= 0x1F000) && scalar.properties.isEmoji
            flushJoiner(joined: emoji, &output)
            if value < 0xA0 {
                inEmoji = false
                replacement(&output)
                return
            }
            if value == 0x200D, inEmoji {
                pendingJoiner = true
                return
            }
            let extendsEmoji = value == 0xFE0F || value == 0x20E3 || (0x1F3FB...0x1F3FF).contains(value) || (0xE0020...0xE007F).contains(value)
            if inEmoji, extendsEmoji {
                output.append(contentsOf: bytes)
                return
            }
            if VisibleText.isInvisible(scalar) {
                inEmoji = false
                let shown = VisibleText.escaped(scalar)
                output.append(contentsOf: shown.utf8)
                column += shown.utf8.count
                return
            }
            inEmoji = emoji
            output.append(contentsOf: bytes)
            column += 1
        }

        mutating func finish(_ output: inout [UInt8]) {
            flushJoiner(joined: false, &output)
        }

        /// Writes a joiner held back: as it is between two emoji, else as `<U+200D>`.
        private mutating func flushJoiner(joined: Bool, _ output: inout [UInt8]) {
            guard pendingJoiner else { return }
            pendingJoiner = false
            if joined {
                output.append(contentsOf: [0xE2, 0x80, 0x8D])
            } else {
                let shown = VisibleText.escaped("\u{200D}")
                output.append(contentsOf: shown.utf8)
                column += shown.utf8.count
            }
        }

        private mutating func replacement(_ output: inout [UInt8]) {
            output.append(contentsOf: [0xEF, 0xBF, 0xBD])
            column += 1
        }
    }
}
