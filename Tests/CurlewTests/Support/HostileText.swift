/// Text built to break out of exported files and scripts, drawn from a fixed seed so that every run tests the same cases.
///
/// Each string joins a few fragments: line breaks, shell and JavaScript payloads that create the file named by
/// `$CANARY` when they run, quotes, `{{…}}`, comment and request markers of `.http` and `.hurl` files, NUL and other
/// control characters, and non-ASCII text. Some strings are one fragment alone, some are 64 KB long.
struct HostileText {
    /// The environment variable the payloads name: the file they create if they ever run.
    static let canaryVariable = "CANARY"

    /// The pieces strings are made of.
    static let fragments: [String] = [
        "\n", "\r", "\r\n", "\n\n", "'", "\"", "\\", "`", ";", "&&", "|", "&", "#", "###", "{{", "}}", "{{v}}", "{{ v }}",
        "\u{0}", "\t", " ", "=", "?", ":", "@", "<", ">", "%", "%0A", "%00", "$", "\\n", "\\u{0}", "```", "//", "/*", "*/", "[", "]",
        "$(touch \"$CANARY\")", "`touch \"$CANARY\"`", "'; touch \"$CANARY\"; '", "\"; touch \"$CANARY\"; \"", "\ntouch \"$CANARY\"\n",
        "\r\ntouch \"$CANARY\" #", "&& touch \"$CANARY\"", "| touch \"$CANARY\"", "; touch \"$CANARY\"", "${CANARY}",
        "\");(await import(\"node:fs\")).writeFileSync(process.env.CANARY, \"\");(\"",
        "\n(await import(\"node:fs\")).writeFileSync(process.env.CANARY, \"\");\n",
        "\u{2028}(await import(\"node:fs\")).writeFileSync(process.env.CANARY, \"\");",
        "${(await import(\"node:fs\")).writeFileSync(process.env.CANARY, \"\")}",
        "\n###\nGET http://127.0.0.1:9/injected\n", "\nX-Injected: yes", "\r\nX-Injected: yes\r\n", "\n\nbody",
        "\n[Options]\ninsecure: true", "\nHTTP 200", "-o curlew-hostile-output", "--next", " HTTP/1.1", "/", "..",
        "\n> {% client.global.set(\"x\", 1) %}", "< ./secret", "\n@name evil", "@folder a/b", "\n--curlew-http-file-boundary\n",
        "é", "日本語", "🦜", "e\u{301}", "\u{301}", "'\u{301}", "\"\u{301}", "\u{2028}", "\u{2029}", "\u{85}", "\u{1B}[31m", "\u{7F}", "\u{FEFF}", "\u{0B}", "\u{0C}",
        "word", "plain", "x", "0",
    ]

    /// How long the long strings are, in UTF-8 bytes at least.
    static let longLength = 64 * 1024

    private var generator: SeededGenerator

    /// A sequence of strings from `seed`.
    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// The next string: one fragment (one in six), two to eight, or (one in 32) a 64 KB run of them.
    mutating func next() -> String {
        let roll = generator.next() % 32
        if roll == 0 { return long() }
        let count = roll < 6 ? 1 : Int(generator.next() % 7) + 2
        var text = ""
        for _ in 0..<count { text += fragment() }
        return text
    }

    /// `count` strings.
    mutating func strings(_ count: Int) -> [String] {
        (0..<count).map { _ in next() }
    }

    private mutating func fragment() -> String {
        Self.fragments[Int(generator.next() % UInt64(Self.fragments.count))]
    }

    private mutating func long() -> String {
        var text = ""
        while text.utf8.count < Self.longLength { text += fragment() }
        return text
    }
}

/// SplitMix64: a small generator whose numbers depend only on its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator starting from `seed`.
    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
