import Foundation
import Testing
import RequestKit

/// Inputs the fuzzer found that once crashed the JSON code (reading a number token as a string trapped).
@Suite struct FuzzFoundJSONTests {
    @Test(arguments: ["[123.456e-789]", "123.456e-789", "1e-400", "[0.000000000000000000000000000001e-380]"])
    func tinyExponentsAreRead(text: String) throws {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { input in
            var scanner = JSONScanner()
            while let token = try? scanner.next(in: input) { _ = JSONScanner.double(of: token, in: input) }
        }
        _ = try? OrderedJSON.parse(bytes)
        _ = try? JSONPrettyPrinter(theme: .terminal).format(bytes)
        let data = Data(bytes)
        data.withUnsafeBytes { raw in
            let input = raw.bindMemory(to: UInt8.self)
            var scanner = JSONScanner()
            while let token = try? scanner.next(in: input) {
                _ = try? JSONScanner.string(of: token, in: input)
                _ = JSONScanner.double(of: token, in: input)
            }
        }
        _ = try? OrderedJSON.parse(data)
        _ = try? JSONPrettyPrinter(theme: .terminal).format(data)
    }
}
