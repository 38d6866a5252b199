import Foundation

/// The values of secret variables, kept in `<name>.secrets.json` beside the file whose variables they belong to.
///
/// One `.gitignore` line, `*.secrets.json`, keeps every secrets file out of a repository.
public struct SecretsFile: Hashable, Sendable {
    /// The format name written at the top of secrets files.
    public static let formatName = "curlew.secrets"
    /// The version of the secrets format this code writes.
    public static let currentVersion = 1

    /// Secret values by variable name, in order.
    public var values: [KeyValueRow]

    /// Creates a secrets file's content.
    public init(values: [KeyValueRow]) { self.values = values }

    /// The secrets file that belongs to a file: `shop.json` → `shop.secrets.json`, `prod.env.json` → `prod.env.secrets.json`.
    public static func path(for path: String) -> String {
        (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".secrets.json"
    }
}

extension SecretsFile: Codable {
    private enum CodingKeys: String, CodingKey { case format, version, variables }

    /// Decodes `{"format": "curlew.secrets", "version": 1, "variables": [{"name", "value"}]}`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        values = try container.decodeIfPresent([KeyValueRow].self, forKey: .variables) ?? []
    }

    /// Encodes in the order format, version, variables.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(SecretsFile.formatName, forKey: .format)
        try container.encode(SecretsFile.currentVersion, forKey: .version)
        try container.encode(values, forKey: .variables)
    }
}

/// A document whose secret variables are stored apart from it.
public protocol SecretBearingDocument: Codable, Sendable, Hashable {
    /// The document's variables, secret ones included.
    var variables: [Variable] { get set }
    /// Reads the document from its file's bytes; errors name the file, line and column.
    static func decodeDocument(from data: Data, file: String) throws(FileFormatError) -> Self
    /// The bytes the document is written as at `path`; `previous` is the file's current content, if any.
    static func encodeDocument(_ document: Self, path: String, previous: Data?) throws -> Data
}

extension SecretBearingDocument {
    /// Canonical JSON, whatever the path.
    public static func encodeDocument(_ document: Self, path: String, previous: Data?) throws -> Data {
        try CanonicalJSON.encode(document)
    }
}

extension RequestCollection: SecretBearingDocument {
    /// Reads a collection, migrating older versions.
    public static func decodeDocument(from data: Data, file: String) throws(FileFormatError) -> RequestCollection {
        if HurlReader.isHurlFile(file) {
            return HurlReader.collection(of: try HurlReader.readStrictly(data, file: file), file: file)
        }
        return try decode(from: data, file: file)
    }

    /// Canonical JSON, or a `.hurl` file whose unchanged entries keep the text they had in `previous`.
    public static func encodeDocument(_ document: RequestCollection, path: String, previous: Data?) throws -> Data {
        guard HurlReader.isHurlFile(path) else { return try CanonicalJSON.encode(document) }
        let original = previous.flatMap { try? HurlReader.read($0, file: path) }
        let written = HurlWriter.write(document, replacing: original)
        var losses = written.warnings.filter { $0.severity == .unsupported }.map(\.description)
        if !document.folders.isEmpty { losses.append("a .hurl file has no folders; keep its requests at the top level") }
        if document.headers.contains(where: \.enabled) || document.auth != .none && document.auth != .inherit {
            losses.append("a .hurl file has no collection headers or auth; set them on each request")
        }
        if !losses.isEmpty { throw HurlSaveError(path: path, losses: losses) }
        return Data(written.text.utf8)
    }
}

extension Environment: SecretBearingDocument {
    /// Reads an environment.
    public static func decodeDocument(from data: Data, file: String) throws(FileFormatError) -> Environment {
        try CanonicalJSON.decode(Environment.self, from: data, file: file)
    }
}

extension SecretBearingDocument {
    /// The document with every secret variable's value blanked, as it is written to its file.
    var withoutSecretValues: Self {
        var copy = self
        for index in copy.variables.indices where copy.variables[index].secret {
            copy.variables[index].value = ""
        }
        return copy
    }

    /// The secret values, in variable order.
    var secretValues: SecretsFile {
        SecretsFile(values: variables.filter(\.secret).map { KeyValueRow(name: $0.name, value: $0.value) })
    }

    /// The document with secret variables' values filled in from a secrets file.
    func filling(_ secrets: SecretsFile) -> Self {
        var copy = self
        for index in copy.variables.indices where copy.variables[index].secret {
            if let value = secrets.values.last(where: { $0.name == copy.variables[index].name })?.value {
                copy.variables[index].value = value
            }
        }
        return copy
    }
}
