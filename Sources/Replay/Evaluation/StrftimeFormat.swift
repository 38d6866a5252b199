import Foundation

/// Reads and writes dates with strftime-style formats, as Hurl's `toDate` and `dateFormat` take them
/// (`%Y-%m-%d`, `%a, %d %b %Y %H:%M:%S GMT`, `%+` for ISO 8601 / RFC 3339). Dates are in UTC.
enum StrftimeFormat {
    /// English month names, as `%b` and `%B` read and write them.
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    /// English day names from Sunday, as `%a` and `%A` read and write them.
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The Gregorian calendar in UTC.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// One conversion of a format: the specifier letter with its modifiers.
    struct Directive {
        /// The letter (`Y`, `m`, `f`, `z`, …).
        var letter: Character
        /// `-` asks for no padding.
        var noPadding = false
        /// `.` before `f`: a fraction with its dot.
        var dotted = false
        /// Digits before `f`: how many fraction digits.
        var width: Int?
        /// `:` before `z`: an offset with a colon.
        var colon = false
    }

    /// A format as literal text and directives.
    enum Piece {
        /// A character matched or written as it is.
        case literal(Character)
        /// A conversion.
        case directive(Directive)
    }

    /// Splits a format into pieces, expanding the composite directives (`%T`, `%F`, `%D`, `%R`, `%+`).
    static func pieces(_ pattern: String) -> [Piece] {
        var pieces: [Piece] = []
        var characters = Substring(pattern)
        while let character = characters.popFirst() {
            guard character == "%" else {
                pieces.append(.literal(character))
                continue
            }
            var directive = Directive(letter: "%")
            while let modifier = characters.first, "-_0.:123456789".contains(modifier) {
                characters.removeFirst()
                switch modifier {
                case "-": directive.noPadding = true
                case ".": directive.dotted = true
                case ":": directive.colon = true
                case "_", "0": break
                default: directive.width = modifier.wholeNumberValue
                }
            }
            guard let letter = characters.popFirst() else {
                pieces.append(.literal("%"))
                break
            }
            directive.letter = letter
            switch letter {
            case "T": pieces += self.pieces("%H:%M:%S")
            case "R": pieces += self.pieces("%H:%M")
            case "D": pieces += self.pieces("%m/%d/%y")
            case "F": pieces += self.pieces("%Y-%m-%d")
            case "+": pieces += self.pieces("%Y-%m-%dT%H:%M:%S%.f%:z")
            case "%": pieces.append(.literal("%"))
            case "n": pieces.append(.literal("\n"))
            case "t": pieces.append(.literal("\t"))
            default: pieces.append(.directive(directive))
            }
        }
        return pieces
    }

