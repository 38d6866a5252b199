import Foundation
import Testing
@testable import RequestStore

@Suite("Variable resolution")
struct VariableResolverTests {
    static let fixed = BuiltinValues(uuid: { "u-1" }, now: { Date(timeIntervalSince1970: 1_700_000_000.25) }, randomInt: { 99 })

    func scope(
        commandLine: [String: String] = [:], environment: [Variable] = [], collection: [Variable] = [], process: [String: String] = [:]
    ) -> VariableScope {
        VariableScope(commandLine: commandLine, environment: environment, collection: collection, processEnvironment: process, builtins: Self.fixed)
    }

    @Test("command line beats environment beats collection")
    func order() throws {
        let full = scope(commandLine: ["a": "cli"], environment: [Variable(name: "a", value: "env"), Variable(name: "b", value: "env")],
                         collection: [Variable(name: "a", value: "col"), Variable(name: "b", value: "col"), Variable(name: "c", value: "col")])
        #expect(try VariableResolver.resolve("{{a}} {{b}} {{c}}", in: full, location: "x") == "cli env col")
    }

    @Test("disabled variables are skipped")
    func disabled() throws {
        let s = scope(environment: [Variable(name: "a", value: "env", enabled: false)], collection: [Variable(name: "a", value: "col")])
        #expect(try VariableResolver.resolve("{{a}}", in: s, location: "x") == "col")
    }

    @Test("built-ins", arguments: [
        ("{{$uuid}}", "u-1"), ("{{$timestamp}}", "1700000000"), ("{{$isoTimestamp}}", "2023-11-14T22:13:20.250Z"),
        ("{{$randomInt}}", "99"), ("{{$env.HOME_DIR}}", "/home/me"), ("{{ $uuid }}", "u-1"),
    ])
    func builtins(input: String, expected: String) throws {
        #expect(try VariableResolver.resolve(input, in: scope(process: ["HOME_DIR": "/home/me"]), location: "x") == expected)
    }

    @Test("variables may refer to other variables")
    func nested() throws {
        let s = scope(collection: [Variable(name: "host", value: "h"), Variable(name: "base", value: "https://{{host}}/v1")])
        #expect(try VariableResolver.resolve("{{base}}/x", in: s, location: "x") == "https://h/v1/x")
    }

    @Test("text without complete placeholders is kept as it is", arguments: ["{{", "a }} b", "{{}}", "{ {a} }", "{{a\nb}}", "plain"])
    func literal(text: String) throws {
        #expect(try VariableResolver.resolve(text, in: scope(), location: "x") == text)
    }

    @Test("each error names the variable and the place")
    func errors() {
        #expect(throws: VariableError.unresolved(name: "token", location: "header 'X-Api-Key'")) {
            try VariableResolver.resolve("Bearer {{token}}", in: scope(), location: "header 'X-Api-Key'")
        }
        #expect(throws: VariableError.unknownBuiltin(name: "$nope", location: "the URL")) {
            try VariableResolver.resolve("{{$nope}}", in: scope(), location: "the URL")
        }
        #expect(throws: VariableError.unsetEnvironmentVariable(name: "MISSING", location: "the URL")) {
            try VariableResolver.resolve("{{$env.MISSING}}", in: scope(), location: "the URL")
        }
        let loop = scope(collection: [Variable(name: "a", value: "{{b}}"), Variable(name: "b", value: "{{a}}")])
        #expect(throws: VariableError.cycle(names: ["a", "b", "a"], location: "the body")) {
            try VariableResolver.resolve("{{a}}", in: loop, location: "the body")
        }
        let message = VariableError.unresolved(name: "token", location: "header 'X-Api-Key'").description
        #expect(message.contains("'token'") && message.contains("header 'X-Api-Key'") && message.contains("--var token=VALUE"))
    }

    @Test("references list names, ranges and resolution")
    func references() {
        let text = "{{base}}/users/{{id}}?t={{$timestamp}}"
        let refs = VariableResolver.references(in: text, scope: scope(environment: [Variable(name: "base", value: "http://h")]))
        #expect(refs.map(\.name) == ["base", "id", "$timestamp"])
        #expect(refs.map(\.isResolved) == [true, false, true])
        #expect(text[refs[1].range] == "{{id}}")
        #expect(refs[0].resolution?.source == .environment)
        #expect(refs[0].resolution?.value == "http://h")
    }

    @Test("secret values are listed for redaction, longest first")
    func secrets() {
        let s = scope(environment: [Variable(name: "a", value: "short", secret: true)], collection: [Variable(name: "b", value: "much longer", secret: true), Variable(name: "c", value: "plain")])
        #expect(s.secretValues == ["much longer", "short"])
    }
}
