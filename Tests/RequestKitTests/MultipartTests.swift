import Foundation
import Testing
@testable import RequestKit
import TestSupport

/// A temporary directory removed when the value is released.
final class TemporaryDirectory: Sendable {
    /// The directory's path.
    let path: String

    init() throws {
        path = TemporaryFolder.path("requestkit-tests")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes a file in the directory and returns its path.
    func write(_ name: String, _ data: Data) throws -> String {
        let filePath = path + "/" + name
        try data.write(to: URL(fileURLWithPath: filePath))
        return filePath
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The bytes a body's segments put on the wire, with file contents read from disk.
func wireBytes(_ segments: [BodySegment]) throws -> Data {
    var data = Data()
    for segment in segments {
        switch segment {
        case .bytes(let bytes): data.append(bytes)
        case .file(let path): data.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }
    return data
}

@Suite("Multipart")
struct MultipartTests {
    static let binary = Data([0x00, 0x01, 0xFF, 0x0D, 0x0A, 0x00, 0x2D, 0x2D, 0x80, 0x00])

    @Test func layoutIsByteForByte() throws {
        let directory = try TemporaryDirectory()
        let binaryPath = try directory.write("blob.bin", Self.binary)
        let textPath = try directory.write("notes.txt", Data("hello\n".utf8))
        let form = MultipartForm(
            fields: [FormField(name: "title", value: "Ünïcode & \"quotes\""), FormField(name: "empty", value: "")],
            files: [
                MultipartFile(name: "blob", path: binaryPath, fileName: "données ✓.bin"),
                MultipartFile(name: "notes", path: textPath),
            ],
            boundary: "BOUNDARY"
        )
        let prepared = try Request(method: .post, url: "http://h/", body: .multipart(form)).prepared()
        #expect(prepared.headers.value(for: "Content-Type") == "multipart/form-data; boundary=BOUNDARY")

        var expected = Data()
        expected.append(Data("--BOUNDARY\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nÜnïcode & \"quotes\"\r\n".utf8))
        expected.append(Data("--BOUNDARY\r\nContent-Disposition: form-data; name=\"empty\"\r\n\r\n\r\n".utf8))
        expected.append(Data("--BOUNDARY\r\nContent-Disposition: form-data; name=\"blob\"; filename=\"données ✓.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8))
        expected.append(Self.binary)
        expected.append(Data("\r\n--BOUNDARY\r\nContent-Disposition: form-data; name=\"notes\"; filename=\"notes.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\n\r\n--BOUNDARY--\r\n".utf8))
        #expect(try wireBytes(prepared.body) == expected)
    }

    @Test func filesAreSegmentsNotBytes() throws {
        let form = MultipartForm(fields: [FormField(name: "a", value: "1")], files: [MultipartFile(name: "f", path: "/no/such/file.png")], boundary: "B")
        let segments = form.segments
        #expect(segments.count == 3)
        #expect(segments[1] == .file(path: "/no/such/file.png"))
        guard case .bytes(let head) = segments[0], case .bytes(let tail) = segments[2] else {
            Issue.record("expected bytes around the file segment")
            return
        }
        #expect(String(decoding: head, as: UTF8.self).hasSuffix("filename=\"file.png\"\r\nContent-Type: image/png\r\n\r\n"))
        #expect(String(decoding: tail, as: UTF8.self) == "\r\n--B--\r\n")
    }

    @Test(arguments: [
        ("plain", "plain"), ("say \"hi\"", "say %22hi%22"), ("a\r\nb", "a%0D%0Ab"), ("日本.txt", "日本.txt"),
        ("back\\slash", "back\\slash"),
    ])
    func quotesAndLineBreaksAreEscapedInNames(name: String, expected: String) throws {
        let form = MultipartForm(fields: [FormField(name: name, value: "v")], files: [MultipartFile(name: name, path: "/x", fileName: name)], boundary: "B")
        let text = String(decoding: try wireBytes(form.segments.filter { if case .bytes = $0 { true } else { false } }), as: UTF8.self)
        #expect(text.contains("name=\"\(expected)\"\r\n"))
        #expect(text.contains("name=\"\(expected)\"; filename=\"\(expected)\"\r\n"))
    }

    @Test(arguments: [
        ("photo.JPG", "image/jpeg"), ("a.png", "image/png"), ("data.json", "application/json"), ("page.html", "text/html"),
        ("archive.tar.gz", "application/gzip"), ("noext", "application/octet-stream"), (".hidden", "application/octet-stream"),
        ("dir.d/file", "application/octet-stream"), ("weird.xyz123", "application/octet-stream"), ("doc.pdf", "application/pdf"),
    ])
    func contentTypeIsGuessedFromTheExtension(fileName: String, expected: String) {
        #expect(MediaTypes.guess(forPath: fileName) == expected)
        #expect(MultipartFile(name: "f", path: "/tmp/" + fileName).effectiveContentType == expected)
    }

    @Test func contentTypeAndFileNameCanBeOverridden() {
        let file = MultipartFile(name: "f", path: "/tmp/a.png", fileName: "b.txt", contentType: "image/webp")
        let text = String(decoding: (try? wireBytes(MultipartForm(files: [file], boundary: "B").segments.filter { if case .bytes = $0 { true } else { false } })) ?? Data(), as: UTF8.self)
        #expect(text.contains("filename=\"b.txt\"\r\nContent-Type: image/webp\r\n"))
        #expect(MultipartFile(name: "f", path: "/tmp/a.png", fileName: "b.txt").effectiveContentType == "text/plain")
    }

    @Test func randomBoundariesDifferAndAreValid() {
        let first = MultipartForm(), second = MultipartForm()
        #expect(first.boundary != second.boundary)
        #expect(first.boundaryProblem == nil)
        #expect(first.boundary.count <= 70)
    }
}
