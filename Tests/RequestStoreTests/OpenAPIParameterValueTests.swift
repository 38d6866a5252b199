import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// Every path, query and header parameter of an imported operation gets a value, or a variable with no value.
@Suite("OpenAPI parameter values")
struct OpenAPIParameterValueTests {
    static func parse(_ text: String) throws -> OpenAPIImport {
        try OpenAPIImporter.parse(Data(text.utf8), file: "values.yaml")
    }

    static func variable(_ imported: OpenAPIImport, _ name: String) -> Variable? {
        imported.collection.variables.first { $0.name == name }
    }

    static let openAPI3 = """
    openapi: 3.0.3
    info: {title: values, version: '1'}
    paths:
      /things/{example}/{default}/{choice}/{low}/{above}/{date}/{moment}/{id}/{mail}/{link}/{int32}/{int64}/{count}/{ratio}/{text}/{flag}/{untyped}/{capped}:
        get:
          parameters:
            - {name: example, in: path, required: true, example: ex1, schema: {type: string, default: no}}
            - {name: default, in: path, required: true, schema: {type: string, default: def, enum: [e1]}}
            - {name: choice, in: path, required: true, schema: {type: string, enum: [first, second]}}
            - {name: low, in: path, required: true, schema: {type: integer, minimum: 5}}
            - {name: above, in: path, required: true, schema: {type: integer, minimum: 5, exclusiveMinimum: true}}
            - {name: date, in: path, required: true, schema: {type: string, format: date}}
            - {name: moment, in: path, required: true, schema: {type: string, format: date-time}}
            - {name: id, in: path, required: true, schema: {type: string, format: uuid}}
            - {name: mail, in: path, required: true, schema: {type: string, format: email}}
            - {name: link, in: path, required: true, schema: {type: string, format: uri}}
            - {name: int32, in: path, required: true, schema: {type: integer, format: int32}}
            - {name: int64, in: path, required: true, schema: {type: integer, format: int64}}
            - {name: count, in: path, required: true, schema: {type: integer}}
            - {name: ratio, in: path, required: true, schema: {type: number}}
            - {name: text, in: path, required: true, schema: {type: string}}
            - {name: flag, in: path, required: true, schema: {type: boolean}}
            - {name: untyped, in: path, required: true, schema: {description: anything}}
            - {name: capped, in: path, required: true, schema: {type: integer, maximum: 0}}
            - {name: q, in: query, required: true, schema: {type: string, enum: [asc, desc]}}
            - {name: page, in: query, schema: {type: integer, minimum: 1}}
            - {name: X-Request-Id, in: header, required: true, schema: {type: string, format: uuid}}
            - {name: X-Debug, in: header, schema: {type: boolean}}
    """

    @Test("OpenAPI 3: example, then the schema's default, enum, minimum, format and type")
    func openAPI3Values() throws {
        let imported = try Self.parse(Self.openAPI3)
        let expected: [(String, String)] = [
            ("example", "ex1"), ("default", "def"), ("choice", "first"), ("low", "5"), ("above", "6"),
            ("date", "2024-01-01"), ("moment", "2024-01-01T00:00:00Z"), ("id", "00000000-0000-4000-8000-000000000000"),
            ("mail", "user@example.com"), ("link", "https://example.com"), ("int32", "1"), ("int64", "1"),
            ("count", "1"), ("ratio", "1"), ("text", "string"), ("flag", "true"), ("untyped", "string"), ("capped", "0"),
        ]
        for (name, value) in expected {
            #expect(Self.variable(imported, name) == Variable(name: name, value: value), "\(name)")
        }
        let request = try #require(imported.collection.requests.first)
        #expect(request.url == "{{baseUrl}}/things/" + expected.map { "{{\($0.0)}}" }.joined(separator: "/"))
        #expect(request.query == [KeyValueRow(name: "q", value: "{{q}}"), KeyValueRow(name: "page", value: "1", enabled: false)])
        #expect(Self.variable(imported, "q") == Variable(name: "q", value: "asc"))
        #expect(request.headers == [KeyValueRow(name: "X-Request-Id", value: "{{X-Request-Id}}"), KeyValueRow(name: "X-Debug", value: "true", enabled: false)])
        #expect(Self.variable(imported, "X-Request-Id") == Variable(name: "X-Request-Id", value: "00000000-0000-4000-8000-000000000000"))
    }

    @Test("Swagger 2.0: type, format, default and enum on the parameter itself")
    func swaggerValues() throws {
        let text = """
        {"swagger": "2.0", "info": {"title": "s", "version": "1"}, "host": "example.com", "paths": {"/a/{n}/{day}/{mode}/{size}/{raw}": {"get": {"parameters": [
          {"name": "n", "in": "path", "required": true, "type": "int"},
          {"name": "day", "in": "path", "required": true, "type": "string", "format": "date"},
          {"name": "mode", "in": "path", "required": true, "type": "string", "enum": ["fast", "slow"]},
          {"name": "size", "in": "path", "required": true, "type": "integer", "default": 10},
          {"name": "raw", "in": "path", "required": true},
          {"name": "tags", "in": "query", "required": true, "type": "array", "items": {"type": "string", "enum": ["red"]}},
          {"name": "X-Limit", "in": "header", "required": true, "type": "number", "minimum": 2.5}
        ]}}}}
        """
        let imported = try Self.parse(text)
        for (name, value) in [("n", "1"), ("day", "2024-01-01"), ("mode", "fast"), ("size", "10"), ("raw", "string"), ("tags", "red"), ("X-Limit", "2.5")] {
            #expect(Self.variable(imported, name) == Variable(name: name, value: value), "\(name)")
        }
        let request = try #require(imported.collection.requests.first)
        #expect(request.url == "{{baseUrl}}/a/{{n}}/{{day}}/{{mode}}/{{size}}/{{raw}}")
        #expect(request.query == [KeyValueRow(name: "tags", value: "{{tags}}")])
        #expect(request.headers == [KeyValueRow(name: "X-Limit", value: "{{X-Limit}}")])
    }

