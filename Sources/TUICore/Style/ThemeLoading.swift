import Foundation

/// Why a theme could not be loaded.
public enum ThemeError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not a JSON object.
    case invalidJSON(path: String, reason: String)
    /// A color value could not be parsed.
    case invalidColor(path: String, key: String, value: String)
    /// A key is not part of the theme format.
    case unknownKey(path: String, key: String, known: [String])
    /// No theme file of that name exists in the searched folders.
    case notFound(name: String, searched: [String])

    /// What happened and what to do about it.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read theme file \(path): \(reason); check that it exists and is readable"
        case .invalidJSON(let path, let reason):
            return "theme file \(path) is not valid JSON (\(reason)); fix the syntax, see docs/themes.md"
        case .invalidColor(let path, let key, let value):
            return "theme file \(path): \"\(key)\" has the color \"\(value)\", which is not a color; use #rrggbb, an ANSI name such as bright-blue, an index 0-255 or default"
        case .unknownKey(let path, let key, let known):
            return "theme file \(path): unknown key \"\(key)\"; expected one of: \(known.joined(separator: ", "))"
        case .notFound(let name, let searched):
            return "no theme named \"\(name)\" in \(searched.joined(separator: ", ")); add \(name).json there or pick another theme"
        }
    }
}

extension Theme {
    /// Reads a theme file; keys it does not set keep the value of `base`.
    public static func load(contentsOf url: URL, base: Theme = .dark) throws(ThemeError) -> Theme {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        return try decode(data, path: url.path, base: base, defaultName: url.deletingPathExtension().lastPathComponent)
    }

    /// Finds `<name>.json` in the first folder of `directories` that has it and loads it.
    public static func named(_ name: String, in directories: [URL], base: Theme = .dark) throws(ThemeError) -> Theme {
        for directory in directories {
            let url = directory.appendingPathComponent(name + ".json")
            if FileManager.default.fileExists(atPath: url.path) {
                return try load(contentsOf: url, base: base)
            }
        }
        throw .notFound(name: name, searched: directories.map(\.path))
    }

    /// Decodes theme JSON; `path` names the source in error messages.
    public static func decode(_ data: Data, path: String = "<theme>", base: Theme = .dark, defaultName: String = "custom") throws(ThemeError) -> Theme {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidJSON(path: path, reason: error.localizedDescription)
        }
        guard let root = object as? [String: Any] else {
            throw .invalidJSON(path: path, reason: "the top level must be an object")
        }
        var theme = base
        theme.name = defaultName
        let sections = ["name", "colors", "methods", "json"]
        for (key, value) in root {
            switch key {
            case "name":
                guard let name = value as? String else { throw .invalidJSON(path: path, reason: "\"name\" must be a string") }
                theme.name = name
            case "colors":
                for (role, color) in try section(value, named: key, path: path, known: ThemeRole.allCases.map(\.rawValue)) {
                    if let r = ThemeRole(rawValue: role) { theme.roles[r] = color }
                }
            case "methods":
                for (method, color) in try section(value, named: key, path: path, known: methodNames, uppercase: true) {
                    theme.methods[method] = color
                }
            case "json":
                for (token, color) in try section(value, named: key, path: path, known: JSONTokenRole.allCases.map(\.rawValue)) {
                    if let t = JSONTokenRole(rawValue: token) { theme.json[t] = color }
                }
            default:
                throw .unknownKey(path: path, key: key, known: sections)
            }
        }
        return theme
    }

    private static func section(_ value: Any, named name: String, path: String, known: [String], uppercase: Bool = false) throws(ThemeError) -> [(String, Color)] {
        guard let table = value as? [String: Any] else {
            throw .invalidJSON(path: path, reason: "\"\(name)\" must be an object of colors")
        }
        var result: [(String, Color)] = []
        for (rawKey, rawValue) in table.sorted(by: { $0.key < $1.key }) {
            let key = uppercase ? rawKey.uppercased() : rawKey
            guard known.contains(key) else {
                throw .unknownKey(path: path, key: "\(name).\(rawKey)", known: known)
            }
            let color: Color?
            if let text = rawValue as? String {
                color = Color(parsing: text)
            } else if let number = rawValue as? Int, (0...255).contains(number) {
                color = .indexed(UInt8(number))
            } else {
                color = nil
            }
            guard let parsed = color else {
                throw .invalidColor(path: path, key: "\(name).\(rawKey)", value: "\(rawValue)")
            }
            result.append((key, parsed))
        }
        return result
    }
}
