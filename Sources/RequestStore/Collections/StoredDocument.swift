import Foundation

/// A collection or environment loaded from its file, remembering what the file looked like so that saving
/// never overwrites a change made on disk since.
public struct StoredDocument<Document: SecretBearingDocument>: Hashable, Sendable {
    /// The file's path.
    public var path: String
    /// The document, with secret values filled in from the secrets file.
    public var document: Document
    /// The file as it was loaded or last saved.
    public var fingerprint: FileFingerprint
    /// The secrets file as it was loaded or last saved, or nil when there was none.
    public var secretsFingerprint: FileFingerprint?

    /// The folder of the file, against which relative paths inside it resolve.
    public var baseDirectory: String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// The path of the secrets file beside it.
    public var secretsPath: String { SecretsFile.path(for: path) }

    /// Loads a file and its secrets file; a file that does not parse is reported, never changed.
    public static func load(_ path: String) throws(StoreError) -> StoredDocument {
        guard let data = try POSIXFile.read(path) else { throw .notFound(path: path) }
        let document: Document
        do {
            document = try Document.decodeDocument(from: data, file: path)
        } catch {
            throw .unreadable(error)
        }
        let secretsPath = SecretsFile.path(for: path)
        var secretsFingerprint: FileFingerprint?
        var filled = document
        if let secretsData = try POSIXFile.read(secretsPath) {
            do {
                let secrets = try CanonicalJSON.decode(SecretsFile.self, from: secretsData, file: secretsPath)
                filled = document.filling(secrets)
            } catch {
                throw .unreadable(error)
            }
            secretsFingerprint = FileFingerprint(of: secretsData)
        }
        return StoredDocument(path: path, document: filled, fingerprint: FileFingerprint(of: data), secretsFingerprint: secretsFingerprint)
    }

    /// Writes a new file (and its secrets file when it has secrets); refuses to replace an existing file.
    public static func create(_ document: Document, at path: String) throws(StoreError) -> StoredDocument {
        if POSIXFile.exists(path) { throw .alreadyExists(path: path) }
        return try write(document, to: path, previousSecrets: nil)
    }

    /// Saves a changed document over the file, unless the file or its secrets changed on disk since it was loaded
    /// (then `.conflict`; pass `force` to overwrite anyway). Returns the document as now stored.
    public func saving(_ document: Document, force: Bool = false) throws(StoreError) -> StoredDocument {
        if !force {
            guard try FileFingerprint.current(of: path) == fingerprint else { throw .conflict(path: path) }
            guard try FileFingerprint.current(of: secretsPath) == secretsFingerprint else { throw .conflict(path: secretsPath) }
        }
        return try StoredDocument.write(document, to: path, previousSecrets: secretsFingerprint)
    }

    private static func write(_ document: Document, to path: String, previousSecrets: FileFingerprint?) throws(StoreError) -> StoredDocument {
        let body: Data
        let secretsBody: Data
        do {
            body = try Document.encodeDocument(document.withoutSecretValues, path: path, previous: try? POSIXFile.read(path))
            secretsBody = try CanonicalJSON.encode(document.secretValues)
        } catch let error as HurlSaveError {
            throw .cannotHold(error)
        } catch {
            throw .io(path: path, operation: "encode", message: String(describing: error))
        }
        let secrets = document.secretValues
        let secretsPath = SecretsFile.path(for: path)
        var secretsFingerprint: FileFingerprint?
        if !secrets.values.isEmpty || previousSecrets != nil {
            let unchanged = previousSecrets == FileFingerprint(of: secretsBody)
            if !unchanged { try AtomicFile.write(secretsBody, to: secretsPath, permissions: 0o600) }
            secretsFingerprint = FileFingerprint(of: secretsBody)
        }
        try AtomicFile.write(body, to: path)
        return StoredDocument(path: path, document: document, fingerprint: FileFingerprint(of: body), secretsFingerprint: secretsFingerprint)
    }
}

/// A collection loaded from its file.
public typealias CollectionFile = StoredDocument<RequestCollection>

/// An environment loaded from its `NAME.env.json` file.
public typealias EnvironmentFile = StoredDocument<Environment>