    @Test("a parameter without a value is a variable with no value, and the request naming it stops")
    func noValue() throws {
        let text = """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        paths:
          /files/{blob}:
            get:
              parameters:
                - {name: blob, in: path, required: true, schema: {type: string, format: binary}}
                - {name: shape, in: query, required: true, schema: {type: circle}}
                - {name: empty, in: query, schema: {type: array}}
        """
        let imported = try Self.parse(text)
        #expect(Self.variable(imported, "blob") == Variable(name: "blob", value: "", enabled: false))
        #expect(Self.variable(imported, "shape") == Variable(name: "shape", value: "", enabled: false))
        let request = try #require(imported.collection.requests.first)
        #expect(request.url == "{{baseUrl}}/files/{{blob}}")
        #expect(request.query == [KeyValueRow(name: "shape", value: "{{shape}}"), KeyValueRow(name: "empty", value: "", enabled: false)])
        #expect(imported.warnings.map(\.description).contains { $0.contains("cannot make a value for the path parameter 'blob'") })

        let scope = VariableScope(collection: imported.collection.variables)
        let error = try #require(throws: VariableError.self) {
            try RequestConversion.makeRequest(request, headers: [], auth: SavedAuth.none, scope: scope, baseDirectory: nil)
        }
        #expect(error == .unresolved(name: "blob", location: "the URL"))
        var given = scope
        given.commandLine = ["blob": "b1", "shape": "round"]
        let built = try RequestConversion.makeRequest(request, headers: [], auth: SavedAuth.none, scope: given, baseDirectory: nil)
        #expect(built.url == "/files/b1")
        #expect(built.query == [QueryItem(name: "shape", value: "round")])
    }

    @Test("operations share a variable for the same value and get a numbered one for another; names are made safe")
    func variableNames() throws {
        let text = """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        components:
          securitySchemes:
            bearer: {type: http, scheme: bearer}
        paths:
          /users/{id}:
            get:
              parameters: [{name: id, in: path, required: true, schema: {type: string, format: uuid}}]
            delete:
              parameters: [{name: id, in: path, required: true, schema: {type: string, format: uuid}}]
          /orders/{id}:
            get:
              parameters:
                - {name: id, in: path, required: true, schema: {type: integer}}
                - {name: token, in: query, required: true, schema: {type: string}}
                - {name: $filter, in: query, required: true, schema: {type: string, example: "a eq 1"}}
          /notes/{id}:
            get: {}
        """
        let imported = try Self.parse(text)
        let requests = imported.collection.requests
        #expect(requests.map(\.url) == ["{{baseUrl}}/users/{{id}}", "{{baseUrl}}/users/{{id}}", "{{baseUrl}}/orders/{{id2}}", "{{baseUrl}}/notes/{{id}}"])
        #expect(Self.variable(imported, "id")?.value == "00000000-0000-4000-8000-000000000000")
        #expect(Self.variable(imported, "id2")?.value == "1")
        #expect(requests[2].query == [KeyValueRow(name: "token", value: "{{token2}}"), KeyValueRow(name: "$filter", value: "{{_filter}}")])
        #expect(Self.variable(imported, "token2")?.value == "string")
        #expect(Self.variable(imported, "_filter")?.value == "a eq 1")
        #expect(Self.variable(imported, "token") == nil)
    }

    @Test("many operations with values of their own each get a variable of their own")
    func manyValues() throws {
        var text = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n"
        for index in 0..<3_000 {
            text += "  /item\(index)/{id}:\n    get:\n      parameters: [{name: id, in: path, required: true, example: v\(index)}]\n"
        }
        let imported = try Self.parse(text)
        #expect(imported.collection.requests.count == 3_000)
        #expect(imported.collection.requests.last?.url == "{{baseUrl}}/item2999/{{id3000}}")
        #expect(Self.variable(imported, "id3000")?.value == "v2999")
        #expect(Set(imported.collection.variables.map(\.name)).count == imported.collection.variables.count)
    }

    @Test("an operation that answers only with redirects does not follow them; others keep the default")
    func redirects() throws {
        let text = """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        paths:
          /go:
            get:
              responses: {'302': {description: moved}, '3XX': {description: elsewhere}}
          /maybe:
            get:
              responses: {'200': {description: ok}, '302': {description: moved}}
        """
        let requests = try Self.parse(text).collection.requests
        #expect(requests.map(\.options.followRedirects) == [false, nil])
    }
}
