import Foundation
import Testing
import RequestKit
@testable import RequestStore

@Suite("Check and capture lines")
struct CheckLineTests {
    /// Lines that parse, with the query, filters and predicate they must give.
    static let parsed: [(String, CheckQuery, [CheckFilter], CheckPredicate)] = [
        ("status == 200", .status, [], CheckPredicate(function: .equal(.integer(200)))),
        ("version == \"2\"", .version, [], CheckPredicate(function: .equal(.string(CheckString("2"))))),
        ("url endsWith \"/done\"", .url, [], CheckPredicate(function: .endsWith(.string(CheckString("/done"))))),
        ("redirects <= 3", .redirects, [], CheckPredicate(function: .lessOrEqual(.integer(3)))),
        ("header \"Content-Type\" startsWith \"application/json\"", .header(CheckString("Content-Type")), [], CheckPredicate(function: .startsWith(.string(CheckString("application/json"))))),
        ("cookie \"sid\" exists", .cookie(CheckString("sid"), nil), [], CheckPredicate(function: .exists)),
        ("cookie \"sid[Max-Age]\" > 0", .cookie(CheckString("sid"), .maxAge), [], CheckPredicate(function: .greater(.integer(0)))),
        ("cookie \"sid[httponly]\" exists", .cookie(CheckString("sid"), .httpOnly), [], CheckPredicate(function: .exists)),
        ("body contains \"ok\"", .body, [], CheckPredicate(function: .contains(.string(CheckString("ok"))))),
        ("bytes startsWith hex,89504e47;", .bytes, [], CheckPredicate(function: .startsWith(.bytes([0x89, 0x50, 0x4e, 0x47], written: "hex,89504e47;")))),
        ("bytes == base64,SGk=;", .bytes, [], CheckPredicate(function: .equal(.bytes([0x48, 0x69], written: "base64,SGk=;")))),
        ("bytes == b64,SGk=;", .bytes, [], CheckPredicate(function: .equal(.bytes([0x48, 0x69], written: "b64,SGk=;")))),
        ("sha256 == hex,00ff;", .sha256, [], CheckPredicate(function: .equal(.bytes([0, 255], written: "hex,00ff;")))),
        ("md5 not isEmpty", .md5, [], CheckPredicate(isNegated: true, function: .isEmpty)),
        ("xpath \"string(//title)\" == \"Home\"", .xpath(CheckString("string(//title)")), [], CheckPredicate(function: .equal(.string(CheckString("Home"))))),
        ("regex /id=(\\d+)/ == \"7\"", .regex(.literal("id=(\\d+)")), [], CheckPredicate(function: .equal(.string(CheckString("7"))))),
        ("regex \"a\\\\/b\" exists", .regex(.quoted(CheckString("a\\/b"))), [], CheckPredicate(function: .exists)),
        ("duration < 1.5", .duration, [], CheckPredicate(function: .less(.float(1.5, text: "1.5")))),
        ("variable \"token\" == {{expected}}", .variable(CheckString("token")), [], CheckPredicate(function: .equal(.placeholder("expected")))),
        ("header \"X-{{name}}\" == \"a{{ v }}b\"", .header(CheckString(parts: [.text("X-"), .variable("name")])), [],
         CheckPredicate(function: .equal(.string(CheckString(parts: [.text("a"), .variable("v"), .text("b")]))))),
        ("body matches /^\\{.*\\}$/", .body, [], CheckPredicate(function: .matches(.regex("^\\{.*\\}$")))),
        ("body matches \"^ok\"", .body, [], CheckPredicate(function: .matches(.string(CheckString("^ok"))))),
        ("header \"a\" split \",\" nth -1 == \" c\"", .header(CheckString("a")), [.split(CheckString(",")), .nth(.literal(-1))], CheckPredicate(function: .equal(.string(CheckString(" c"))))),
        ("header \"a\" split \",\" first not == null", .header(CheckString("a")), [.split(CheckString(",")), .first], CheckPredicate(isNegated: true, function: .equal(.null))),
        ("body regex \"v(\\\\d)\" toInt >= -3", .body, [.regex(.quoted(CheckString("v(\\d)"))), .toInt], CheckPredicate(function: .greaterOrEqual(.integer(-3)))),
        ("body replace \"a\" \"b\" replaceRegex /[0-9]+/ \"#\" == \"b#\"", .body, [.replace(CheckString("a"), CheckString("b")), .replaceRegex(.literal("[0-9]+"), CheckString("#"))], CheckPredicate(function: .equal(.string(CheckString("b#"))))),
        ("body replace /x/ \"y\" == \"y\"", .body, [.replaceRegex(.literal("x"), CheckString("y"))], CheckPredicate(function: .equal(.string(CheckString("y"))))),
        ("body toFloat toString urlEncode urlDecode base64Encode base64Decode utf8Decode htmlEscape htmlUnescape isString", .body,
         [.toFloat, .toString, .urlEncode, .urlDecode, .base64Encode, .base64Decode, .utf8Decode, .htmlEscape, .htmlUnescape], CheckPredicate(function: .isString)),
        ("bytes toHex last count == 1", .bytes, [.toHex, .last, .count], CheckPredicate(function: .equal(.integer(1)))),
        ("body base64UrlSafeDecode base64UrlSafeEncode utf8Encode isCollection", .body, [.base64UrlSafeDecode, .base64UrlSafeEncode, .utf8Encode], CheckPredicate(function: .isCollection)),
        ("header \"Date\" toDate \"%a, %d %b %Y %H:%M:%S GMT\" daysBeforeNow < 2", .header(CheckString("Date")), [.toDate(CheckString("%a, %d %b %Y %H:%M:%S GMT")), .daysBeforeNow], CheckPredicate(function: .less(.integer(2)))),
        ("header \"Expires\" toDate \"%+\" daysAfterNow isInteger", .header(CheckString("Expires")), [.toDate(CheckString("%+")), .daysAfterNow], CheckPredicate(function: .isInteger)),
        ("header \"Date\" toDate \"%+\" format \"%A\" isString", .header(CheckString("Date")), [.toDate(CheckString("%+")), .dateFormat(CheckString("%A"))], CheckPredicate(function: .isString)),
        ("url urlQueryParam \"page\" == \"2\"", .url, [.urlQueryParam(CheckString("page"))], CheckPredicate(function: .equal(.string(CheckString("2"))))),
        ("body xpath \"//p\" count == 2", .body, [.xpath(CheckString("//p")), .count], CheckPredicate(function: .equal(.integer(2)))),
        ("status equals 200", .status, [], CheckPredicate(function: .equal(.integer(200)))),
        ("status notEquals 500", .status, [], CheckPredicate(function: .notEqual(.integer(500)))),
        ("status greaterThan 199", .status, [], CheckPredicate(function: .greater(.integer(199)))),
        ("status greaterThanOrEquals 200", .status, [], CheckPredicate(function: .greaterOrEqual(.integer(200)))),
        ("status lessThan 300", .status, [], CheckPredicate(function: .less(.integer(300)))),
        ("status lessThanOrEquals 299", .status, [], CheckPredicate(function: .lessOrEqual(.integer(299)))),
        ("status != 404", .status, [], CheckPredicate(function: .notEqual(.integer(404)))),
        ("body includes \"x\"", .body, [], CheckPredicate(function: .includes(.string(CheckString("x"))))),
        ("body == \"tab\\there \\\"q\\\" \\\\ \\u{e9} \\{\"", .body, [], CheckPredicate(function: .equal(.string(CheckString("tab\there \"q\" \\ é {"))))),
        ("variable \"v\" == true", .variable(CheckString("v")), [], CheckPredicate(function: .equal(.boolean(true)))),
        ("variable \"v\" != false", .variable(CheckString("v")), [], CheckPredicate(function: .notEqual(.boolean(false)))),
        ("variable \"v\" == 1e3", .variable(CheckString("v")), [], CheckPredicate(function: .equal(.float(1000, text: "1e3")))),
        ("variable \"v\" == -9223372036854775808", .variable(CheckString("v")), [], CheckPredicate(function: .equal(.integer(Int64.min)))),
        ("sse count == 4", .sse(.count), [], CheckPredicate(function: .equal(.integer(4)))),
        ("sse events count > 0", .sse(.events), [.count], CheckPredicate(function: .greater(.integer(0)))),
        ("sse event 1 jsonpath \"$.n\" == 2", .sse(.event(1, .data)), [.jsonpath(CheckString("$.n"))], CheckPredicate(function: .equal(.integer(2)))),
        ("sse event -1 type == \"done\"", .sse(.event(-1, .type)), [], CheckPredicate(function: .equal(.string(CheckString("done"))))),
        ("sse event 0 id exists", .sse(.event(0, .id)), [], CheckPredicate(function: .exists)),
        ("sse event 2 data count == 1", .sse(.event(2, .data)), [.count], CheckPredicate(function: .equal(.integer(1)))),
    ]

