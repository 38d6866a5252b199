import RequestKit

/// One `-F` / `--form-string` part.
enum CurlFormPart: Hashable, Sendable {
    /// A text field.
    case field(FormField)
    /// A file attachment.
    case file(MultipartFile)
}

/// Parses the value of `-F` and `--form-string` as curl does.
enum CurlFormArgument {
    /// A part, or the reason the value is not one.
    enum Parsed {
        case part(CurlFormPart)
        case invalid(ConversionWarning)
    }

    /// The part for `-F name=value`, `name=@path;type=…;filename=…` or `name=<path`, or a message why not.
    static func part(_ value: String, literal: Bool) -> Parsed {
        guard let equals = value.unicodeScalars.firstIndex(of: "=") else {
            return .invalid(ConversionWarning(.unsupported, at: literal ? "--form-string" : "-F", "'\(value)' has no '=' between name and content; part ignored"))
        }
        let name = String(value.unicodeScalars[..<equals])
        let content = String(value.unicodeScalars[value.unicodeScalars.index(after: equals)...])
        if literal { return .part(.field(FormField(name: name, value: content))) }
        if content.unicodeScalars.first == "@" || content.unicodeScalars.first == "<" {
            var reader = ParameterReader(Array(content.unicodeScalars.dropFirst()))
            var file = MultipartFile(name: name, path: reader.word())
            while reader.skipSeparator() {
                let key = reader.key()
                let value = reader.word()
                switch key {
                case "type": file.contentType = value
                case "filename": file.fileName = value
                case "headers":
                    if let colon = value.firstIndex(of: ":"), value[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == "content-type" {
                        file.contentType = value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    }
                default: break
                }
            }
            return .part(.file(file))
        }
        return .part(.field(FormField(name: name, value: content)))
    }

    /// Reads `word;key=word;…` as curl's form parser does: a word in double quotes ends at the closing quote, with
    /// `\\` and `\"` escapes; a word without quotes ends at `;`, its surrounding white space dropped.
    private struct ParameterReader {
        var scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        }

        /// The next word, up to the `;` that follows it.
        mutating func word() -> String {
            skipSpaces()
            var result = String.UnicodeScalarView()
            if index < scalars.count, scalars[index] == "\"" {
                index += 1
                while index < scalars.count, scalars[index] != "\"" {
                    if scalars[index] == "\\", index + 1 < scalars.count, scalars[index + 1] == "\\" || scalars[index + 1] == "\"" { index += 1 }
                    result.append(scalars[index])
                    index += 1
                }
                index += 1
                while index < scalars.count, scalars[index] != ";" { index += 1 }
                return String(result)
            }
            while index < scalars.count, scalars[index] != ";" {
                result.append(scalars[index])
                index += 1
            }
            while let last = result.last, last == " " || last == "\t" { result.removeLast() }
            return String(result)
        }

        /// Moves past a `;`; false at the end.
        mutating func skipSeparator() -> Bool {
            guard index < scalars.count, scalars[index] == ";" else { return false }
            index += 1
            return true
        }

        /// The key of a `key=` parameter, lowercased; the `=` is consumed.
        mutating func key() -> String {
            skipSpaces()
            var result = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != "=", scalars[index] != ";" {
                result.append(scalars[index])
                index += 1
            }
            if index < scalars.count, scalars[index] == "=" { index += 1 }
            return String(result).lowercased()
        }
    }
}
