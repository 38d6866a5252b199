import Foundation

/// One parser under the fuzzer: its name, its seed folders and a function that takes any bytes.
///
/// The function must return or throw `FuzzViolation`, never crash; a violation is a property the
/// bytes broke (two parses that should agree and do not, a value that did not survive writing
/// and reading), which the libFuzzer entry turns into a crash and the tests into a failure.
public struct FuzzTarget: Sendable {
    /// The name `CURLEW_FUZZ_TARGET` and `Tests/Fuzz/crashes/<name>/` use.
    public let name: String
    /// Folders of seed inputs, relative to the package root.
    public let seeds: [String]
    /// Runs the parser on one input.
    public let run: @Sendable (Data) throws(FuzzViolation) -> Void

    /// Creates a target.
    public init(_ name: String, seeds: [String], run: @escaping @Sendable (Data) throws(FuzzViolation) -> Void) {
        self.name = name
        self.seeds = seeds
        self.run = run
    }
}

/// A property an input broke.
public struct FuzzViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// What did not hold.
    public var description: String

    /// A violation described in words.
    public init(_ description: String) { self.description = description }

    /// Throws a violation when `condition` is false.
    public static func require(_ condition: Bool, _ description: @autoclosure () -> String) throws(FuzzViolation) {
        if !condition { throw FuzzViolation(description()) }
    }
}
