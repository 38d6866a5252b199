import BodyIndex
import TUICore

/// A run of bytes of one line drawn in one JSON token color (nil: plain text color).
struct JSONRun: Equatable, Sendable {
    /// The bytes of the run, as offsets into the document.
    var range: Range<Int>
    /// The token color role, nil for whitespace and anything unrecognised.
    var role: JSONTokenRole?
}

/// Splits one line of pretty-printed JSON into colored runs.
///
/// Pretty-printed JSON keeps every token on one line, so a line can be colored on its own;
/// only pieces of a cut long line need the state the previous piece ended in.
enum JSONLineLexer {
    /// The runs of `bytes[range]`, starting in `state`, and the state at the end.
    static func runs<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>, from state: JSONLexState = .normal) -> (runs: [JSONRun], end: JSONLexState) where Bytes.Index == Int {
        var runs: [JSONRun] = []
        var index = range.lowerBound
        let end = range.upperBound
        if state != .normal {
            let (stop, after) = scanStringBody(bytes, from: index, to: end, escaped: state == .inStringEscape)
            runs.append(JSONRun(range: index..<stop, role: .string))
            if after != .normal { return (runs, after) }
            index = stop
        }
        while index < end {
            let byte = bytes[index]
            let start = index
            switch byte {
            case UInt8(ascii: "\""):
                let (stop, after) = scanStringBody(bytes, from: index + 1, to: end, escaped: false)
                var next = stop
                while next < end, bytes[next] == 0x20 { next += 1 }
                let isKey = after == .normal && next < end && bytes[next] == UInt8(ascii: ":")
                runs.append(JSONRun(range: start..<stop, role: isKey ? .key : .string))
                if after != .normal { return (runs, after) }
                index = stop
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
                index += 1
                runs.append(JSONRun(range: start..<index, role: .punctuation))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                while index < end, isNumberByte(bytes[index]) { index += 1 }
                runs.append(JSONRun(range: start..<index, role: .number))
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                while index < end, bytes[index] >= UInt8(ascii: "a"), bytes[index] <= UInt8(ascii: "z") { index += 1 }
                runs.append(JSONRun(range: start..<index, role: byte == UInt8(ascii: "n") ? .null : .boolean))
            default:
                while index < end, !startsToken(bytes[index]) { index += 1 }
                if index == start { index += 1 }
                runs.append(JSONRun(range: start..<index, role: nil))
            }
        }
        return (runs, .normal)
    }

    /// Scans string content up to and including the closing quote, or to `end`.
    private static func scanStringBody<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from start: Int, to end: Int, escaped: Bool) -> (Int, JSONLexState) where Bytes.Index == Int {
        var index = start
        var escape = escaped
        while index < end {
            let byte = bytes[index]
            index += 1
            if escape {
                escape = false
            } else if byte == UInt8(ascii: "\\") {
                escape = true
            } else if byte == UInt8(ascii: "\"") {
                return (index, .normal)
            }
        }
        return (end, escape ? .inStringEscape : .inString)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }

    private static func startsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }
}
