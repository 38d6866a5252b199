/// Chooses the collection variable that holds a parameter's value: the parameter's name (characters other
/// than letters, digits, `_`, `-` and `.` replaced by `_`), shared by every operation that gives the same
/// value, and numbered (`id2`, `id3`, …) for another value, so that one operation's value never replaces
/// another's. Names that `baseUrl` and the security schemes use are never given to a parameter.
struct OpenAPIVariableNames {
    /// The name chosen for each value (nil: no value) of each parameter name.
    private var chosen: [String: [String?: String]] = [:]
    /// The first name chosen for each parameter name.
    private var first: [String: String] = [:]
    /// The next number to try for each parameter name.
    private var nextNumber: [String: Int] = [:]
    /// Every name chosen so far.
    private var taken: Set<String> = []
    /// Names kept for other variables.
    private let reserved: Set<String>

    /// Names chosen by nothing yet, with `reserved` kept for other variables.
    init(reserved: Set<String>) {
        self.reserved = reserved
    }

    /// The variable for a parameter named `parameter` holding `value`, and whether it is new.
    mutating func name(for parameter: String, value: String?) -> (name: String, isNew: Bool) {
        let base = Self.variableName(parameter, fallback: "parameter")
        if let known = chosen[base]?[value] { return (known, false) }
        var number = nextNumber[base] ?? 1
        var candidate = number == 1 ? base : base + String(number)
        // Numbers only go up for each name, so all the names of one import are found in time linear in their count.
        while reserved.contains(candidate) || taken.contains(candidate) {
            number += 1
            candidate = base + String(number)
        }
        nextNumber[base] = number + 1
        taken.insert(candidate)
        chosen[base, default: [:]][value] = candidate
        if first[base] == nil { first[base] = candidate }
        return (candidate, true)
    }

    /// The first variable chosen for a parameter named `parameter`, if any.
    func existing(for parameter: String) -> String? {
        first[Self.variableName(parameter, fallback: "parameter")]
    }

    /// A name made of letters, digits, `_`, `-` and `.` (others replaced by `_`), else `fallback`.
    static func variableName(_ text: String, fallback: String) -> String {
        let name = String(text.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." ? $0 : "_" })
        return name.isEmpty ? fallback : name
    }
}
