import BodyIndex
import TUICore

extension ResponseViewerState {
    /// Lines above the hex rows: what the body is, and the key that saves it.
    static let hexNoticeLines = 2

    /// The hex view of the body, when the Body tab shows a binary body; nil otherwise.
    var hexView: HexDump? { tab == .body ? binaryHex : nil }

    /// The hex view of the document's body when it is binary, whichever tab is shown.
    var binaryHex: HexDump? {
        guard let document, document.stream == nil, document.bodyKind == .binary else { return nil }
        return HexDump(document.body)
    }

    /// The lines of a hex view: the two notice lines and one line per row.
    static func hexLineCount(_ hex: HexDump) -> Int { hexNoticeLines + hex.rowCount }

    /// `position` kept inside a hex view: not past the last page, not further right than the rows reach.
    func hexClamped(_ position: ScrollPosition, _ hex: HexDump) -> ScrollPosition {
        let lastLine = max(0, Self.hexLineCount(hex) - max(1, viewport.height))
        let lastColumn = max(0, hex.rowWidth - max(1, viewport.width))
        return ScrollPosition(line: min(max(0, position.line), lastLine), column: min(max(0, position.column), lastColumn))
    }

    /// Carries out a scrolling action in the hex view; returns false for actions it does not handle.
    ///
    /// Rows never wrap: a pane narrower than a row scrolls sideways whatever the wrap setting.
    mutating func applyHexScroll(_ action: ResponseAction) -> Bool {
        guard let hex = hexView else { return false }
        var next = position
        let page = max(1, viewport.height - 1)
        switch action {
        case .scrollDown(let rows): next.line += rows
        case .scrollUp(let rows): next.line -= rows
        case .pageDown: next.line += page
        case .pageUp: next.line -= page
        case .top: next.line = 0
        case .bottom: next.line = Self.hexLineCount(hex)
        case .scrollRight(let columns): next.column += columns
        case .scrollLeft(let columns): next.column -= columns
        default: return false
        }
        scroll[.body] = hexClamped(next, hex)
        return true
    }

    /// The notice above the hex rows: size and type, then the key that saves the body.
    static func hexNotice(for document: ResponseDocument) -> [String] {
        let type = document.contentType.isEmpty ? "unknown type" : BodyClassification.essence(document.contentType)
        return ["Binary body: \(ResponseFormatting.size(document.bodySize)) of \(type), shown as hex.", "Press s to save it to a file."]
    }

    /// Draws the hex view from the current position: only the rows in view are computed.
    func renderHex(_ hex: HexDump, into buffer: inout Buffer, area: Rect, theme: Theme, base: Style) {
        guard let document else { return }
        let top = hexClamped(position, hex)
        let muted = base.patched(with: Style(fg: theme[.muted]))
        let text = base.patched(with: Style(fg: theme[.text]))
        let ascii = base.patched(with: Style(fg: theme[.string]))
        for y in 0..<area.height {
            let line = top.line + y
            let x = area.x - top.column
            if line < Self.hexNoticeLines {
                buffer.setString(sanitize(Self.hexNotice(for: document)[line]), x: x, y: area.y + y, style: muted, clip: area)
                continue
            }
            guard line >= Self.hexNoticeLines, let row = hex.row(line - Self.hexNoticeLines) else { continue }
            let characters = Array(row.text.utf8)
            let offset = String(decoding: characters[0..<row.offsetWidth], as: UTF8.self)
            let bytes = String(decoding: characters[row.offsetWidth..<row.asciiStart], as: UTF8.self)
            let printable = String(decoding: characters[row.asciiStart...], as: UTF8.self)
            var column = buffer.setString(offset, x: x, y: area.y + y, style: muted, clip: area)
            column = buffer.setString(bytes, x: column, y: area.y + y, style: text, clip: area)
            buffer.setString(printable, x: column, y: area.y + y, style: ascii, clip: area)
        }
    }
}
