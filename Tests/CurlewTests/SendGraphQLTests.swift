import Foundation
import Testing
import TestServers

/// A saved GraphQL body sent by `curlew send --from`: httpbin's /post receives the JSON envelope; variables that
/// are not a JSON object stop the send with a message.
@Suite struct SendGraphQLTests {
    @Test func theEnvelopeIsWhatTheServerReceives() async throws {
        let body = #"{"type": "graphql", "query": "query User($id: ID!) { user(id: $id) { name } }", "variables": ["{", "  \"id\": \"{{userId}}\"", "}"], "operationName": "User"}"#
        let fixture = try RunFixture(requests: [
            RunFixture.request("user", try await LoopbackServers.httpbin("/post"), method: "POST", extra: #""body": \#(body)"#),
        ])
        let result = try await ProcessRunner.curlew(
            ["send", "--from", fixture.collection, "user", "--var", "userId=42", "--no-history", "--data-dir", fixture.dataDirectory], environment: [:])
        #expect(result.status == 0, "\(result.errorOutput)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(json["data"] as? String == #"{"query":"query User($id: ID!) { user(id: $id) { name } }","variables":{"id":"42"},"operationName":"User"}"#)
        let headers = try #require(json["headers"] as? [String: String])
        #expect(headers["Content-Type"] == "application/json")
    }

    @Test func invalidVariablesAreRefusedBeforeSending() async throws {
        let body = #"{"type": "graphql", "query": "{ a }", "variables": "{\"id\": "}"#
        let fixture = try RunFixture(requests: [
            RunFixture.request("bad", try await LoopbackServers.httpbin("/post"), method: "POST", extra: #""body": \#(body)"#),
        ])
        let result = try await ProcessRunner.curlew(["send", "--from", fixture.collection, "bad", "--no-history", "--data-dir", fixture.dataDirectory], environment: [:])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("The GraphQL variables are not valid JSON"))
        #expect(result.stdout.isEmpty)
    }
}
