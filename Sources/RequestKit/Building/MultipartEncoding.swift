import Foundation

extension MultipartForm {
    /// The Content-Type header value announcing this form's boundary.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The body as segments: fields first, then files, each file streamed from disk.
    ///
    /// Each part is `--boundary CRLF`, its headers, an empty line, its content and CRLF;
    /// the form ends with `--boundary-- CRLF`. File parts carry a file name and a
    /// Content-Type (the one set on the file, else guessed from the file name's extension).
    public var segments: [BodySegment] {
        var builder = SegmentBuilder()
        for field in fields {
            builder.append("--\(boundary)\r\n")
            builder.append("Content-Disposition: form-data; name=\"\(MultipartForm.escapeQuoted(field.name))\"\r\n\r\n")
            builder.append(field.value)
            builder.append("\r\n")
        }
        for file in files {
            let fileName = file.effectiveFileName
            builder.append("--\(boundary)\r\n")
            builder.append("Content-Disposition: form-data; name=\"\(MultipartForm.escapeQuoted(file.name))\"; filename=\"\(MultipartForm.escapeQuoted(fileName))\"\r\n")
            builder.append("Content-Type: \(file.effectiveContentType)\r\n\r\n")
            builder.appendFile(file.path)
            builder.append("\r\n")
        }
        builder.append("--\(boundary)--\r\n")
        return builder.finished
    }

    /// Escapes `"`, CR and LF in a part name or file name as browsers do: `%22`, `%0D`, `%0A`.
    public static func escapeQuoted(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "%22"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Why the boundary cannot be used, or nil when it is valid (RFC 2046: 1–70 characters
    /// from letters, digits and `'()+_,-./:=? `, not ending in a space).
    public var boundaryProblem: String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'()+_,-./:=? ")
        if boundary.isEmpty || boundary.count > 70 { return "the multipart boundary must be 1 to 70 characters long" }
        if let bad = boundary.first(where: { !allowed.contains($0) }) {
            return "the multipart boundary contains \(bad.debugDescription); use letters, digits and '()+_,-./:=?"
        }
        if boundary.hasSuffix(" ") { return "the multipart boundary must not end with a space" }
        return nil
    }
}

extension MultipartFile {
    /// The file name sent to the server: the one set, else the path's last component.
    public var effectiveFileName: String {
        if let fileName { return fileName }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The part's Content-Type: the one set, else guessed from the file name's extension.
    public var effectiveContentType: String {
        contentType ?? MediaTypes.guess(forPath: effectiveFileName)
    }
}

/// Collects body segments, merging neighbouring in-memory bytes into one segment.
struct SegmentBuilder {
    /// The segments so far.
    private(set) var segments: [BodySegment] = []
    private var pending = Data()

    /// Appends text as UTF-8 bytes.
    mutating func append(_ text: String) { pending.append(contentsOf: Array(text.utf8)) }

    /// Appends a file to be read at send time.
    mutating func appendFile(_ path: String) {
        flush()
        segments.append(.file(path: path))
    }

    /// The finished segments.
    var finished: [BodySegment] {
        var copy = self
        copy.flush()
        return copy.segments
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        segments.append(.bytes(pending))
        pending = Data()
    }
}
