/// Reading JSON text into an `OrderedJSON` tree.
extension OrderedJSON {
    /// Parses a JSON document with `JSONScanner`, keeping members in their written order.
    ///
    /// Repeated keys are all kept, numbers keep their text, a UTF-8 byte order mark is skipped, and
    /// arrays and objects nested deeper than `JSONParser.maximumDepth` are refused. The tree is built
    /// with an explicit stack, so no call depth follows the document's depth.
    public static func parse(_ bytes: some Sequence<UInt8>) throws(NetworkError) -> OrderedJSON {
        let outcome = bytes.withContiguousStorageIfAvailable { input in Result { () throws(JSONSyntaxError) in try OrderedJSONReader.read(input) } }
            ?? Array(bytes).withUnsafeBufferPointer { input in Result { () throws(JSONSyntaxError) in try OrderedJSONReader.read(input) } }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw .invalidJSON(error.description)
        }
    }
}

/// Builds an `OrderedJSON` tree from a scanner's tokens, holding the open containers on a stack.
enum OrderedJSONReader {
    /// One open array or object and the values read into it so far.
    struct Frame {
        /// Whether the container is an object.
        var isObject: Bool
        /// The elements of an array.
        var elements: [OrderedJSON] = []
        /// The members of an object.
        var members: [JSONMember] = []
        /// The key of the object member whose value is being read.
        var key = ""

        /// The finished container.
        var value: OrderedJSON { isObject ? .object(members) : .array(elements) }
    }

    /// The most members or elements a container reserves room for before it is read.
    static let reservedSizeLimit = 64

    /// Reads one whole JSON text.
    static func read(_ input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> OrderedJSON {
        let hasByteOrderMark = input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF
        var scanner = JSONScanner(startingAt: hasByteOrderMark ? 3 : 0)
        var stack: [Frame] = []
        // The size of the container last closed at each depth (at most `reservedSizeLimit`): siblings tend to be alike
        // (an array of records), so a new container reserves that much room and is not grown by copying.
        var lastSizes: [Int] = []
        var token = try scanner.required(in: input)
        while true {
            var value: OrderedJSON
            switch token.kind {
            case .beginObject, .beginArray:
                if scanner.depth > JSONParser.maximumDepth {
                    throw JSONSyntaxError(
                        offset: token.range.lowerBound,
                        reason: "nesting deeper than \(JSONParser.maximumDepth) levels of arrays and objects")
                }
                let isObject = token.kind == .beginObject
                if isObject, let key = try scanner.nextKey(in: input) {
                    var frame = Frame(isObject: true, key: try JSONScanner.string(of: key, in: input))
                    if stack.count < lastSizes.count { frame.members.reserveCapacity(lastSizes[stack.count]) }
                    stack.append(frame)
                    token = try scanner.required(in: input)
                    continue
                }
                if !isObject, let first = try scanner.nextElement(in: input) {
                    var frame = Frame(isObject: false)
                    if stack.count < lastSizes.count { frame.elements.reserveCapacity(lastSizes[stack.count]) }
                    stack.append(frame)
                    token = first
                    continue
                }
                value = isObject ? .object([]) : .array([])
            case .string, .key: value = .string(try JSONScanner.string(of: token, in: input))
            case .number: value = .number(JSONScanner.text(of: token, in: input))
            case .boolean: value = .bool(input[token.range.lowerBound] == UInt8(ascii: "t"))
            case .null: value = .null
            case .endObject, .endArray, .comma, .colon:
                throw JSONSyntaxError(offset: token.range.lowerBound, reason: "unexpected punctuation where a value should start")
            }
            // Put the finished value into its container; close containers that end here.
            while true {
                guard !stack.isEmpty else {
                    try scanner.finish(in: input)
                    return value
                }
                let top = stack.count - 1
                if stack[top].isObject {
                    stack[top].members.append(JSONMember(key: stack[top].key, value: value))
                    if let key = try scanner.nextKey(in: input) {
                        stack[top].key = try JSONScanner.string(of: key, in: input)
                        token = try scanner.required(in: input)
                        break
                    }
                } else {
                    stack[top].elements.append(value)
                    if let next = try scanner.nextElement(in: input) {
                        token = next
                        break
                    }
                }
                let closed = stack.removeLast()
                let size = min(closed.isObject ? closed.members.count : closed.elements.count, Self.reservedSizeLimit)
                if stack.count < lastSizes.count {
                    lastSizes[stack.count] = size
                } else if stack.count == lastSizes.count {
                    lastSizes.append(size)
                }
                value = closed.value
            }
        }
    }
}
