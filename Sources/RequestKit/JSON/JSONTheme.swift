/// Colors for JSON tokens, as ANSI SGR escape sequences placed before a token and reset after it.
public struct JSONTheme: Hashable, Sendable {
    /// Before an object key.
    public var key: String
    /// Before a string value.
    public var string: String
    /// Before a number.
    public var number: String
    /// Before `true` or `false`.
    public var boolean: String
    /// Before `null`.
    public var null: String
    /// Before braces, brackets, commas and colons.
    public var punctuation: String
    /// After every colored token.
    public var reset: String

    /// Creates a theme from escape sequences.
    public init(key: String, string: String, number: String, boolean: String, null: String, punctuation: String, reset: String = "\u{1B}[0m") {
        self.key = key
        self.string = string
        self.number = number
        self.boolean = boolean
        self.null = null
        self.punctuation = punctuation
        self.reset = reset
    }

    /// The terminal colors `curlew send` uses: blue keys, green strings, cyan numbers, yellow literals.
    public static let terminal = JSONTheme(
        key: "\u{1B}[1;34m",
        string: "\u{1B}[32m",
        number: "\u{1B}[36m",
        boolean: "\u{1B}[33m",
        null: "\u{1B}[35m",
        punctuation: "\u{1B}[2m"
    )
}
