import Foundation

extension RequestBody {
    /// The body as wire segments and the Content-Type it calls for (nil when it has none).
    public func encoded() throws(NetworkError) -> (segments: [BodySegment], contentType: String?) {
        switch self {
        case .none:
            return ([], nil)
        case .raw(let data, let contentType):
            return (data.isEmpty ? [] : [.bytes(data)], contentType)
        case .json(let text):
            return (text.isEmpty ? [] : [.bytes(Data(text.utf8))], "application/json")
        case .form(let fields):
            let text = FormEncoding.encode(fields)
            return (text.isEmpty ? [] : [.bytes(Data(text.utf8))], "application/x-www-form-urlencoded")
        case .multipart(let form):
            if let problem = form.boundaryProblem { throw .invalidBody(reason: problem) }
            return (form.segments, form.contentType)
        case .file(let path, let contentType):
            if contentType == "" { return ([.file(path: path)], nil) }
            return ([.file(path: path)], contentType ?? MediaTypes.guess(forPath: path))
        }
    }

    /// Whether the body attaches files (a multipart form with files, or a file body).
    public var hasFiles: Bool {
        switch self {
        case .multipart(let form): return !form.files.isEmpty
        case .file: return true
        default: return false
        }
    }
}

/// `application/x-www-form-urlencoded` text from fields and query items.
public enum FormEncoding {
    /// `name=value` pairs joined with `&`, each side percent-encoded.
    public static func encode(_ fields: [FormField]) -> String {
        fields.map { pair(name: $0.name, value: $0.value) }.joined(separator: "&")
    }

    /// One encoded `name=value` pair, or the encoded name alone when the value is nil.
    public static func pair(name: String, value: String?) -> String {
        let encodedName = PercentEncoding.encodeComponent(name)
        guard let value else { return encodedName }
        return encodedName + "=" + PercentEncoding.encodeComponent(value)
    }

    /// Query items as encoded `name=value` pairs, in order.
    public static func pairs(_ items: [QueryItem]) -> [String] {
        items.map { pair(name: $0.name, value: $0.value) }
    }
}
