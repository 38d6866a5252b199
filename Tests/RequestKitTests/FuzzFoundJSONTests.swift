import Foundation
import Testing
import RequestKit

/// Inputs the fuzzer found that once crashed the JSON code (reading a number token as a string trapped).
@Suite struct FuzzFoundJSONTests {
    @Test(arguments: ["[123.456e-789]", "123.456e-789", "1e-400", "[0.000000000000000000000000000001e-380]"])
    func tinyExponentsAreRead(text: String) throws {
        let bytes = Array(text.utf8)
        let numbers = bytes.withUnsafeBufferPointer { input -> [Double?] in
            var scanner = JSONScanner()
            var numbers: [Double?] = []
            while let token = try? scanner.next(in: input) {
                if token.kind == .number { numbers.append(JSONScanner.double(of: token, in: input)) }
                #expect(throws: JSONSyntaxError.self) { try JSONScanner.string(of: token, in: input) }
            }
            return numbers
        }
        #expect(numbers == [0])
        _ = try OrderedJSON.parse(bytes)
        let number = text.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        #expect(try JSONPrettyPrinter(theme: .terminal).format(bytes).contains(number))
        let data = Data(bytes)
        _ = try OrderedJSON.parse(data)
        #expect(try JSONPrettyPrinter(theme: .terminal).format(data) == JSONPrettyPrinter(theme: .terminal).format(bytes))
    }
}