    @Test("each line parses into its query, filters and predicate", arguments: 0..<parsed.count)
    func parses(index: Int) throws {
        let (line, query, filters, predicate) = Self.parsed[index]
        let check = try Check.parse(line)
        #expect(check.query == query)
        #expect(check.filters == filters)
        #expect(check.predicate == predicate)
        #expect(check.text == line)
    }

    @Test("a check made from parts writes canonical text that parses back to the same parts", arguments: 0..<parsed.count)
    func rendersCanonically(index: Int) throws {
        let (_, query, filters, predicate) = Self.parsed[index]
        let made = Check(query: query, filters: filters, predicate: predicate)
        let reparsed = try Check.parse(made.text)
        #expect(reparsed.query == query)
        #expect(reparsed.filters == filters)
        #expect(reparsed.predicate == predicate)
        #expect(reparsed == made)
    }

    @Test("predicates without a value", arguments: ["exists", "isEmpty", "isString", "isInteger", "isFloat", "isNumber", "isBoolean", "isList", "isObject", "isCollection", "isDate", "isIsoDate", "isUuid", "isIpv4", "isIpv6"])
    func plainPredicates(name: String) throws {
        let check = try Check.parse("body \(name)")
        #expect(check.predicate.function.name == name)
        #expect(check.predicate.function.value == nil)
        let negated = try Check.parse("body not \(name)")
        #expect(negated.predicate.isNegated)
        #expect(negated.predicate.written == "not \(name)")
    }

