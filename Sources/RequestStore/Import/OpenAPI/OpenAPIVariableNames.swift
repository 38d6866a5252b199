/// Chooses the collection variable that holds a parameter's value: the parameter's name (characters other
/// than letters, digits, `_`, `-` and `.` replaced by `_`), shared by every operation that gives the same
/// value, and numbered (`id2`, `id3`, …) for another value, so that one operation's value never replaces
/// another's. Names that `baseUrl` and the security schemes use are never given to a parameter.
struct OpenAPIVariableNames {
    /// The value each chosen name holds; nil for a variable with no value.
    private var values: [String: String?] = [:]
    /// Names kept for other variables.
    private let reserved: Set<String>

    /// Names chosen by nothing yet, with `reserved` kept for other variables.
    init(reserved: Set<String>) {
        self.reserved = reserved
    }

    /// The variable for a parameter named `parameter` holding `value`, and whether it is new.
    mutating func name(for parameter: String, value: String?) -> (name: String, isNew: Bool) {
        let base = Self.variableName(parameter, fallback: "parameter")
        var candidate = base
        var counter = 1
        // Each round passes one taken name, so the loop ends within values.count + reserved.count + 1 rounds.
        while true {
            if !reserved.contains(candidate) {
                guard let held = values[candidate] else {
                    values[candidate] = .some(value)
                    return (candidate, true)
                }
                if held == value { return (candidate, false) }
            }
            counter += 1
            candidate = base + String(counter)
        }
    }

    /// The variable already chosen for a parameter named `parameter` (the first, when it was numbered), if any.
    func existing(for parameter: String) -> String? {
        let base = Self.variableName(parameter, fallback: "parameter")
        return !reserved.contains(base) && values[base] != nil ? base : nil
    }

    /// A name made of letters, digits, `_`, `-` and `.` (others replaced by `_`), else `fallback`.
    static func variableName(_ text: String, fallback: String) -> String {
        let name = String(text.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." ? $0 : "_" })
        return name.isEmpty ? fallback : name
    }
}
