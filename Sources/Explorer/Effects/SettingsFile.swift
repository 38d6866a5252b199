import Foundation
import RequestKit
import RequestStore

/// The user's settings, kept in `settings.json` in the config folder.
public struct AppSettings: Hashable, Sendable {
    /// The theme the app starts with when `--theme` is not given.
    public var theme: String?
    /// The largest response body accepted, in bytes (`"maxFileSize": "500M"`); nil keeps the default of 100 MiB.
    public var maxFileSize: Int64?
    /// The sidebar's width in columns, as last set with its keys or a drag on its border; nil for the automatic width.
    public var sidebarWidth: Int?
    /// The request pane's share of the room it splits with the response, in percent (`"requestSplit": 60`), as
    /// last set with its keys or a drag on the border; nil for the default.
    public var requestSplit: Int?
    /// The body size in bytes past which a response body goes to a file in the data folder's `bodies/` and is
    /// viewed from there (`"largeBodyThreshold": "200M"`); nil keeps the default of 100 MiB.
    public var largeBodyThreshold: Int64?
    /// Environment variables every collection's `{{$env.NAME}}` may read (`"allowEnv": ["API_TOKEN"]`).
    public var allowedEnvironment: [String]
    /// The folder the app lets collections read and write files under (`"fileRoot": "~/api"`); nil keeps each
    /// collection's own folder.
    public var fileRoot: String?

    /// Settings with nothing chosen.
    public init(theme: String? = nil, maxFileSize: Int64? = nil, sidebarWidth: Int? = nil, largeBodyThreshold: Int64? = nil,
                allowedEnvironment: [String] = [], fileRoot: String? = nil) {
        self.theme = theme
        self.maxFileSize = maxFileSize
        self.sidebarWidth = sidebarWidth
        self.largeBodyThreshold = largeBodyThreshold
        self.allowedEnvironment = allowedEnvironment
        self.fileRoot = fileRoot
    }
}

/// Why `settings.json` could not be read or written.
public struct SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public var message: String

    /// The message.
    public var description: String { message }
}

/// Reads and writes `settings.json`.
public enum SettingsFile {
    /// The keys the file may hold.
    public static let knownKeys = ["allowEnv", "fileRoot", "largeBodyThreshold", "maxFileSize", "requestSplit", "sidebarWidth", "theme"]

    /// The settings file in `configDirectory`.
    public static func path(inConfigDirectory configDirectory: String) -> String {
        URL(fileURLWithPath: configDirectory).appendingPathComponent("settings.json").path
    }

