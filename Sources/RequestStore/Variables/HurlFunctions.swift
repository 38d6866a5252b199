/// Hurl's random functions in `{{…}}` templates: `randomBool`, `randomInt MIN MAX`, `randomString LENGTH`,
/// `randomWord`, `randomFirstName`, `randomLastName`, `randomFullName`, `randomEmail`. A variable of the same name wins.
public enum HurlFunctions {
    /// The longest `randomString`.
    public static let maximumStringLength = 10_000

    /// The names the functions start with.
    public static let names: Set<String> = [
        "randomBool", "randomInt", "randomString", "randomWord", "randomFirstName", "randomLastName", "randomFullName", "randomEmail",
    ]

    /// Whether a template's text calls one of the functions (its first word is a function's name).
    public static func isCall(_ template: String) -> Bool {
        names.contains(String(template.prefix { $0 != " " }))
    }

    /// The value of a call such as `randomInt 10 99`; an error says what the arguments must be.
    public static func value(of call: String, location: String, random: BuiltinRandom = .system) throws(VariableError) -> String {
        var generator = BuiltinRandom.Generator(source: random)
        let words = call.split(separator: " ").map(String.init)
        let name = words.first ?? ""
        let arguments = Array(words.dropFirst())
        func refuse(_ usage: String) -> VariableError {
            .invalidBody(reason: "'{{\(call)}}' in \(location): \(usage)")
        }
        switch name {
        case "randomInt":
            guard arguments.count == 2, let low = Int64(arguments[0]), let high = Int64(arguments[1]), low <= high else {
                throw refuse("randomInt takes two whole numbers, the lowest and the highest value, as in {{randomInt 1 10}}")
            }
            return String(Int64.random(in: low...high, using: &generator))
        case "randomString":
            guard arguments.count == 1, let length = Int(arguments[0]), (1...maximumStringLength).contains(length) else {
                throw refuse("randomString takes a length from 1 to \(maximumStringLength), as in {{randomString 32}}")
            }
            return String((0..<length).map { _ in alphanumerics.randomElement(using: &generator) ?? "a" })
        default:
            guard arguments.isEmpty else { throw refuse("\(name) takes no argument") }
        }
        switch name {
        case "randomBool": return Bool.random(using: &generator) ? "true" : "false"
        case "randomWord": return pick(words: Self.words, &generator)
        case "randomFirstName": return pick(words: firstNames, &generator)
        case "randomLastName": return pick(words: lastNames, &generator)
        case "randomFullName": return pick(words: firstNames, &generator) + " " + pick(words: lastNames, &generator)
        case "randomEmail":
            let user = pick(words: firstNames, &generator).lowercased() + "." + pick(words: lastNames, &generator).lowercased()
            return user + String(Int.random(in: 1...999, using: &generator)) + "@example.com"
        default: throw refuse("unknown function; Hurl's are \(names.sorted().joined(separator: ", "))")
        }
    }

    /// One of a list of words.
    private static func pick(words: [String], _ generator: inout BuiltinRandom.Generator) -> String {
        words.randomElement(using: &generator) ?? "curlew"
    }

    /// The characters of `randomString`.
    private static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    /// Words for `randomWord`.
    private static let words = ["apple", "river", "stone", "cloud", "lantern", "meadow", "harbor", "pepper", "violet", "summit", "ember", "willow"]
    /// First names for `randomFirstName`.
    private static let firstNames = ["Ada", "Alan", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances", "Edsger", "Radia", "Tim"]
    /// Last names for `randomLastName`.
    private static let lastNames = ["Lovelace", "Turing", "Hopper", "Torvalds", "Hamilton", "Ritchie", "Liskov", "Thompson", "Allen", "Dijkstra", "Perlman", "Berners-Lee"]
}
