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
        guard let equals = value.firstIndex(of: "=") else {
            return .invalid(ConversionWarning(.unsupported, at: literal ? "--form-string" : "-F", "'\(value)' has no '=' between name and content; part ignored"))
        }
        let name = String(value[..<equals])
        let content = String(value[value.index(after: equals)...])
        if literal { return .part(.field(FormField(name: name, value: content))) }
        if content.hasPrefix("@") || content.hasPrefix("<") {
            var attributes = splitAttributes(String(content.dropFirst()))
            let path = attributes.removeFirst()
            var file = MultipartFile(name: name, path: path)
            for attribute in attributes {
                let pair = attribute.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { continue }
                switch pair[0].lowercased() {
                case "type": file.contentType = pair[1]
                case "filename": file.fileName = unquoted(pair[1])
                default: break
                }
            }
            return .part(.file(file))
        }
        return .part(.field(FormField(name: name, value: content)))
    }

    /// Splits `path;type=x;filename=y` at semicolons outside double quotes; the path comes first.
    private static func splitAttributes(_ text: String) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var inQuotes = false
        for character in text {
            if character == "\"" {
                inQuotes.toggle()
                continue
            }
            if character == ";" && !inQuotes {
                pieces.append(piece)
                piece = ""
                continue
            }
            piece.append(character)
        }
        pieces.append(piece)
        return pieces
    }

    private static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
    }
}
