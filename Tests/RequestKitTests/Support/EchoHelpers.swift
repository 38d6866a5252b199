import Foundation
import RequestKit

/// Reading httpbin's echoes with the library's own JSON type.
enum Echo {
    /// The parsed JSON body of a response.
    static func json(_ response: Response) throws -> JSONValue {
        try JSONValue.parse(json: response.body)
    }

    /// httpbin's `args` or `form` as a flat map; repeated names give arrays.
    static func fields(_ echo: JSONValue, _ key: String) -> [String: JSONValue] {
        echo[key]?.objectValue ?? [:]
    }

    /// The bytes of a file as httpbin echoes it: text, or a base64 `data:TYPE;base64,` URL for non-UTF-8 content.
    static func fileBytes(_ echoed: JSONValue?) -> Data? {
        guard let text = echoed?.stringValue else { return nil }
        if text.hasPrefix("data:"), let marker = text.range(of: ";base64,") {
            return Data(base64Encoded: String(text[marker.upperBound...]))
        }
        return Data(text.utf8)
    }

    /// Writes bytes to a fresh temporary file and returns its path.
    static func file(_ name: String, _ contents: Data) throws -> String {
        let path = try TestFiles.path(name)
        try contents.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Bytes with NULs, CR LF, a fake boundary and invalid UTF-8.
    static let binary = Data([0x00, 0x01, 0x02, 0xFF, 0xFE, 0x0D, 0x0A, 0x2D, 0x2D, 0x00, 0x80, 0x7F, 0x00])
}
