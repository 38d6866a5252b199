/// A duration as Hurl's command line writes one: a number with an optional unit (`ms`, `s`, `m`, `h`) and no space.
enum DurationText {
    /// The units, longest suffix first, with their length in milliseconds.
    private static let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]

    /// The duration in milliseconds; a number without a unit is in `defaultUnit` milliseconds. Nil when the text
    /// is not a non-negative finite number with a known unit.
    static func milliseconds(_ text: String, defaultUnit: Double) -> Double? {
        var number = Substring(text)
        var factor = defaultUnit
        for unit in units where text.hasSuffix(unit.suffix) {
            let rest = text.dropLast(unit.suffix.count)
            // "5m" is minutes, while the "m" of "5ms" belongs to "ms", which comes first.
            guard let last = rest.last, last.isNumber || last == "." else { continue }
            number = rest
            factor = unit.milliseconds
            break
        }
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
        let result = value * factor
        return result.isFinite ? result : nil
    }
}
