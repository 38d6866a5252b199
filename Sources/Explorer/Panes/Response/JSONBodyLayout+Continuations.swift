import BodyIndex

extension JSONBodyLayout {
    /// The lexer state at the start of each continuation line of `lines`, by line index.
    static func continuationStates(of lines: TextLines) -> [Int: JSONLexState] {
        var states: [Int: JSONLexState] = [:]
        for index in lines.continuations {
            let previous = index - 1
            let start = states[previous] ?? .normal
            states[index] = JSONLineLexer.runs(lines.bytes, lines.range(of: previous), from: start).end
        }
        return states
    }
}