    @Test("the text keeps the line as written, trimmed, and columns count from the untrimmed line")
    func keepsText() throws {
        let check = try Check.parse("  status   ==   200  ")
        #expect(check.text == "status   ==   200")
        #expect(Check(query: check.query, predicate: check.predicate).text == "status == 200")
        let error = #expect(throws: CheckSyntaxError.self) { try Check.parse("  status = 200") }
        #expect(error?.column == 10)
    }

    @Test("a header line is a check that any value of the header equals, read as in a .hurl file")
    func headerLines() throws {
        let line = try Check.parse("  \"Set Cookie\" :  id=\\#1; x={{sid}}  # the session")
        #expect(line.isHeaderLine)
        #expect(line.text == "\"Set Cookie\" :  id=\\#1; x={{sid}}  # the session")
        #expect(line.query == .header(CheckString("Set Cookie")))
        #expect(line.predicate == CheckPredicate(function: .equal(.string(CheckString(parts: [.text("id=#1; x="), .variable("sid")])))))
        #expect(try Check.parse("Vary:").predicate == CheckPredicate(function: .equal(.string(CheckString("")))))
        for assert in ["status == 200", "header \"Vary\" == \"a:b\"", "jsonpath \"$.a\" exists", "regex /a:b/ exists"] {
            #expect(try !Check.parse(assert).isHeaderLine, "\(assert)")
        }
        #expect(throws: CheckSyntaxError.self) { try Check.parse("Vary;") }
    }

