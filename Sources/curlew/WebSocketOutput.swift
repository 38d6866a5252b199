import Foundation
import RequestKit
import TerminalSafety

/// How `curlew send ws://…` writes what happens: a line per message received, or a JSON object per message.
struct WebSocketOutput {
    /// `--format json`.
    let json: Bool
    /// Whether stdout is a terminal (everything from the server is then sanitized).
    let toTerminal: Bool

    /// The bytes to write for an event; nil for events that print nothing in this format.
    func render(_ event: WebSocketEvent) -> [UInt8]? {
        switch event {
        case .message(let message):
            if json { return jsonLine(time: message.time, direction: message.direction, type: message.kind.rawValue, data: message.data, kind: message.kind) }
            guard message.direction == .received else { return nil }
            return line(for: message)
        case .closed(let closure):
            guard json, closure.answered else { return nil }
            var line = jsonHead(time: closure.time, direction: closure.byServer ? .received : .sent, type: "close")
            line += Array(", \"code\": ".utf8) + Array((closure.code.map(String.init) ?? "null").utf8)
            line += Array(", \"data\": ".utf8) + jsonString(closure.reason)
            return line + Array("}\n".utf8)
        case .ping(let frame), .pong(let frame):
            guard json else { return nil }
            let type: String
            if case .ping = event { type = "ping" } else { type = "pong" }
            return jsonLine(time: frame.time, direction: frame.direction, type: type, data: frame.payload, kind: .binary)
        case .opened, .failed:
            return nil
        }
    }

    /// A received message as one line: text as it came (sanitized on a terminal, its line breaks shown as symbols so a
    /// message stays one line); binary as it came off a terminal, as a hex dump line on one.
    private func line(for message: WebSocketMessage) -> [UInt8] {
        switch message.kind {
        case .text:
            let text = String(decoding: message.data, as: UTF8.self)
            guard toTerminal else { return message.data + [0x0A] }
            return Array((VisibleText.string(text) + "\n").utf8)
        case .binary:
            guard toTerminal else { return message.data + [0x0A] }
            let shown = message.data.prefix(4096).map { String(format: "%02x", $0) }.joined(separator: " ")
            let more = message.data.count > 4096 ? " …" : ""
            return Array("[binary, \(message.data.count) bytes] \(shown)\(more)\n".utf8)
        }
    }

    /// `{"t": …, "dir": …, "type": …, "data": …}`: text data as a JSON string, binary (and control payloads) in base64.
    private func jsonLine(time: Double, direction: WebSocketDirection, type: String, data: [UInt8], kind: WebSocketMessageKind) -> [UInt8] {
        var line = jsonHead(time: time, direction: direction, type: type)
        line += Array(", \"data\": ".utf8)
        switch kind {
        case .text: line += jsonString(String(decoding: data, as: UTF8.self))
        case .binary: line += Array("\"\(Data(data).base64EncodedString())\"".utf8)
        }
        return line + Array("}\n".utf8)
    }

    /// The start of a JSON line, up to the type.
    private func jsonHead(time: Double, direction: WebSocketDirection, type: String) -> [UInt8] {
        Array("{\"t\": \(EventStreamFormat.seconds(time)), \"dir\": \"\(direction.rawValue)\", \"type\": \"\(type)\"".utf8)
    }

    /// A JSON string; on a terminal, invisible characters and C1 controls are written as `\u` escapes too, so none reaches it.
    private func jsonString(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        guard toTerminal else {
            JSONStringLiteral.append(text, to: &output)
            return output
        }
        output.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += Array("\\\"".utf8)
            case "\\": output += Array("\\\\".utf8)
            case "\n": output += Array("\\n".utf8)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || VisibleText.isInvisible(scalar) {
                    for unit in String(scalar).utf16 { output += Array(String(format: "\\u%04x", unit).utf8) }
                } else {
                    output += Array(String(scalar).utf8)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
        return output
    }
}
