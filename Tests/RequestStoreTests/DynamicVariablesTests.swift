import Foundation
import Testing
@testable import RequestStore

/// Postman's dynamic variables, `{{$date …}}` and `--seed`: each value has its documented shape, a seed repeats them.
@Suite("Dynamic variables")
struct DynamicVariablesTests {
    /// A fixed clock: 2023-11-14T22:13:20Z.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    func scope(seed: UInt64?) -> VariableScope {
        var builtins = BuiltinValues.seeded(seed)
        builtins.now = { Self.now }
        return VariableScope(builtins: builtins)
    }

    func resolve(_ text: String, seed: UInt64? = 1) throws -> String {
        try VariableResolver.resolve(text, in: scope(seed: seed), location: "the URL")
    }

    /// The shape each value must have, as a whole-text regular expression.
    static let shapes: [(String, String)] = [
        ("$guid", "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"),
        ("$randomUUID", "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"),
        ("$timestamp", "1700000000"),
        ("$isoTimestamp", "2023-11-14T22:13:20\\.000Z"),
        ("$randomInt", "[0-9]{1,4}"),
        ("$randomAlphaNumeric", "[A-Za-z0-9]"),
        ("$randomBoolean", "true|false"),
        ("$randomFirstName", "[A-Z][a-z]+"),
        ("$randomLastName", "[A-Z][A-Za-z-]+"),
        ("$randomFullName", "[A-Z][a-z]+ [A-Z][A-Za-z-]+"),
        ("$randomUserName", "[A-Z][a-z]+\\.[A-Za-z]+[0-9]{1,2}"),
        ("$randomEmail", "[a-z]+\\.[a-z]+[0-9]{1,3}@[a-z]+-[a-z]+\\.[a-z]+"),
        ("$randomPassword", "[A-Za-z0-9]{15}"),
        ("$randomPhoneNumber", "[2-9][0-9]{2}-[2-9][0-9]{2}-[0-9]{4}"),
        ("$randomCity", "\\S.*"),
        ("$randomCountry", "[A-Z][A-Za-z ]+"),
        ("$randomCountryCode", "[A-Z]{2}"),
        ("$randomStreetAddress", "[0-9]{1,4} [A-Z][a-z]+ [A-Z][a-z]+"),
        ("$randomIP", "([0-9]{1,3}\\.){3}[0-9]{1,3}"),
        ("$randomIPV6", "([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}"),
        ("$randomMACAddress", "([0-9a-f]{2}:){5}[0-9a-f]{2}"),
        ("$randomUrl", "https://[a-z]+-[a-z]+\\.[a-z]+"),
        ("$randomDomainName", "[a-z]+-[a-z]+\\.[a-z]+"),
        ("$randomColor", "[a-z]+"),
        ("$randomHexColor", "#[0-9a-f]{6}"),
        ("$randomWord", "[a-z]+"),
        ("$randomWords", "[a-z]+( [a-z]+){1,4}"),
        ("$randomLoremSentence", "[A-Z][a-z]*( [a-z]+){4,11}\\."),
        ("$randomLoremParagraph", "([A-Z][a-z]*( [a-z]+){4,11}\\. ?){3,6}"),
        ("$randomPrice", "[0-9]{1,3}\\.[0-9]{2}"),
        ("$randomCurrencyCode", "[A-Z]{3}"),
        ("$randomDateFuture", "202[3-4]-[0-9]{2}-[0-9]{2}T[0-9:]{8}\\.[0-9]{3}Z"),
        ("$randomDatePast", "202[2-3]-[0-9]{2}-[0-9]{2}T[0-9:]{8}\\.[0-9]{3}Z"),
        ("$randomDateRecent", "2023-11-1[34]T[0-9:]{8}\\.[0-9]{3}Z"),
        ("$randomJobTitle", "[A-Z][a-z]+ [A-Z][a-z]+ [A-Z][a-z]+"),
        ("$randomCompanyName", "[A-Z][a-z]+ [A-Za-z ]+"),
        ("$randomProduct", "[A-Z][a-z]+"),
    ]

    @Test("each of Postman's names gives a value of its shape, for many seeds", arguments: shapes)
    func shape(name: String, pattern: String) throws {
        let expression = try Regex("^(" + pattern + ")$")
        for seed in UInt64(0)..<50 {
            let value = try resolve("{{\(name)}}", seed: seed)
            #expect(value.wholeMatch(of: expression) != nil, "\(name) with seed \(seed) gave '\(value)'")
        }
    }

    @Test("the same seed repeats every value exactly; another seed and no seed do not")
    func seeding() throws {
        let template = (Self.shapes.map(\.0) + ["randomInt 1 1000000", "randomString 20"]).map { "{{\($0)}}" }.joined(separator: "|")
        let first = try resolve(template, seed: 42)
        #expect(try resolve(template, seed: 42) == first)
        #expect(try resolve(template, seed: 43) != first)
        #expect(try resolve(template, seed: nil) != first)
    }

    @Test("two uses in one text draw two values from the sequence")
    func drawsInTurn() throws {
        let values = try resolve("{{$guid}} {{$guid}}").split(separator: " ")
        #expect(values.count == 2)
        #expect(values[0] != values[1])
    }

    @Test("$date writes the clock with a strftime format, moved by an offset", arguments: [
        ("{{$date \"%Y-%m-%d\"}}", "2023-11-14"),
        ("{{$date \"%Y-%m-%d\" +1d}}", "2023-11-15"),
        ("{{$date \"%H:%M\" -2h}}", "20:13"),
        ("{{$date \"%H:%M:%S\" +90m}}", "23:43:20"),
        ("{{$date \"%s\" -30s}}", "1699999970"),
        ("{{$date \"%F\" +1w}}", "2023-11-21"),
        ("{{ $date \"%d/%m\" }}", "14/11"),
    ])
    func date(template: String, expected: String) throws {
        #expect(try resolve(template) == expected)
    }

    @Test("a $date written wrongly says how to write it", arguments: [
        ("{{$date}}", "strftime format in double quotes"),
        ("{{$date %Y}}", "strftime format in double quotes"),
        ("{{$date \"%Y\" 1d}}", "'1d' is not an offset"),
        ("{{$date \"%Y\" +1y}}", "'+1y' is not an offset"),
        ("{{$date \"%Y\" +99999999999999d}}", "is not an offset"),
        ("{{$date \"\"}}", "format must be 1 to 200 characters"),
    ])
    func badDate(template: String, message: String) {
        #expect {
            _ = try resolve(template)
        } throws: { error in
            String(describing: error).contains(message) && String(describing: error).contains("the URL")
        }
    }

    @Test("an unknown built-in names the nearest one")
    func suggestion() {
        #expect {
            _ = try resolve("{{$randomEmial}}")
        } throws: { error in
            String(describing: error).contains("did you mean $randomEmail?")
        }
    }
}
