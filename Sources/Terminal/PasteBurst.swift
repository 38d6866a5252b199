import TUICore

/// Text that arrives in one burst with a line break inside it is a paste, even from a terminal without bracketed
/// paste: typing never delivers a line break followed by more text in one read, and sending each line as Enter
/// would send a multi-line curl command broken at its first line.
public enum PasteBurst {
    /// The fewest printable characters a burst needs before it can count as a paste.
    public static let minimumCharacters = 8

    /// The events of one read with each run of plain characters, tabs and line breaks turned into one `.paste`
    /// when the run holds a line break followed by more text and at least `minimumCharacters` printable characters.
    public static func coalesce(_ events: [Event]) -> [Event] {
        var result: [Event] = []
        var run: [Event] = []
        func flush() {
            if let text = pastedText(run) {
                result.append(.paste(text))
            } else {
                result += run
            }
            run = []
        }
        for event in events {
            if character(of: event) != nil {
                run.append(event)
            } else {
                flush()
                result.append(event)
            }
        }
        flush()
        return result
    }

    /// The character a plain key stands for in pasted text (Enter as a line break), or nil for other events.
    private static func character(of event: Event) -> Character? {
        guard case .key(let key) = event, key.modifiers.isEmpty || key.modifiers == .shift else { return nil }
        switch key.key {
        case .char(let character): return character
        case .enter: return "\n"
        case .tab: return "\t"
        default: return nil
        }
    }

    /// The run's text when it looks pasted, else nil.
    private static func pastedText(_ run: [Event]) -> String? {
        let text = String(run.compactMap(character(of:)))
        guard let lineBreak = text.firstIndex(of: "\n") else { return nil }
        let afterBreak = text[text.index(after: lineBreak)...]
        guard afterBreak.contains(where: { $0 != "\n" && !$0.isWhitespace }) else { return nil }
        guard text.count(where: { !$0.isWhitespace }) >= minimumCharacters else { return nil }
        return text
    }
}
