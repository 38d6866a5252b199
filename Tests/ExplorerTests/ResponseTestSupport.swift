import Foundation
import RequestKit
import TUICore
@testable import Explorer

/// Builders shared by the response viewer tests.
enum ResponseFixtures {
    /// A response with the given body and content type and fixed, deterministic metadata.
    static func response(_ body: String, contentType: String? = "application/json", status: Int = 200, reason: String = "OK",
                         extraHeaders: [(String, String)] = []) -> Response {
        response(bytes: Array(body.utf8), contentType: contentType, status: status, reason: reason, extraHeaders: extraHeaders)
    }

    /// A response with raw body bytes.
    static func response(bytes: [UInt8], contentType: String? = "application/json", status: Int = 200, reason: String = "OK",
                         extraHeaders: [(String, String)] = []) -> Response {
        var headers = HTTPHeaders()
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        for (name, value) in extraHeaders { headers.add(name: name, value: value) }
        headers.add(name: "Content-Length", value: "\(bytes.count)")
        return Response(
            statusCode: status, reason: reason, httpVersion: "HTTP/1.1", headers: headers, body: Data(bytes),
            effectiveURL: "https://api.example.test/v1/users?page=2", redirectCount: 1, remoteAddress: "127.0.0.1:8443",
            timings: Timings(dns: 0.010, connect: 0.020, tls: 0.030, firstByte: 0.100, download: 0.040, total: 0.200),
            bytesSent: 120, bytesReceived: Int64(bytes.count + 100)
        )
    }

    /// A viewer showing `response`, laid out for `area`.
    static func viewer(_ response: Response, area: Rect = Rect(x: 0, y: 0, width: 80, height: 24)) -> ResponseViewerState {
        var state = ResponseViewerState()
        state.setViewport(for: area)
        state.show(ResponseDocument.make(from: response))
        return state
    }

    /// The viewer drawn into a fresh buffer of `width` × `height`.
    static func render(_ state: ResponseViewerState, width: Int = 80, height: Int = 24, theme: Theme = .dark, focused: Bool = true) -> Buffer {
        var buffer = Buffer(width: width, height: height)
        state.render(into: &buffer, area: buffer.area, theme: theme, focused: focused)
        return buffer
    }

    /// The rows of the content area (below status line and tab bar, inside the border), trailing spaces and empty rows trimmed.
    static func contentRows(_ buffer: Buffer) -> [String] {
        var rows = buffer.text(in: Rect(x: 2, y: 3, width: buffer.width - 4, height: buffer.height - 4)).map { row in
            var row = row
            while row.hasSuffix(" ") { row.removeLast() }
            return row
        }
        while rows.last == "" { rows.removeLast() }
        return rows
    }

    /// A sample JSON body whose keys are not in alphabetical order.
    static let sampleJSON = #"{"zeta":"last letter","alpha":1,"nested":{"ok":true,"none":null,"list":[1,2.5,-3e2]},"name":"curlew","empty":{},"tags":[]}"#
}
