import CLibFuzzer
import Foundation
import FuzzTargets

/// The target `CURLEW_FUZZ_TARGET` names, looked up once.
let selectedTarget = ProcessInfo.processInfo.environment["CURLEW_FUZZ_TARGET"].flatMap(FuzzTargets.named)

/// `curlew-fuzz --list` prints each target and its seed folders, one a line. Otherwise `CURLEW_FUZZ_TARGET`
/// names the target: built with `-sanitize=fuzzer,address -DCURLEW_LIBFUZZER` the arguments are libFuzzer's
/// (options, then corpus folders); in any other build each argument is an input file or folder, replayed once.
@main
enum FuzzMain {
    /// Lists, fuzzes or replays.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--list" {
            for target in FuzzTargets.all { print(([target.name] + target.seeds).joined(separator: " ")) }
            return
        }
        guard let target = selectedTarget else {
            let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
            FileHandle.standardError.write(Data("curlew-fuzz: set CURLEW_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(2)
        }
        #if CURLEW_LIBFUZZER
        var count = CommandLine.argc
        var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &values, testOneInput))
        #else
        exit(replay(target, arguments))
        #endif
    }

    /// Runs every file under `paths` through the target once; 1 when one broke a property.
    static func replay(_ target: FuzzTarget, _ paths: [String]) -> Int32 {
        var inputs = 0
        for file in paths.flatMap(FuzzInputs.files(under:)) {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            do throws(FuzzViolation) {
                try target.run(data)
            } catch {
                print("\(target.name): \(file): \(error)")
                return 1
            }
            inputs += 1
        }
        print("\(target.name): \(inputs) inputs, no property broken")
        return 0
    }
}

/// libFuzzer's callback: one input through the selected target; a broken property stops the process,
/// so that libFuzzer keeps the input as a crash.
private func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = selectedTarget else { return -1 }
    let data = bytes.map { Data(bytes: $0, count: size) } ?? Data()
    do throws(FuzzViolation) {
        try target.run(data)
    } catch {
        fatalError("\(target.name): \(error)")
    }
    return 0
}
