import RequestStore
import TUICore

/// Colors `{{variables}}`: resolved ones in the accent color, unresolved ones in the error color.
enum VariableHighlighter {
    static func make(scope: VariableScope, theme: Theme) -> @Sendable (String) -> [Span] {
        let resolved = Style(fg: theme[.accent], modifiers: .bold)
        let unresolved = Style(fg: theme[.error], modifiers: [.bold, .underline])
        return { text in
            let references = VariableResolver.references(in: text, scope: scope)
            guard !references.isEmpty else { return [Span(text)] }
            var spans: [Span] = []
            var index = text.startIndex
            for reference in references where reference.range.lowerBound >= index {
                if index < reference.range.lowerBound { spans.append(Span(String(text[index..<reference.range.lowerBound]))) }
                spans.append(Span(String(text[reference.range]), style: reference.isResolved ? resolved : unresolved))
                index = reference.range.upperBound
            }
            if index < text.endIndex { spans.append(Span(String(text[index...]))) }
            return spans
        }
    }
}