    /// Writes a date with a format.
    static func format(_ date: Date, pattern: String) -> String {
        let components = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday, .nanosecond], from: date)
        let seconds = date.timeIntervalSince1970
        let nanoseconds = min(999_999_999, max(0, Int(((seconds - seconds.rounded(.down)) * 1e9).rounded())))
        let year = components.year ?? 1970
        let month = components.month ?? 1
        let day = components.day ?? 1
        let hour = components.hour ?? 0
        let weekday = (components.weekday ?? 1) - 1
        var output = ""
        for piece in pieces(pattern) {
            guard case .directive(let directive) = piece else {
                if case .literal(let character) = piece { output.append(character) }
                continue
            }
            func number(_ value: Int, _ width: Int) -> String {
                let text = String(abs(value))
                let padded = directive.noPadding || text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
                return (value < 0 ? "-" : "") + padded
            }
            switch directive.letter {
            case "Y": output += number(year, 4)
            case "C": output += number(year / 100, 2)
            case "y": output += number(year % 100, 2)
            case "m": output += number(month, 2)
            case "b", "h": output += String(months[month - 1].prefix(3))
            case "B": output += months[month - 1]
            case "d": output += number(day, 2)
            case "e": output += day < 10 && !directive.noPadding ? " \(day)" : String(day)
            case "a": output += String(weekdays[weekday].prefix(3))
            case "A": output += weekdays[weekday]
            case "w": output += String(weekday)
            case "u": output += String(weekday == 0 ? 7 : weekday)
            case "j": output += number(calendar.ordinality(of: .day, in: .year, for: date) ?? 1, 3)
            case "H": output += number(hour, 2)
            case "k": output += hour < 10 ? " \(hour)" : String(hour)
            case "I": output += number(hour % 12 == 0 ? 12 : hour % 12, 2)
            case "l": output += String(hour % 12 == 0 ? 12 : hour % 12)
            case "p": output += hour < 12 ? "AM" : "PM"
            case "P": output += hour < 12 ? "am" : "pm"
            case "M": output += number(components.minute ?? 0, 2)
            case "S": output += number(components.second ?? 0, 2)
            case "f":
                let digits = String(number(nanoseconds, 9))
                if directive.dotted {
                    if let width = directive.width {
                        output += "." + digits.prefix(width)
                    } else if nanoseconds != 0 {
                        output += "." + (nanoseconds % 1_000_000 == 0 ? digits.prefix(3) : nanoseconds % 1_000 == 0 ? digits.prefix(6) : Substring(digits))
                    }
                } else {
                    output += digits.prefix(directive.width ?? 9)
                }
            case "z": output += directive.colon ? "+00:00" : "+0000"
            case "Z": output += "UTC"
            case "s": output += String(Int64(seconds.rounded(.down)))
            default: output += "%" + String(directive.letter)
            }
        }
        return output
    }

    /// Reads a date written with a format, or nil when the text does not follow it.
    static func parse(_ text: String, pattern: String) -> Date? {
        var input = Substring(text)
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, nanoseconds = 0, offset = 0
        var dayOfYear: Int?
        var pm: Bool?
        var epoch: Int64?
        func digits(_ maximum: Int) -> Int? {
            var sign = 1
            if input.first == "-" || input.first == "+", maximum >= 4 {
                sign = input.first == "-" ? -1 : 1
                input.removeFirst()
            }
            if input.first == " " { input.removeFirst() }
            let run = input.prefix(while: { $0.isASCII && $0.isNumber }).prefix(maximum)
            guard !run.isEmpty, let value = Int(run) else { return nil }
            input.removeFirst(run.count)
            return sign * value
        }
        func name(_ names: [String]) -> Int? {
            for (index, full) in names.enumerated() {
                for candidate in [full, String(full.prefix(3))] where input.lowercased().hasPrefix(candidate.lowercased()) {
                    input.removeFirst(candidate.count)
                    return index
                }
            }
            return nil
        }
        for piece in pieces(pattern) {
            switch piece {
            case .literal(let character):
                if character.isWhitespace {
                    while input.first?.isWhitespace == true { input.removeFirst() }
                } else {
                    guard input.first == character else { return nil }
                    input.removeFirst()
                }
            case .directive(let directive):
                switch directive.letter {
                case "Y": guard let value = digits(4) else { return nil }; year = value
                case "y": guard let value = digits(2) else { return nil }; year = value < 70 ? 2000 + value : 1900 + value
                case "m": guard let value = digits(2) else { return nil }; month = value
                case "b", "h", "B": guard let value = name(months) else { return nil }; month = value + 1
                case "d", "e": guard let value = digits(2) else { return nil }; day = value
                case "a", "A": guard name(weekdays) != nil else { return nil }
                case "w", "u": guard digits(1) != nil else { return nil }
                case "C": guard let value = digits(2) else { return nil }; year = value * 100 + year % 100
                case "j": guard let value = digits(3) else { return nil }; dayOfYear = value
                case "H", "k", "I", "l": guard let value = digits(2) else { return nil }; hour = value
                case "M": guard let value = digits(2) else { return nil }; minute = value
                case "S": guard let value = digits(2) else { return nil }; second = value
                case "p", "P":
                    let word = input.prefix(2).lowercased()
                    guard word == "am" || word == "pm" else { return nil }
                    pm = word == "pm"
                    input.removeFirst(2)
                case "f":
                    if directive.dotted {
                        guard input.first == "." else {
                            if directive.width == nil { continue }
                            return nil
                        }
                        input.removeFirst()
                    }
                    let run = input.prefix(while: { $0.isASCII && $0.isNumber }).prefix(9)
                    guard !run.isEmpty, let value = Int(run) else { return nil }
                    input.removeFirst(run.count)
                    nanoseconds = value * Int(pow(10.0, Double(9 - run.count)))
                case "z":
                    if input.first == "Z" || input.first == "z" {
                        input.removeFirst()
                        continue
                    }
                    guard let sign = input.first, sign == "+" || sign == "-" else { return nil }
                    input.removeFirst()
                    guard let hours = digits(2) else { return nil }
                    if input.first == ":" { input.removeFirst() }
                    let minutes = digits(2) ?? 0
                    offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
                case "Z":
                    let zone = input.prefix(while: { $0.isLetter })
                    guard !zone.isEmpty else { return nil }
                    input.removeFirst(zone.count)
                case "s":
                    let run = input.prefix(while: { $0.isASCII && ($0.isNumber || $0 == "-") }).prefix(19)
                    guard let value = Int64(run) else { return nil }
                    input.removeFirst(run.count)
                    epoch = value
                default:
                    return nil
                }
            }
        }
        guard input.isEmpty else { return nil }
        if let epoch { return Date(timeIntervalSince1970: TimeInterval(epoch)) }
        if let pm {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        }
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        if let dayOfYear {
            guard (1...366).contains(dayOfYear) else { return nil }
            components.month = 1
            components.day = 1
            guard let start = calendar.date(from: components), let date = calendar.date(byAdding: .day, value: dayOfYear - 1, to: start) else { return nil }
            return date.addingTimeInterval(TimeInterval(nanoseconds) / 1e9 - TimeInterval(offset))
        }
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        return date.addingTimeInterval(TimeInterval(nanoseconds) / 1e9 - TimeInterval(offset))
    }
}
