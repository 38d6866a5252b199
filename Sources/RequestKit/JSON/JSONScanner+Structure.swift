/// Walking a JSON text by members and elements, for code that builds trees or picks out a few fields.
extension JSONScanner {
    /// The next token, which the grammar says must come (inside a container, or the text's one value).
    public mutating func required(in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONToken {
        guard let token = try next(in: input) else { throw JSONSyntaxError(offset: offset, reason: "expected a value but the input ended") }
        return token
    }

    /// After `{` or a member's value: the next member's key, with its `:` read, or nil at the closing `}`.
    public mutating func nextKey(in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONToken? {
        _ = passComma(in: input)
        var token = try required(in: input)
        if token.kind == .comma { token = try required(in: input) }
        if token.kind == .endObject { return nil }
        if !passColon(in: input) { _ = try required(in: input) }
        return token
    }

    /// After `[` or an element: the first token of the next element, or nil at the closing `]`.
    public mutating func nextElement(in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONToken? {
        _ = passComma(in: input)
        var token = try required(in: input)
        if token.kind == .comma { token = try required(in: input) }
        return token.kind == .endArray ? nil : token
    }

    /// Moves past the rest of a value whose first token has been read.
    public mutating func skipValue(startingWith token: JSONToken, in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        guard token.kind == .beginObject || token.kind == .beginArray else { return }
        let outside = depth - 1
        while depth > outside { _ = try required(in: input) }
    }

    /// Checks that nothing but whitespace follows the text's one value.
    public mutating func finish(in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        if let token = try next(in: input) {
            throw JSONSyntaxError(offset: token.range.lowerBound, reason: "unexpected text after the JSON value")
        }
    }
}