    /// Lines that do not parse, the column of the problem, and a word the message must contain.
    static let errors: [(String, Int, String)] = [
        ("", 1, "empty"),
        ("stats == 200", 1, "unknown query"),
        ("status==200", 7, "put a space after status"),
        ("status = 200", 8, "unknown predicate"),
        ("status", 7, "predicate is missing"),
        ("status ==", 10, "needs a value"),
        ("status == 200 extra", 15, "unexpected text"),
        ("status == " + String(repeating: "9", count: 5000), 11, "more than 4096 digits"),
        ("status == abc", 11, "is not a value"),
        ("sse cnt == 1", 5, "sse is followed by count, events or event N"),
        ("sse event first == 1", 11, "sse event takes a whole number"),
        ("sse", 4, "sse is followed by"),
        ("header Content-Type exists", 8, "double-quoted"),
        ("header \"Content-Type exists", 8, "no closing"),
        ("header \"a\\qb\" exists", 10, "unknown escape"),
        ("header \"\\u{110000}\" exists", 9, "Unicode escape"),
        ("header \"{{x\" exists", 9, "no closing }}"),
        ("header \"{{1x}}\" exists", 9, "not a variable name"),
        ("cookie \"a[Colour]\" exists", 11, "unknown cookie attribute"),
        ("body frobnicate == 1", 6, "neither a filter nor a predicate"),
        ("body nth x == 1", 10, "whole number"),
        ("body replace \"a\" == \"b\"", 18, "double-quoted"),
        ("body regex abc exists", 12, "quoted string"),
        ("body matches /abc", 14, "no closing /"),
        ("body matches //", 14, "regex is empty"),
        ("body == /x/", 9, "matches only"),
        ("bytes == hex,abc;", 14, "pairs of hex digits"),
        ("bytes == hex,ab", 16, "semicolon"),
        ("bytes == base64,@@@;", 17, "Base64"),
        ("body not", 9, "predicate after not"),
        ("body split", 11, "double-quoted"),
        ("status == {{ }}", 11, "not a variable name"),
        ("header \"é\" == \"ü\" extra", 19, "unexpected text"),
        ("cookie \"é[Colour]\" exists", 11, "unknown cookie attribute"),
        ("header \"😀\\q\" exists", 10, "unknown escape \\q"),
        ("X-A: a\\qb", 7, "unknown escape"),
    ]

    @Test("a line that does not parse names the column and how to write it", arguments: 0..<errors.count)
    func syntaxErrors(index: Int) {
        let (line, column, fragment) = Self.errors[index]
        let error = #expect(throws: CheckSyntaxError.self) { try Check.parse(line) }
        #expect(error?.column == column, "\(line): \(String(describing: error))")
        #expect(error?.message.contains(fragment) == true, "\(line): \(String(describing: error))")
    }

    @Test("a line longer than the limit is refused")
    func tooLong() {
        let line = "body == \"" + String(repeating: "a", count: 10_000) + "\""
        let error = #expect(throws: CheckSyntaxError.self) { try Check.parse(line) }
        #expect(error?.message.contains("longer than") == true)
    }

    @Test("captures: name, query, filters and redact")
    func captures() throws {
        let plain = try CaptureRule.parse("etag: header \"ETag\"")
        #expect(plain.variable == "etag")
        #expect(plain.query == .header(CheckString("ETag")))
        #expect(!plain.isSecret)
        let secret = try CaptureRule.parse("  token : header \"Authorization\" regex \"Bearer (.*)\" redact ")
        #expect(secret.variable == "token")
        #expect(secret.filters == [.regex(.quoted(CheckString("Bearer (.*)")))])
        #expect(secret.isSecret)
        #expect(secret.text == "token : header \"Authorization\" regex \"Bearer (.*)\" redact")
        let made = CaptureRule(variable: "token", query: .header(CheckString("Authorization")), filters: secret.filters, isSecret: true)
        #expect(made.text == "token: header \"Authorization\" regex \"Bearer (.*)\" redact")
        #expect(try CaptureRule.parse(made.text) == made)
    }

    /// Capture lines that do not parse, with the column and a word of the message.
    static let captureErrors: [(String, Int, String)] = [
        ("token jsonpath", 1, "colon"),
        ("1token: body", 1, "not a variable name"),
        ("token:", 7, "query is missing"),
        ("token: body == 1", 13, "no predicate"),
        ("token: body redact later", 20, "unexpected text"),
        ("token: nothing", 8, "unknown query"),
    ]

