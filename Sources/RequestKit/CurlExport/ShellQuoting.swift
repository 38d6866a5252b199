/// Quoting for POSIX shells (sh, bash, zsh).
public enum ShellQuoting {
    /// The characters that never need quoting in a shell word (`=` is left out: zsh expands a leading one).
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:@%+,")

    /// The text as one shell word: as it is when it holds only safe characters, else in single
    /// quotes, with each embedded `'` written as `'\''`. A NUL byte, which no word can hold (bash drops it,
    /// or refuses a script that has one), is written `␀`.
    public static func quote(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ plain.contains($0) }) { return text }
        return "'" + text.replacingAll("'", with: "'\\''").replacingAll("\0", with: "␀") + "'"
    }

    /// A `printf` command that writes these exact bytes to stdout, for bodies that cannot be
    /// passed as an argument (NUL bytes, invalid UTF-8). Printable ASCII stays readable; every
    /// other byte is a three-digit octal escape, which every POSIX `printf` understands.
    public static func printfCommand(for bytes: some Sequence<UInt8>) -> String {
        var format = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "%"): format += "%%"
            case UInt8(ascii: "\\"): format += "\\\\"
            case UInt8(ascii: "'"): format += "'\\''"
            case 0x20...0x7E: format.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let octal = String(byte, radix: 8)
                format += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return "printf '" + format + "'"
    }
}

extension String {
    /// Replaces every occurrence of the scalar `target` with `replacement`, without Foundation.
    ///
    /// Scalars, not characters: a quote followed by a combining mark is one character to Swift but a quote to a
    /// shell or to curl, and must be replaced too.
    func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == target { output.append(contentsOf: replacement.unicodeScalars) } else { output.append(scalar) }
        }
        return String(output)
    }
}
