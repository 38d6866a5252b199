import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// GraphQL bodies: the envelope, the variables check, the collection format, curl import and the exports.
@Suite struct GraphQLBodyTests {
    private let body = GraphQLBody(query: "query User($id: ID!) {\n  user(id: $id) { name }\n}", variables: "{\n  \"id\": \"{{userId}}\"\n}", operationName: "User")

    @Test func aCollectionKeepsTheBodyAndReadsItBack() throws {
        var request = SavedRequest(name: "user", method: .post, url: "https://api.example/graphql")
        request.body = .graphQL(body)
        let collection = RequestCollection(name: "api", requests: [request])
        let data = try collection.encoded()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"type\": \"graphql\""))
        #expect(text.contains("\"operationName\": \"User\""))
        let read = try RequestCollection.decode(from: data, file: "api.json")
        #expect(read.requests.first?.body == .graphQL(body))
        #expect(try read.encoded() == data)
    }

    @Test func variablesThatAreNotJSONAreKeptAsTyped() throws {
        var request = SavedRequest(name: "half", method: .post, url: "https://api.example/graphql")
        request.body = .graphQL(GraphQLBody(query: "{ a }", variables: "{\"id\": "))
        let data = try RequestCollection(name: "c", requests: [request]).encoded()
        #expect(try RequestCollection.decode(from: data, file: "c.json").requests.first?.body == request.body)
    }

    @Test func theEnvelopeIsSentWithResolvedVariables() throws {
        var request = SavedRequest(name: "user", method: .post, url: "https://api.example/graphql")
        request.body = .graphQL(body)
        let made = try RequestConversion.makeRequest(request, headers: [], auth: .none, scope: VariableScope(commandLine: ["userId": "42"]), boundary: .userTyped())
        #expect(made.body == .json("{\"query\":\"query User($id: ID!) {\\n  user(id: $id) { name }\\n}\",\"variables\":{\"id\":\"42\"},\"operationName\":\"User\"}"))
    }

    @Test(arguments: [
        ("{\"id\": ", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ("{\"id\": {{n}}", "not valid JSON"),
    ])
    func invalidVariablesStopTheSend(variables: String, expected: String) throws {
        var request = SavedRequest(name: "bad", method: .post, url: "https://api.example/graphql")
        request.body = .graphQL(GraphQLBody(query: "{ a }", variables: variables))
        #expect {
            try RequestConversion.makeRequest(request, headers: [], auth: .none, scope: VariableScope(commandLine: ["n": "1"]), boundary: .userTyped())
        } throws: { error in
            guard case .invalidBody(let reason)? = error as? VariableError else { return false }
            return reason.contains(expected) && reason.contains("your text is kept")
        }
    }

    @Test func emptyVariablesAreSentAsAnEmptyObject() {
        #expect(GraphQLBody.envelope(query: "{ a }", variables: "  \n", operationName: nil) == "{\"query\":\"{ a }\",\"variables\":{}}")
    }

    @Test(arguments: [
        ("{\"query\": \"{ a }\"}", GraphQLBody(query: "{ a }")),
        ("{\"query\": \"{ a }\", \"variables\": null, \"operationName\": null}", GraphQLBody(query: "{ a }")),
        ("{\"query\": \"{ a }\", \"variables\": {}}", GraphQLBody(query: "{ a }")),
        ("{\"operationName\": \"Q\", \"query\": \"query Q { a }\", \"variables\": {\"x\": [1, true]}}",
         GraphQLBody(query: "query Q { a }", variables: "{\n  \"x\": [\n    1,\n    true\n  ]\n}", operationName: "Q")),
    ])
    func envelopesAreRecognised(json: String, expected: GraphQLBody) {
        #expect(GraphQLBody.recognize(json: json) == expected)
        // Written again, the envelope is recognised as the same operation (a null or empty variables object was not, once).
        #expect(GraphQLBody.recognize(json: expected.envelope) == expected)
    }

    @Test(arguments: ["{\"query\": 5}", "{\"query\": \"{ a }\", \"extra\": 1}", "{\"variables\": {}}", "[\"query\"]",
                      "{\"query\": \"{ a }\", \"variables\": [1]}", "not json"])
    func otherJSONIsNotGraphQL(json: String) {
        #expect(GraphQLBody.recognize(json: json) == nil)
    }

    @Test func curlImportRecognisesTheEnvelopeAndExportWritesItBack() throws {
        let data = #"{"query":"query Q($id: ID!) { user(id: $id) { name } }","variables":{"id":"42"},"operationName":"Q"}"#
        let command = "curl https://api.example/graphql -H 'Content-Type: application/json' --data-raw '\(data)'"
        let imported = try #require(try CurlImporter.parse(command).first).savedRequest()
        #expect(imported.request.body == .graphQL(GraphQLBody(query: "query Q($id: ID!) { user(id: $id) { name } }", variables: "{\n  \"id\": \"42\"\n}", operationName: "Q")))
        #expect(!imported.request.headers.contains { $0.name.lowercased() == "content-type" })
        let collection = RequestCollection(name: "api", requests: [imported.request])
        let located = collection.allRequests
        let resolved = try CurlExport.commands(for: located, in: collection, variables: .resolve(VariableScope(), boundary: .userTyped()))
        #expect(resolved.contains("'\(data)'"))
        #expect(resolved.contains("Content-Type: application/json"))
        let template = try CurlExport.commands(for: located, in: collection, variables: .keep)
        #expect(template.contains("'\(data)'"))
        let again = try #require(try CurlImporter.parse(template.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")).first).savedRequest()
        #expect(again.request.body == imported.request.body)
    }

    @Test func aGETWithAQueryKeyStaysJSON() throws {
        let command = "curl -X PUT https://api.example/x -H 'Content-Type: application/json' --data-raw '{\"query\": \"x\"}'"
        let imported = try #require(try CurlImporter.parse(command).first).savedRequest()
        #expect(imported.request.body == .json("{\"query\": \"x\"}"))
    }

    @Test func hurlAndK6ExportsWriteTheEnvelope() throws {
        var request = SavedRequest(name: "user", method: .post, url: "https://api.example/graphql")
        request.body = .graphQL(GraphQLBody(query: "{ me { id } }", variables: "{\"a\": 1}"))
        let collection = RequestCollection(name: "api", requests: [request])
        let hurl = HurlWriter.write(collection, replacing: nil).text
        #expect(hurl.contains(#"{"query":"{ me { id } }","variables":{"a":1}}"#))
        let read = try HurlReader.read(Data(hurl.utf8), file: "api.hurl")
        let readBack = HurlReader.collection(of: read, file: "api.hurl").requests.first?.body
        #expect(readBack == .json(#"{"query":"{ me { id } }","variables":{"a":1}}"#))
        let k6 = K6Writer.write(collection).text
        #expect(k6.contains(#""{\"query\":\"{ me { id } }\",\"variables\":{\"a\":1}}""#))
        #expect(k6.contains(#"["Content-Type"]: "application/json""#))
    }
}