    @Test("a capture line that does not parse names the column", arguments: 0..<captureErrors.count)
    func captureSyntaxErrors(index: Int) {
        let (line, column, fragment) = Self.captureErrors[index]
        let error = #expect(throws: CheckSyntaxError.self) { try CaptureRule.parse(line) }
        #expect(error?.column == column, "\(line): \(String(describing: error))")
        #expect(error?.message.contains(fragment) == true, "\(line): \(String(describing: error))")
    }

    @Test("a JSONPath is checked when the line is read, with the column inside the line")
    func jsonPathQueries() throws {
        let check = try Check.parse("jsonpath \"$.items[0].id\" == 7")
        #expect(check.query == .jsonpath(CheckString("$.items[0].id")))
        let filtered = try Check.parse("body jsonpath \"$.a\" count == 1")
        #expect(filtered.filters == [.jsonpath(CheckString("$.a")), .count])
        let templated = try Check.parse("jsonpath \"$.{{field}}\" exists")
        #expect(templated.query == .jsonpath(CheckString(parts: [.text("$."), .variable("field")])))
        let error = #expect(throws: CheckSyntaxError.self) { try Check.parse("jsonpath \"$.items[\" exists") }
        #expect(error?.message.contains("JSONPath") == true)
        #expect((error?.column ?? 0) > 10)
        let escaped = #expect(throws: CheckSyntaxError.self) { try Check.parse("jsonpath \"$.é\\u{e9}[\" exists") }
        #expect(escaped?.column == 21)
    }

    @Test("any text and variables written by a check parse back to the same string")
    func quotedRoundTrip() throws {
        var generator = SplitMix64(seed: 42)
        let alphabet: [String] = ["a", " ", "\"", "\\", "{", "}", "{{", "}}", "\n", "\t", "\u{1}", "\u{7F}", "é", "😀", "/", "$"]
        for _ in 0..<500 {
            var parts: [CheckString.Part] = []
            for _ in 0..<Int(generator.next() % 5) {
                if generator.next() % 4 == 0 {
                    parts.append(.variable(["v", "user_id", "$uuid"][Int(generator.next() % 3)]))
                } else {
                    var text = ""
                    for _ in 0..<(1 + Int(generator.next() % 6)) { text += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                    if case .text(let previous)? = parts.last {
                        parts[parts.count - 1] = .text(previous + text)
                    } else {
                        parts.append(.text(text))
                    }
                }
            }
            let string = CheckString(parts: parts)
            let check = Check(query: .header(string), predicate: CheckPredicate(function: .equal(.string(string))))
            let parsed = try Check.parse(check.text)
            #expect(parsed.query == .header(string), "\(check.text)")
            #expect(parsed.predicate == check.predicate, "\(check.text)")
        }
    }

    @Test("random mutations of valid lines never crash the parser and always end")
    func mutationSmoke() {
        var generator = SplitMix64(seed: 0xC0FFEE)
        let seeds = Self.parsed.map(\.0) + ["token: jsonpath \"$.a\" redact", "cookie \"a[Max-Age]\" > 1"]
        let alphabet: [Character] = Array("\"\\/{}[]$,;: \t=!<>-+.0123456789eabnotxu\u{0}\u{7F}é😀")
        var parsedCount = 0
        for round in 0..<4_000 {
            var characters = Array(seeds[Int(generator.next() % UInt64(seeds.count))])
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let position = characters.isEmpty ? 0 : Int(generator.next() % UInt64(characters.count))
                let character = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0: characters.insert(character, at: position)
                case 1: if !characters.isEmpty { characters.remove(at: position) }
                default: if !characters.isEmpty { characters[position] = character }
                }
            }
            let line = String(characters)
            if round % 2 == 0 {
                if (try? Check.parse(line)) != nil { parsedCount += 1 }
            } else {
                if (try? CaptureRule.parse(line)) != nil { parsedCount += 1 }
            }
            do {
                _ = try Check.parse(line)
            } catch {
                #expect(error.column >= 1 && error.column <= line.count + 1, "\(line): \(error)")
            }
        }
        #expect(parsedCount > 0)
    }
}

/// A small seeded random number generator, so that mutation tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
