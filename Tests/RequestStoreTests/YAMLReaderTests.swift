import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// The YAML reader: scalars by the core schema, order kept, anchors and merge keys, and hostile files.
@Suite("YAML reader")
struct YAMLReaderTests {
    private func read(_ text: String) throws -> JSONValue {
        try YAMLReader.read(Data(text.utf8), file: "test.yaml")
    }

    @Test("mappings keep their order and plain scalars take their core-schema types")
    func scalars() throws {
        let tree = try read("""
        zeta: 1
        alpha: -2.5
        hex: 0x1F
        octal: 0o17
        padded: 007
        exp: 1e3
        point: .5
        yes: true
        no: False
        nothing: ~
        empty:
        word: hello world
        quoted: "123"
        single: 'true'
        version: 3.0.0
        inf: .inf
        tagged: !!str 42
        block: |
          line one
          line two
        """)
        guard case .object(let members) = tree else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["zeta", "alpha", "hex", "octal", "padded", "exp", "point", "yes", "no", "nothing", "empty", "word", "quoted", "single", "version", "inf", "tagged", "block"])
        #expect(tree["zeta"] == .number("1"))
        #expect(tree["alpha"] == .number("-2.5"))
        #expect(tree["hex"] == .number("31"))
        #expect(tree["octal"] == .number("15"))
        #expect(tree["padded"] == .number("7"))
        #expect(tree["exp"] == .number("1e3"))
        #expect(tree["point"] == .number("0.5"))
        #expect(tree["yes"] == .bool(true))
        #expect(tree["no"] == .bool(false))
        #expect(tree["nothing"] == .null)
        #expect(tree["empty"] == .null)
        #expect(tree["word"] == .string("hello world"))
        #expect(tree["quoted"] == .string("123"))
        #expect(tree["single"] == .string("true"))
        #expect(tree["version"] == .string("3.0.0"))
        #expect(tree["inf"] == .string(".inf"))
        #expect(tree["tagged"] == .string("42"))
        #expect(tree["block"] == .string("line one\nline two"))
    }

    @Test("sequences, flow style and nesting")
    func sequences() throws {
        let tree = try read("""
        list:
          - a
          - {b: 1, c: [2, 3]}
          - - nested
        """)
        #expect(tree["list"] == .array([.string("a"), .object([JSONMember(key: "b", value: .number("1")), JSONMember(key: "c", value: .array([.number("2"), .number("3")]))]), .array([.string("nested")])]))
    }

    @Test("anchors, aliases and merge keys")
    func anchors() throws {
        let tree = try read("""
        base: &base
          host: example.com
          port: 80
        copy: *base
        merged:
          <<: *base
          port: 8080
        key: &name title
        *name : again
        """)
        #expect(tree["copy"] == tree["base"])
        #expect(tree["merged"] == .object([JSONMember(key: "host", value: .string("example.com")), JSONMember(key: "port", value: .number("8080"))]))
        #expect(tree["title"] == .string("again"))
    }

    @Test("only the first document is read; an empty text is null")
    func documents() throws {
        #expect(try read("a: 1\n---\nb: 2\n") == .object([JSONMember(key: "a", value: .number("1"))]))
        #expect(try read("") == .null)
    }

    @Test("a billion laughs stops with an error naming the limit")
    func billionLaughs() throws {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        let error = try #require(throws: FileFormatError.self) { try read(text) }
        #expect(error.reason.contains("aliases expand to more than"))
        #expect(error.line >= 5)
    }

    @Test("nesting deeper than the limit is refused without recursion")
    func deepNesting() throws {
        let depth = YAMLReader.maximumDepth + 10
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = try #require(throws: FileFormatError.self) { try read(text) }
        #expect(error.reason.contains("nest deeper than \(YAMLReader.maximumDepth)"))
        #expect(error.line == 1)
        #expect(error.column == YAMLReader.maximumDepth + 1)
    }

    @Test("syntax errors name line and column", arguments: [
        ("a: 1\nb: [1, 2\n", 3),
        ("a: 1\n  b: 2\n", 2),
        ("a: \"open\n", 2),
    ])
    func syntaxErrors(_ text: String, line: Int) throws {
        let error = try #require(throws: FileFormatError.self) { try read(text) }
        #expect(error.file == "test.yaml")
        #expect(error.line == line)
        #expect(error.column >= 1)
        #expect(!error.reason.isEmpty)
    }

    @Test("an alias to an undefined anchor and a non-text key are errors")
    func refusals() throws {
        let undefined = try #require(throws: FileFormatError.self) { try read("a: *nowhere\n") }
        #expect(undefined.reason.contains("no anchor"))
        let complexKey = try #require(throws: FileFormatError.self) { try read("? [a, b]\n: 1\n") }
        #expect(complexKey.reason.contains("text keys"))
        #expect(complexKey.line == 1)
    }

    @Test("the YAML and JSON forms of the same specification read alike")
    func sameAsJSON() throws {
        let folder = ImportFixtures.root.appendingPathComponent("openapi/oai-examples/v3.0")
        let yaml = try YAMLReader.read(Data(contentsOf: folder.appendingPathComponent("petstore.yaml")), file: "petstore.yaml")
        let json = try CanonicalJSON.parse(Data(contentsOf: folder.appendingPathComponent("petstore.json")), file: "petstore.json")
        #expect(yaml == json)
    }
}

/// Aliases cannot nest a tree deeper than the reader allows.
@Suite("YAML alias depth")
struct YAMLAliasDepthTests {
    @Test("a chain of anchors, each one level deeper than the last, stops at the depth limit")
    func aliasChain() throws {
        var text = "a0: &a0 [[[[[[[[[[x]]]]]]]]]]\n"
        for level in 1...60 {
            text += "a\(level): &a\(level) [[[[[[[[[[*a\(level - 1)]]]]]]]]]]\n"
        }
        let error = try #require(throws: FileFormatError.self) { try YAMLReader.read(Data(text.utf8), file: "chain.yaml") }
        #expect(error.reason.contains("deeper than \(YAMLReader.maximumDepth) levels"))
        #expect(error.line == 26)
    }
}
