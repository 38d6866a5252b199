import Foundation

/// Where curlew keeps its files.
///
/// The data folder (history, default collections) is `--data-dir DIR`, else `$CURLEW_HOME`, else
/// `$XDG_DATA_HOME/curlew`, else `~/.local/share/curlew`. The config folder (settings, themes, keymaps)
/// is `$XDG_CONFIG_HOME/curlew`, else `~/.config/curlew`. Folders are created on first use with
/// permissions 0700.
public struct StorePaths: Hashable, Sendable {
    /// History, history bodies and the default collections folder.
    public var dataDirectory: String
    /// Settings, themes and keymaps.
    public var configDirectory: String

    /// Creates paths from explicit folders.
    public init(dataDirectory: String, configDirectory: String) {
        self.dataDirectory = dataDirectory
        self.configDirectory = configDirectory
    }

    /// Works out the folders from `--data-dir` (when given) and the process environment.
    public static func resolve(dataDirectoryOption: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> StorePaths {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let data: String
        if let option = dataDirectoryOption, !option.isEmpty {
            data = option
        } else if let curlewHome = environment["CURLEW_HOME"], !curlewHome.isEmpty {
            data = curlewHome
        } else if let xdgData = environment["XDG_DATA_HOME"], xdgData.hasPrefix("/") {
            data = xdgData + "/curlew"
        } else {
            data = home + "/.local/share/curlew"
        }
        let config: String
        if let xdgConfig = environment["XDG_CONFIG_HOME"], xdgConfig.hasPrefix("/") {
            config = xdgConfig + "/curlew"
        } else {
            config = home + "/.config/curlew"
        }
        return StorePaths(dataDirectory: expand(data, home: home), configDirectory: config)
    }

    /// The history file, one JSON entry per line.
    public var historyFile: String { FolderPath.joined(dataDirectory, "history.jsonl") }
    /// Bodies too large to keep inline in the history.
    public var historyBodiesDirectory: String { FolderPath.joined(dataDirectory, "history-bodies") }
    /// The default collections folder.
    public var collectionsDirectory: String { FolderPath.joined(dataDirectory, "collections") }

    /// The folder of the persistent cookie jars.
    public var cookiesDirectory: String { FolderPath.joined(dataDirectory, "cookies") }

    /// The persistent cookie jar of a collection file (or folder) with an environment (nil for none):
    /// `cookies/<collection name>-<hash of its absolute path>.<environment or "default">.cookies.txt`, so two
    /// collections of the same name in different folders keep apart.
    public func cookieJarFile(collection: String, environment: String?) -> String {
        let absolute = (collection.hasPrefix("/") ? collection : FileManager.default.currentDirectoryPath + "/" + collection)
        let standardized = (absolute as NSString).standardizingPath
        var base = (standardized as NSString).lastPathComponent
        for suffix in [".json", ".hurl"] where base.hasSuffix(suffix) { base = String(base.dropLast(suffix.count)) }
        let environmentName = environment.map { $0.isEmpty ? "default" : $0 } ?? "default"
        return cookiesDirectory + "/" + Self.fileSafe(base) + "-" + Self.shortHash(standardized) + "." + Self.fileSafe(environmentName) + ".cookies.txt"
    }

    /// A name with every character other than letters, digits, `-` and `_` replaced by `_`, at most 60 characters.
    private static func fileSafe(_ name: String) -> String {
        let kept = name.unicodeScalars.prefix(60).map { scalar -> Character in
            let allowed = (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar))) || scalar == "-" || scalar == "_"
            return allowed ? Character(scalar) : "_"
        }
        return kept.isEmpty ? "_" : String(kept)
    }

    /// Eight hex digits of an FNV-1a hash of a text.
    private static func shortHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash & 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Creates the data folder (0700) if needed and returns its path.
    @discardableResult
    public func ensureDataDirectory() throws(StoreError) -> String {
        try POSIXFile.makeDirectory(dataDirectory, mode: 0o700)
        return dataDirectory
    }

    /// Creates the config folder (0700) if needed and returns its path.
    @discardableResult
    public func ensureConfigDirectory() throws(StoreError) -> String {
        try POSIXFile.makeDirectory(configDirectory, mode: 0o700)
        return configDirectory
    }

    /// Creates the default collections folder (0700) if needed and returns its path.
    @discardableResult
    public func ensureCollectionsDirectory() throws(StoreError) -> String {
        try ensureDataDirectory()
        try POSIXFile.makeDirectory(collectionsDirectory, mode: 0o700)
        return collectionsDirectory
    }

    /// A collection given by name or path: an existing path as it is, else `NAME` or `NAME.json` in the default folder.
    public func collectionPath(for reference: String) -> String {
        if POSIXFile.exists(reference) { return reference }
        let inDefault = FolderPath.joined(collectionsDirectory, reference)
        if POSIXFile.exists(inDefault) { return inDefault }
        if !reference.hasSuffix(".json"), POSIXFile.exists(inDefault + ".json") { return inDefault + ".json" }
        return reference
    }

    private static func expand(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst(1) }
        return path
    }
}
