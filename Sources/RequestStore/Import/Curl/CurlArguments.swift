/// One option as it appeared on a curl command line.
struct CurlOption: Hashable, Sendable {
    /// The canonical long name, e.g. `request` for `-X`.
    var name: String
    /// The value, for options that take one.
    var value: String?
    /// Whether a switch was turned off with `--no-NAME`.
    var negated: Bool
    /// How the user wrote it, for messages: `-X`, `--sil`.
    var spelled: String
}

/// The options and URLs of one curl invocation (the part between `--next` separators).
struct CurlInvocation: Hashable, Sendable {
    /// Options in the order given.
    var options: [CurlOption] = []
    /// URLs in the order given.
    var urls: [String] = []
}

/// Reads curl's argument syntax: long options and their unique prefixes, `--no-` switches,
/// clustered short options (`-sSL`), values glued to short options (`-XPOST`) and `--next`.
enum CurlArgumentParser {
    /// Parses the arguments that follow the `curl` word.
    static func parse(_ arguments: [String]) throws -> (invocations: [CurlInvocation], warnings: [ConversionWarning]) {
        var invocations: [CurlInvocation] = []
        var current = CurlInvocation()
        var warnings: [ConversionWarning] = []
        var index = 0
        var optionsEnded = false

        func append(_ spec: CurlOptionSpec, negated: Bool, spelled: String, value: String?) {
            if spec.long == "next" {
                invocations.append(current)
                current = CurlInvocation()
                return
            }
            current.options.append(CurlOption(name: spec.long, value: value, negated: negated, spelled: spelled))
        }

        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                current.urls.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word.hasPrefix("--") {
                let name = String(word.dropFirst(2))
                switch CurlOptionTable.lookup(long: name) {
                case .found(let spec, let negated):
                    var value: String?
                    if spec.takesValue {
                        guard index < arguments.count else { throw CurlImportError.missingValue(option: word) }
                        value = arguments[index]
                        index += 1
                    }
                    append(spec, negated: negated, spelled: word, value: value)
                case .ambiguous(let candidates):
                    warnings.append(ConversionWarning(.unsupported, at: word, "ambiguous option (could be --\(candidates.prefix(4).joined(separator: ", --"))); ignored. Write it out in full"))
                case .unknown:
                    if name.contains("=") {
                        warnings.append(ConversionWarning(.unsupported, at: word, "curl does not accept --option=value; ignored. Write '--\(name.prefix { $0 != "=" }) VALUE'"))
                    } else {
                        warnings.append(ConversionWarning(.unsupported, at: word, "unknown curl option; ignored"))
                    }
                }
                continue
            }
            var letters = Substring(word.dropFirst())
            while let letter = letters.first {
                letters = letters.dropFirst()
                guard let spec = CurlOptionTable.byShort[letter] else {
                    warnings.append(ConversionWarning(.unsupported, at: "-\(letter)", "unknown curl option; ignored"))
                    continue
                }
                if spec.takesValue {
                    let value: String
                    if !letters.isEmpty {
                        value = String(letters)
                        letters = ""
                    } else {
                        guard index < arguments.count else { throw CurlImportError.missingValue(option: "-\(letter)") }
                        value = arguments[index]
                        index += 1
                    }
                    append(spec, negated: false, spelled: "-\(letter)", value: value)
                } else {
                    append(spec, negated: false, spelled: "-\(letter)", value: nil)
                }
            }
        }
        invocations.append(current)
        return (invocations, warnings)
    }
}
