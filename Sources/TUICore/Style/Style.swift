/// Text attributes that do not involve color.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The raw bit set.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold or bright text.
    public static let bold = Modifiers(rawValue: 1 << 0)
    /// Faint text.
    public static let dim = Modifiers(rawValue: 1 << 1)
    /// Italic text.
    public static let italic = Modifiers(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = Modifiers(rawValue: 1 << 3)
    /// Foreground and background swapped.
    public static let reverse = Modifiers(rawValue: 1 << 4)
}

/// How a cell looks: foreground, background and modifiers.
///
/// A nil color means "unchanged" when patching and "terminal default" when drawn.
public struct Style: Hashable, Sendable {
    /// The text color, nil for unchanged/default.
    public var fg: Color?
    /// The background color, nil for unchanged/default.
    public var bg: Color?
    /// Bold, underline, reverse and the like.
    public var modifiers: Modifiers

    /// Creates a style.
    public init(fg: Color? = nil, bg: Color? = nil, modifiers: Modifiers = []) {
        self.fg = fg
        self.bg = bg
        self.modifiers = modifiers
    }

    /// The plain style: default colors, no modifiers.
    public static let plain = Style()

    /// This style with `other` laid on top: its colors win where set, modifiers add up.
    public func patched(with other: Style) -> Style {
        Style(fg: other.fg ?? fg, bg: other.bg ?? bg, modifiers: modifiers.union(other.modifiers))
    }

    /// This style with a different foreground.
    public func fg(_ color: Color) -> Style {
        var s = self
        s.fg = color
        return s
    }

    /// This style with a different background.
    public func bg(_ color: Color) -> Style {
        var s = self
        s.bg = color
        return s
    }

    /// This style with extra modifiers.
    public func adding(_ extra: Modifiers) -> Style {
        var s = self
        s.modifiers.formUnion(extra)
        return s
    }

    /// This style with bold added.
    public var bold: Style { adding(.bold) }
    /// This style with underline added.
    public var underlined: Style { adding(.underline) }
    /// This style with reverse added.
    public var reversed: Style { adding(.reverse) }
    /// This style with dim added.
    public var dimmed: Style { adding(.dim) }
    /// This style with italic added.
    public var italicized: Style { adding(.italic) }

    /// The style with colors reduced to what `depth` can show.
    public func degraded(to depth: ColorDepth) -> Style {
        Style(fg: fg?.degraded(to: depth), bg: bg?.degraded(to: depth), modifiers: modifiers)
    }
}
