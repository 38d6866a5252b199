import Foundation

/// One of the 16 standard ANSI terminal colors.
public enum ANSIColor: Int, CaseIterable, Hashable, Sendable {
    case black = 0, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite

    /// The name used in theme files, e.g. `bright-red`.
    public var name: String {
        switch self {
        case .black: "black"
        case .red: "red"
        case .green: "green"
        case .yellow: "yellow"
        case .blue: "blue"
        case .magenta: "magenta"
        case .cyan: "cyan"
        case .white: "white"
        case .brightBlack: "bright-black"
        case .brightRed: "bright-red"
        case .brightGreen: "bright-green"
        case .brightYellow: "bright-yellow"
        case .brightBlue: "bright-blue"
        case .brightMagenta: "bright-magenta"
        case .brightCyan: "bright-cyan"
        case .brightWhite: "bright-white"
        }
    }

    /// The usual xterm RGB value of this color, used to find nearest matches.
    public var rgb: (r: UInt8, g: UInt8, b: UInt8) {
        ColorPalette.ansi[rawValue]
    }
}

/// How many colors a terminal can show, from richest to none.
public enum ColorDepth: Int, Comparable, Hashable, Sendable, CaseIterable {
    /// No colors: only bold, underline, reverse and the like (e.g. `NO_COLOR`).
    case none = 0
    /// The 8 basic ANSI colors.
    case ansi8 = 8
    /// The 16 ANSI colors (8 basic and 8 bright).
    case ansi16 = 16
    /// The xterm 256-color palette.
    case indexed256 = 256
    /// 24-bit RGB colors.
    case trueColor = 16_777_216

    /// Orders depths from fewest to most colors.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Chooses the depth from the terminal's color count and the environment.
    ///
    /// `NO_COLOR` (set and non-empty) wins and gives `.none`. `COLORTERM=truecolor` or
    /// `24bit` raises a 256-color terminal to `.trueColor`; otherwise the count decides.
    public static func detect(terminalColors: Int, environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if terminalColors >= 16_777_216 { return .trueColor }
        if terminalColors >= 256 {
            return colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .indexed256
        }
        if terminalColors >= 16 { return .ansi16 }
        if terminalColors >= 8 { return .ansi8 }
        return .none
    }
}

/// A terminal color: the terminal's default, an ANSI color, a 256-palette index or RGB.
public enum Color: Hashable, Sendable, CustomStringConvertible {
    /// The terminal's own default foreground or background.
    case `default`
    /// One of the 16 ANSI colors.
    case ansi(ANSIColor)
    /// An index into the xterm 256-color palette.
    case indexed(UInt8)
    /// A 24-bit color.
    case rgb(UInt8, UInt8, UInt8)

    /// Black, for brevity.
    public static let black = Color.ansi(.black)
    /// Red, for brevity.
    public static let red = Color.ansi(.red)
    /// Green, for brevity.
    public static let green = Color.ansi(.green)
    /// Yellow, for brevity.
    public static let yellow = Color.ansi(.yellow)
    /// Blue, for brevity.
    public static let blue = Color.ansi(.blue)
    /// Magenta, for brevity.
    public static let magenta = Color.ansi(.magenta)
    /// Cyan, for brevity.
    public static let cyan = Color.ansi(.cyan)
    /// White, for brevity.
    public static let white = Color.ansi(.white)

    /// The theme-file form: `default`, an ANSI name, a palette index or `#rrggbb`.
    public var description: String {
        switch self {
        case .default: return "default"
        case .ansi(let c): return c.name
        case .indexed(let i): return String(i)
        case .rgb(let r, let g, let b): return "#" + [r, g, b].map(Color.hex2).joined()
        }
    }

