/// Locating a check or capture line that does not parse: the file's line and column of the problem itself.
extension CanonicalJSON {
    /// The error for a bad check or capture line, naming the request by its path and both columns.
    static func fileError(for failure: CheckLineDecodingError, in tree: ParsedJSON, bytes: [UInt8], file: String) -> FileFormatError {
        var node = tree
        var names: [String] = []
        var previousKey = ""
        var ownerName = ""
        for step in failure.path {
            switch (step, node.kind) {
            case (.key(let key), .object(let members)):
                if case .string(let name)? = members.first(where: { $0.key == "name" })?.value.kind { ownerName = name }
                guard let member = members.last(where: { $0.key == key }) else { break }
                node = member.value
                previousKey = key
            case (.index(let index), .array(let items)) where items.indices.contains(index):
                node = items[index]
                if previousKey == "folders" || previousKey == "requests",
                   case .object(let members) = node.kind, case .string(let name)? = members.first(where: { $0.key == "name" })?.value.kind {
                    names.append(name)
                }
            default:
                break
            }
        }
        let offset = offsetOfCharacter(failure.error.column - 1, inStringAt: node.offset, bytes: bytes)
        let position = SourcePosition.of(offset: offset, in: bytes)
        let request = names.isEmpty ? ownerName : names.joined(separator: "/")
        let reason = "in request \"\(request)\", the \(failure.kind.rawValue) \"\(failure.line)\" does not parse at its column \(failure.error.column): \(failure.error.message)"
        return FileFormatError(file: file, line: position.line, column: position.column, reason: reason)
    }

    /// The byte offset of the n-th decoded character of the JSON string whose opening quote is at `start`.
    static func offsetOfCharacter(_ count: Int, inStringAt start: Int, bytes: [UInt8]) -> Int {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return start }
        var index = start + 1
        var decoded = 0
        while index < bytes.count, decoded < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "u") {
                    let isHighSurrogate = index + 5 < bytes.count && (bytes[index + 2] | 0x20) == UInt8(ascii: "d")
                        && (UInt8(ascii: "8")...UInt8(ascii: "b")).contains(bytes[index + 3] | 0x20)
                    index += isHighSurrogate ? 12 : 6
                } else {
                    index += 2
                }
            } else {
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            }
            decoded += 1
        }
        return min(index, bytes.count)
    }
}
