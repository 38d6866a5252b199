import Foundation

/// A request body.
public enum RequestBody: Hashable, Sendable {
    /// No body.
    case none
    /// Bytes sent as they are, with an optional Content-Type.
    case raw(Data, contentType: String?)
    /// JSON text sent as `application/json`.
    case json(String)
    /// Fields sent as `application/x-www-form-urlencoded`.
    case form([FormField])
    /// Fields and files sent as `multipart/form-data`.
    case multipart(MultipartForm)
    /// A file streamed from disk, with a Content-Type; nil guesses one from the extension, "" sends none.
    case file(path: String, contentType: String?)

    /// Whether there is anything to send.
    public var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }
}

/// One name/value field of a form body.
public struct FormField: Hashable, Sendable, Codable {
    /// The field name.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A file attached to a multipart body; its bytes are read from disk at send time.
public struct MultipartFile: Hashable, Sendable, Codable {
    /// The form field name.
    public var name: String
    /// The path of the file on disk.
    public var path: String
    /// The file name sent to the server; the path's last component when nil.
    public var fileName: String?
    /// The part's Content-Type; guessed from the extension when nil.
    public var contentType: String?

    /// Creates an attachment.
    public init(name: String, path: String, fileName: String? = nil, contentType: String? = nil) {
        self.name = name
        self.path = path
        self.fileName = fileName
        self.contentType = contentType
    }
}

/// The fields and files of a multipart body, and the boundary that separates them.
public struct MultipartForm: Hashable, Sendable {
    /// Text fields, written before the files.
    public var fields: [FormField]
    /// Files, written after the fields.
    public var files: [MultipartFile]
    /// The boundary; random unless set.
    public var boundary: String

    /// Creates a multipart form with a random boundary.
    public init(fields: [FormField] = [], files: [MultipartFile] = [], boundary: String = MultipartForm.randomBoundary()) {
        self.fields = fields
        self.files = files
        self.boundary = boundary
    }

    /// A boundary that is vanishingly unlikely to occur in any part.
    public static func randomBoundary() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        let suffix = String((0..<24).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
        return "curlew-boundary-" + suffix
    }
}
