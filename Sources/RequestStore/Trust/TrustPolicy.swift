/// What the user allows a collection, environment or imported file to reach beyond its own values.
///
/// It is made only from the user's own say: the command line (`--file-root`, `--allow-env`,
/// `--overwrite-output`) and the user's settings file, never from a collection or an environment file.
public struct TrustPolicy: Hashable, Sendable {
    /// The folder files may be read from and written to (`--file-root DIR`); nil keeps each file's own folder.
    public var fileRoot: String?
    /// Process environment names `{{$env.NAME}}` may read (`--allow-env NAME`, `allowEnv` in settings).
    public var allowedEnvironment: Set<String>
    /// Whether a collection's `output` may replace a file that already exists (`--overwrite-output`).
    public var mayReplaceFiles: Bool
    /// Files outside the root the user allowed one at a time (the app asks once per file), as absolute paths;
    /// each is compared after following its symlinks.
    public var allowedFiles: Set<String>

    /// Creates a policy; the default confines files to each collection's folder and reads no environment variable.
    public init(fileRoot: String? = nil, allowedEnvironment: Set<String> = [], mayReplaceFiles: Bool = false, allowedFiles: Set<String> = []) {
        self.fileRoot = fileRoot
        self.allowedEnvironment = allowedEnvironment
        self.mayReplaceFiles = mayReplaceFiles
        self.allowedFiles = allowedFiles
    }

    /// The prefix of process environment variables that become plain variables: `CURLEW_VAR_token` is `{{token}}`.
    public static let variablePrefix = "CURLEW_VAR_"

    /// Whether `text` can name an environment variable: ASCII letters, digits and `_`, not starting with a digit.
    public static func isEnvironmentName(_ text: String) -> Bool {
        guard let first = text.utf8.first, text.utf8.count <= 256, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// The `CURLEW_VAR_name` variables of a process environment, as `name` to value.
    public static func environmentVariables(in process: [String: String]) -> [String: String] {
        var values: [String: String] = [:]
        for (name, value) in process where name.hasPrefix(variablePrefix) && name.count > variablePrefix.count {
            values[String(name.dropFirst(variablePrefix.count))] = value
        }
        return values
    }

    /// The part of a process environment that `{{$env.NAME}}` may read: the allowed names only.
    public func visibleEnvironment(of process: [String: String]) -> [String: String] {
        process.filter { allowedEnvironment.contains($0.key) }
    }
}