    /// The settings in the file at `path`; empty settings when there is no file.
    public static func read(from path: String) throws(SettingsError) -> AppSettings {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw SettingsError(message: "\(path) cannot be read; check its permissions.")
            }
            return AppSettings()
        }
        return try decode(data, path: path)
    }

    /// The settings in a file's bytes; errors name `path`.
    public static func decode(_ data: Data, path: String) throws(SettingsError) -> AppSettings {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw SettingsError(message: "\(path) is not valid JSON (\(error.message)); fix it or delete it to use the defaults.")
        }
        guard case .object(let members) = root else {
            throw SettingsError(message: "\(path) must hold a JSON object such as {\"theme\": \"light\"}.")
        }
        var settings = AppSettings()
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            switch (key, value) {
            case ("allowEnv", .array(let items)):
                for item in items.prefix(1000) {
                    guard case .string(let name) = item, TrustPolicy.isEnvironmentName(name) else {
                        throw SettingsError(message: "\(path): \"allowEnv\" must list environment variable names such as [\"API_TOKEN\"].")
                    }
                    settings.allowedEnvironment.append(name)
                }
            case ("allowEnv", _): throw SettingsError(message: "\(path): \"allowEnv\" must list environment variable names such as [\"API_TOKEN\"].")
            case ("fileRoot", .string(let folder)) where !folder.isEmpty: settings.fileRoot = NSString(string: folder).expandingTildeInPath
            case ("fileRoot", _): throw SettingsError(message: "\(path): \"fileRoot\" must be the path of a folder, such as \"~/api\".")
            case ("theme", .string(let name)): settings.theme = name
            case ("theme", _): throw SettingsError(message: "\(path): \"theme\" must be a string, the name of a theme.")
            case ("maxFileSize", .string(let text)), ("maxFileSize", .number(let text)):
                switch NumberReading.byteCount(text) {
                case .success(let bytes): settings.maxFileSize = bytes
                case .failure(let refusal): throw SettingsError(message: "\(path): \"maxFileSize\": \(refusal.reason).")
                }
            case ("maxFileSize", _): throw SettingsError(message: "\(path): \"maxFileSize\" must be a size such as \"500M\".")
            case ("largeBodyThreshold", .string(let text)), ("largeBodyThreshold", .number(let text)):
                switch LargeBodyFiles.threshold(from: text) {
                case .success(let bytes): settings.largeBodyThreshold = bytes
                case .failure(let refusal): throw SettingsError(message: "\(path): \"largeBodyThreshold\": \(refusal.reason).")
                }
            case ("largeBodyThreshold", _): throw SettingsError(message: "\(path): \"largeBodyThreshold\" must be a size such as \"200M\".")
            case ("sidebarWidth", .number(let text)):
                switch NumberReading.count(text, in: SidebarWidth.minimum...SidebarWidth.maximumSetting, of: "columns") {
                case .success(let columns): settings.sidebarWidth = columns
                case .failure(let refusal): throw SettingsError(message: "\(path): \"sidebarWidth\": \(refusal.reason).")
                }
            case ("sidebarWidth", _): throw SettingsError(message: "\(path): \"sidebarWidth\" must be a number of columns such as 40.")
            case ("requestSplit", .number(let text)):
                switch NumberReading.count(text, in: RequestSplit.minimum...RequestSplit.maximum, of: "percent") {
                case .success(let percent): settings.requestSplit = percent
                case .failure(let refusal): throw SettingsError(message: "\(path): \"requestSplit\": \(refusal.reason).")
                }
            case ("requestSplit", _):
                throw SettingsError(message: "\(path): \"requestSplit\" must be the request pane's share in percent, \(RequestSplit.minimum) to \(RequestSplit.maximum), such as 60.")
            default:
                throw SettingsError(message: "\(path): unknown key \"\(key)\"; known keys: \(knownKeys.joined(separator: ", ")).")
            }
        }
        return settings
    }

    /// Writes the settings to `path` canonically (two-space indent, final newline) and atomically, creating its folder.
    public static func write(_ settings: AppSettings, to path: String) throws(SettingsError) {
        var members: [JSONMember] = []
        if !settings.allowedEnvironment.isEmpty {
            members.append(JSONMember(key: "allowEnv", value: .array(settings.allowedEnvironment.map { .string($0) })))
        }
        if let root = settings.fileRoot { members.append(JSONMember(key: "fileRoot", value: .string(root))) }
        if let threshold = settings.largeBodyThreshold { members.append(JSONMember(key: "largeBodyThreshold", value: .number(String(threshold)))) }
        if let limit = settings.maxFileSize { members.append(JSONMember(key: "maxFileSize", value: .number(String(limit)))) }
        if let split = settings.requestSplit { members.append(JSONMember(key: "requestSplit", value: .number(String(split)))) }
        if let width = settings.sidebarWidth { members.append(JSONMember(key: "sidebarWidth", value: .number(String(width)))) }
        if let theme = settings.theme { members.append(JSONMember(key: "theme", value: .string(theme))) }
        do {
            try PrivateFolder.create((path as NSString).deletingLastPathComponent)
        } catch {
            throw SettingsError(message: "\(path) could not be written: \(error.localizedDescription). Check the config folder's permissions.")
        }
        do {
            try AtomicFile.write(CanonicalJSON.format(.object(members)), to: path, permissions: 0o600)
        } catch {
            throw SettingsError(message: "\(path) could not be written: \(error). Check the config folder's permissions.")
        }
    }
}
