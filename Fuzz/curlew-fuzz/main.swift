import Foundation

/// `curlew-fuzz TARGET [--seconds N] [--runs N] [--seed N] [--corpus DIR]… [--crashes DIR]`: feeds mutated
/// inputs to one parser until the time or the run count is up; a crashing input is saved in the crashes folder.
struct FuzzOptions {
    /// The target's name.
    var target = ""
    /// How long to run.
    var seconds = 60.0
    /// How many inputs to try at most.
    var runs = Int.max
    /// The generator's seed.
    var seed: UInt64 = 1
    /// Folders and files whose contents seed the corpus.
    var corpus: [String] = []
    /// Where a crashing input is saved.
    var crashes = "Tests/Fuzz/crashes"

    /// Reads the command line; nil with a message when it cannot.
    static func parse(_ arguments: [String]) -> Result<FuzzOptions, FuzzUsage> {
        var options = FuzzOptions()
        var rest = arguments[...]
        guard let target = rest.popFirst(), FuzzTargets.all[target] != nil else {
            return .failure(FuzzUsage(message: "name a target: " + FuzzTargets.all.keys.sorted().joined(separator: ", ")))
        }
        options.target = target
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { return .failure(FuzzUsage(message: "\(option) needs a value")) }
            switch option {
            case "--seconds":
                guard let seconds = Double(value), seconds > 0, seconds <= 86_400 else { return .failure(FuzzUsage(message: "--seconds takes 0 to 86400")) }
                options.seconds = seconds
            case "--runs":
                guard let runs = Int(value), runs > 0 else { return .failure(FuzzUsage(message: "--runs takes a positive count")) }
                options.runs = runs
            case "--seed":
                guard let seed = UInt64(value) else { return .failure(FuzzUsage(message: "--seed takes a whole number")) }
                options.seed = seed
            case "--corpus": options.corpus.append(value)
            case "--crashes": options.crashes = value
            default: return .failure(FuzzUsage(message: "unknown option \(option)"))
            }
        }
        return .success(options)
    }
}

/// A mistake on the fuzzer's command line.
struct FuzzUsage: Error {
    /// What is wrong.
    var message: String
}

/// The corpus's files, read whole (at most 64 KB each, 2,000 files).
func loadCorpus(_ roots: [String]) -> [[UInt8]] {
    var entries: [[UInt8]] = []
    for root in roots {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else { continue }
        let files = isFolder.boolValue
            ? (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.map { root + "/" + $0 } ?? [])
            : [root]
        for file in files.sorted() where entries.count < 2_000 {
            if let data = FileManager.default.contents(atPath: file), !data.isEmpty, data.count <= Mutator.maximumSize {
                entries.append(Array(data))
            }
        }
    }
    return entries.isEmpty ? [Array("{}".utf8)] : entries
}

switch FuzzOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let usage):
    FileHandle.standardError.write(Data("curlew-fuzz: \(usage.message)\n".utf8))
    exit(2)
case .success(let options):
    guard let target = FuzzTargets.all[options.target] else { exit(2) }
    try? FileManager.default.createDirectory(atPath: options.crashes, withIntermediateDirectories: true)
    let crashPath = options.crashes + "/\(options.target)-seed\(options.seed).crash"
    CrashRecorder.install(crashPath: crashPath)
    let corpus = loadCorpus(options.corpus)
    var random = SeededGenerator(seed: options.seed)
    let start = Date()
    var runs = 0
    for entry in corpus {
        let data = Data(entry)
        CrashRecorder.remember(data)
        target(data)
        runs += 1
    }
    while runs < options.runs {
        if runs % 256 == 0, Date().timeIntervalSince(start) >= options.seconds { break }
        let base = corpus[Int.random(in: 0..<corpus.count, using: &random)]
        let other = corpus[Int.random(in: 0..<corpus.count, using: &random)]
        let data = Data(Mutator.mutate(base, other: other, using: &random))
        CrashRecorder.remember(data)
        target(data)
        runs += 1
    }
    let seconds = Date().timeIntervalSince(start)
    print("\(options.target): \(runs) runs in \(String(format: "%.0f", seconds)) s (\(String(format: "%.0f", Double(runs) / max(seconds, 0.001))) per second), seed \(options.seed), corpus \(corpus.count), no crash")
}
