/// `--seed N` of `send` and `run`: the seed of the random built-ins, so that a run repeats its values exactly.
package enum SeedOption {
    /// The option's entry in the command tables.
    package static let spec = OptionSpec.value(
        "--seed", "N", .text,
        "Draw every random built-in ({{$randomEmail}}, {{$guid}}, {{randomInt 1 9}}, …) from one sequence seeded with N (0 to 18446744073709551615), so that the same command sends the same values again.")

    /// The seed given to `--seed`, checked.
    package static func value(_ text: String) throws(UsageError) -> UInt64 {
        guard !text.isEmpty, text.count <= 20, text.allSatisfy({ $0.isASCII && $0.isNumber }), let seed = UInt64(text) else {
            throw UsageError(message: "--seed needs a whole number from 0 to 18446744073709551615, not '\(text)'")
        }
        return seed
    }
}
