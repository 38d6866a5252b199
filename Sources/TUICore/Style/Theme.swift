import Foundation

/// A semantic color role that widgets ask the theme for, never a raw color.
public enum ThemeRole: String, CaseIterable, Hashable, Sendable {
    /// The main brand color: focused borders, active tabs.
    case primary
    /// A second highlight color: keys in hints, links.
    case accent
    /// The screen background.
    case background
    /// The background of panes, bars and dialogs.
    case surface
    /// Normal text.
    case text
    /// Secondary text: hints, placeholders, inactive tabs.
    case muted
    /// Errors and unresolved variables.
    case error
    /// Warnings.
    case warning
    /// Success, e.g. 2xx statuses.
    case success
    /// Unfocused borders.
    case border
    /// The background of the selected row or item.
    case selection
}

/// A JSON token kind that has its own color.
public enum JSONTokenRole: String, CaseIterable, Hashable, Sendable {
    /// Object keys.
    case key
    /// String values.
    case string
    /// Numbers.
    case number
    /// `true` and `false`.
    case boolean
    /// `null`.
    case null
    /// Braces, brackets, colons and commas.
    case punctuation
}

/// Colors for the whole UI: semantic roles, one color per HTTP method and JSON token colors.
///
/// Loaded from a JSON theme file (see docs/themes.md); keys missing from a file keep the
/// value of the base theme (the built-in dark theme by default).
public struct Theme: Hashable, Sendable {
    /// The theme's name.
    public var name: String
    /// Colors by semantic role.
    public var roles: [ThemeRole: Color]
    /// Colors by upper-case HTTP method name; `OTHER` covers methods not listed.
    public var methods: [String: Color]
    /// Colors by JSON token kind.
    public var json: [JSONTokenRole: Color]

    /// The method names a theme file may color, `OTHER` last.
    public static let methodNames = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "OTHER"]

    /// Creates a theme from its three color tables.
    public init(name: String, roles: [ThemeRole: Color], methods: [String: Color], json: [JSONTokenRole: Color]) {
        self.name = name
        self.roles = roles
        self.methods = methods
        self.json = json
    }

    /// The color of a role (`.default` when unset).
    public subscript(role: ThemeRole) -> Color { roles[role] ?? .default }

    /// The color of a JSON token kind (`.default` when unset).
    public subscript(token: JSONTokenRole) -> Color { json[token] ?? .default }

    /// The color of an HTTP method, falling back to the `OTHER` color.
    public func methodColor(_ method: String) -> Color {
        methods[method.uppercased()] ?? methods["OTHER"] ?? self[.text]
    }

    /// Text of a role's color over the surface background.
    public func style(_ role: ThemeRole) -> Style {
        Style(fg: self[role], bg: self[.surface])
    }

    /// Normal text over the screen background.
    public var base: Style { Style(fg: self[.text], bg: self[.background]) }

    /// Normal text over the surface color of panes.
    public var surfaceStyle: Style { Style(fg: self[.text], bg: self[.surface]) }

    /// The style of a selected row: the selection background, or reverse video when the
    /// selection color is the terminal default (monochrome themes, `NO_COLOR`).
    public var selectionStyle: Style {
        let selection = self[.selection]
        if selection == .default { return Style(modifiers: .reverse) }
        return Style(fg: self[.text], bg: selection)
    }

    /// The border style for a pane, brighter and bold when it has the focus.
    public func borderStyle(focused: Bool) -> Style {
        focused ? Style(fg: self[.primary], bg: self[.surface], modifiers: .bold) : Style(fg: self[.border], bg: self[.surface])
    }

    /// The theme with every color reduced to what `depth` can show.
    public func degraded(to depth: ColorDepth) -> Theme {
        Theme(
            name: name,
            roles: roles.mapValues { $0.degraded(to: depth) },
            methods: methods.mapValues { $0.degraded(to: depth) },
            json: json.mapValues { $0.degraded(to: depth) }
        )
    }

    /// The built-in default: the same colors as `themes/dark.json`.
    public static let dark = Theme(
        name: "dark",
        roles: [
            .primary: .rgb(0x7a, 0xa2, 0xf7), .accent: .rgb(0xbb, 0x9a, 0xf7),
            .background: .rgb(0x1a, 0x1b, 0x26), .surface: .rgb(0x1f, 0x23, 0x35),
            .text: .rgb(0xc0, 0xca, 0xf5), .muted: .rgb(0x73, 0x7a, 0xa2),
            .error: .rgb(0xf7, 0x76, 0x8e), .warning: .rgb(0xe0, 0xaf, 0x68),
            .success: .rgb(0x9e, 0xce, 0x6a), .border: .rgb(0x3b, 0x42, 0x61),
            .selection: .rgb(0x33, 0x46, 0x7c),
        ],
        methods: [
            "GET": .rgb(0x9e, 0xce, 0x6a), "POST": .rgb(0xe0, 0xaf, 0x68), "PUT": .rgb(0x7a, 0xa2, 0xf7),
            "PATCH": .rgb(0xbb, 0x9a, 0xf7), "DELETE": .rgb(0xf7, 0x76, 0x8e), "HEAD": .rgb(0x7d, 0xcf, 0xff),
            "OPTIONS": .rgb(0x73, 0xda, 0xca), "OTHER": .rgb(0xa9, 0xb1, 0xd6),
        ],
        json: [
            .key: .rgb(0x7a, 0xa2, 0xf7), .string: .rgb(0x9e, 0xce, 0x6a), .number: .rgb(0xff, 0x9e, 0x64),
            .boolean: .rgb(0xbb, 0x9a, 0xf7), .null: .rgb(0x73, 0x7a, 0xa2), .punctuation: .rgb(0xa9, 0xb1, 0xd6),
        ]
    )

    /// A theme without colors: every role is the terminal default; selection uses reverse video.
    public static let monochrome = Theme(
        name: "monochrome",
        roles: Dictionary(uniqueKeysWithValues: ThemeRole.allCases.map { ($0, Color.default) }),
        methods: Dictionary(uniqueKeysWithValues: methodNames.map { ($0, Color.default) }),
        json: Dictionary(uniqueKeysWithValues: JSONTokenRole.allCases.map { ($0, Color.default) })
    )
}