    private static func hex2(_ v: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(v >> 4)], digits[Int(v & 0xF)]])
    }

    /// Parses `default`, an ANSI name (`red`, `bright-red`, `brightRed`), an index `0`…`255`,
    /// or `#rrggbb` / `#rgb`. Returns nil for anything else.
    public init?(parsing text: String) {
        let scalars = text.unicodeScalars
        let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
        let end = scalars.lastIndex { !$0.properties.isWhitespace }.map { scalars.index(after: $0) } ?? start
        let t = String(scalars[start..<max(start, end)]).lowercased()
        if t == "default" || t == "none" || t == "reset" {
            self = .default
            return
        }
        if t.hasPrefix("#") {
            let hex = Array(t.dropFirst())
            let full: [Character]
            if hex.count == 3 {
                full = hex.flatMap { [$0, $0] }
            } else if hex.count == 6 {
                full = hex
            } else {
                return nil
            }
            guard let value = UInt32(String(full), radix: 16) else { return nil }
            self = .rgb(UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
            return
        }
        if let index = Int(t) {
            guard (0...255).contains(index) else { return nil }
            self = .indexed(UInt8(index))
            return
        }
        let bare = Color.withoutSeparators(t)
        if let match = ANSIColor.allCases.first(where: { Color.withoutSeparators($0.name) == bare }) {
            self = .ansi(match)
            return
        }
        if bare == "gray" || bare == "grey" {
            self = .ansi(.brightBlack)
            return
        }
        return nil
    }

    /// The name with `-` and `_` left out, so `bright-red`, `bright_red` and `brightred` compare equal.
    private static func withoutSeparators(_ name: String) -> String {
        String(name.unicodeScalars.filter { $0 != "-" && $0 != "_" })
    }

    /// The RGB value this color shows as on a typical xterm, or nil for `.default`.
    public var rgbValue: (r: UInt8, g: UInt8, b: UInt8)? {
        switch self {
        case .default: return nil
        case .ansi(let c): return c.rgb
        case .indexed(let i): return ColorPalette.rgb(ofIndex: Int(i))
        case .rgb(let r, let g, let b): return (r, g, b)
        }
    }

    /// The nearest color a terminal of the given depth can show.
    ///
    /// RGB maps to the nearest xterm-256 entry, then to the nearest of 16 or 8 ANSI colors;
    /// with `.none` every color becomes `.default`.
    public func degraded(to depth: ColorDepth) -> Color {
        switch (self, depth) {
        case (.default, _): return .default
        case (_, .none): return .default
        case (_, .trueColor): return self
        case (.rgb(let r, let g, let b), .indexed256): return .indexed(ColorPalette.nearest256(r, g, b))
        case (.indexed, .indexed256), (.ansi, .indexed256), (.ansi, .ansi16): return self
        case (.ansi(let c), .ansi8): return .ansi(ANSIColor(rawValue: c.rawValue % 8) ?? .white)
        case (.indexed(let i), .ansi16) where i < 16: return .ansi(ANSIColor(rawValue: Int(i)) ?? .white)
        case (.indexed(let i), .ansi8) where i < 16: return .ansi(ANSIColor(rawValue: Int(i) % 8) ?? .white)
        default:
            guard let (r, g, b) = rgbValue else { return .default }
            return .ansi(ColorPalette.nearestANSI(r, g, b, count: depth == .ansi8 ? 8 : 16))
        }
    }
}

/// The xterm palette and nearest-color search.
enum ColorPalette {
    /// xterm's RGB values for the 16 ANSI colors.
    static let ansi: [(r: UInt8, g: UInt8, b: UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The six levels of each channel in the 6×6×6 color cube.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of a 256-palette index.
    static func rgb(ofIndex index: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        if index < 16 { return ansi[index] }
        if index >= 232 {
            let level = UInt8(8 + (index - 232) * 10)
            return (level, level, level)
        }
        let i = index - 16
        return (UInt8(cubeLevels[i / 36]), UInt8(cubeLevels[(i / 6) % 6]), UInt8(cubeLevels[i % 6]))
    }

    /// Squared distance between two colors, weighted for the eye's sensitivity.
    static func distance(_ a: (r: UInt8, g: UInt8, b: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8)) -> Int {
        let dr = Int(a.r) - Int(b.r)
        let dg = Int(a.g) - Int(b.g)
        let db = Int(a.b) - Int(b.b)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    /// The nearest cube or grayscale entry (16…255) of the 256-color palette.
    static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func nearestLevel(_ v: UInt8) -> Int {
            var best = 0
            for (i, level) in cubeLevels.enumerated() where abs(level - Int(v)) < abs(cubeLevels[best] - Int(v)) {
                best = i
            }
            return best
        }
        let ri = nearestLevel(r), gi = nearestLevel(g), bi = nearestLevel(b)
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let target = (r: r, g: g, b: b)
        let cubeDistance = distance(rgb(ofIndex: cubeIndex), target)
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let grayStep = min(23, max(0, (average - 3) / 10))
        let grayIndex = 232 + grayStep
        let grayDistance = distance(rgb(ofIndex: grayIndex), target)
        return UInt8(grayDistance < cubeDistance ? grayIndex : cubeIndex)
    }

    /// The nearest of the first `count` ANSI colors (8 or 16).
    static func nearestANSI(_ r: UInt8, _ g: UInt8, _ b: UInt8, count: Int) -> ANSIColor {
        var best = 0
        var bestDistance = Int.max
        for i in 0..<count {
            let d = distance(ansi[i], (r, g, b))
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return ANSIColor(rawValue: best) ?? .white
    }
}
