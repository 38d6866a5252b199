/// Why a file cannot be imported as an Insomnia export.
public enum InsomniaImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is neither valid JSON nor valid YAML.
    case unreadable(FileFormatError)
    /// The document is not an Insomnia export.
    case notAnExport
    /// The export's format is one curlew does not read.
    case unsupportedFormat(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .unreadable(let error):
            return "\(error.file):\(error.line):\(error.column): \(error.reason). The file is not valid JSON or YAML; export it from Insomnia again."
        case .notAnExport:
            return "the file is not an Insomnia export (it has no \"_type\": \"export\" and \"resources\"); in Insomnia, use Export Data and pick the Insomnia v4 format"
        case .unsupportedFormat(let format):
            return "the export's format \(format) is not supported; curlew imports Insomnia v4 exports (Export Data → Insomnia v4, JSON or YAML)"
        }
    }
}
