import Foundation
import Testing
@testable import RequestStore

/// The saved auth types as the collection file writes them: canonical fields, round trips, clear refusals.
@Suite struct SavedAuthCodingTests {
    static let all: [SavedAuth] = [
        .none, .inherit, .bearer(token: "{{t}}"), .basic(user: "u", password: "p"),
        .apiKey(SavedAPIKey(name: "X-API-Key", value: "{{key}}", location: .header)),
        .apiKey(SavedAPIKey(name: "api_key", value: "k", location: .query)),
        .apiKey(SavedAPIKey(name: "sid", value: "c", location: .cookie)),
        .digest(user: "u", password: "{{pw}}"), .ntlm(user: "DOMAIN\\u", password: "p"), .negotiate(user: "", password: ""),
        .awsSigV4(SavedAWSSigV4(accessKey: "AKID", secretKey: "{{secret}}", sessionToken: "{{token}}", region: "eu-central-1", service: "s3")),
        .awsSigV4(SavedAWSSigV4(accessKey: "AKID", secretKey: "s", region: "us-east-1", service: "sts")),
    ]

    @Test(arguments: all)
    func everyTypeRoundTripsThroughItsCanonicalText(auth: SavedAuth) throws {
        let data = try CanonicalJSON.encode(auth)
        #expect(try JSONDecoder().decode(SavedAuth.self, from: data) == auth)
        #expect(String(decoding: data, as: UTF8.self).contains("\"type\": \"\(auth.typeName)\""))
    }

    @Test func fieldsAreWrittenInTheDocumentedOrder() throws {
        let aws = SavedAuth.awsSigV4(SavedAWSSigV4(accessKey: "A", secretKey: "S", sessionToken: "T", region: "R", service: "V"))
        let text = String(decoding: try CanonicalJSON.encode(aws), as: UTF8.self)
        let keys = ["type", "accessKey", "secretKey", "sessionToken", "region", "service"].map { text.range(of: "\"\($0)\"")?.lowerBound }
        #expect(keys.allSatisfy { $0 != nil })
        #expect(keys.compactMap { $0 } == keys.compactMap { $0 }.sorted())
        let key = String(decoding: try CanonicalJSON.encode(SavedAuth.apiKey(SavedAPIKey(name: "N", value: "V", location: .query))), as: UTF8.self)
        #expect(key == "{\n  \"type\": \"apiKey\",\n  \"name\": \"N\",\n  \"value\": \"V\",\n  \"in\": \"query\"\n}\n")
    }

    @Test func anAPIKeyDefaultsToAHeaderAndRefusesAnUnknownPlace() throws {
        let key = try JSONDecoder().decode(SavedAuth.self, from: Data(#"{"type": "apiKey", "name": "X-Key", "value": "v"}"#.utf8))
        #expect(key == .apiKey(SavedAPIKey(name: "X-Key", value: "v", location: .header)))
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SavedAuth.self, from: Data(#"{"type": "apiKey", "name": "X-Key", "in": "body"}"#.utf8))
        }
        #expect(String(describing: error).contains("header, query or cookie"))
    }

    @Test func anUnknownTypeNamesTheKnownOnes() throws {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SavedAuth.self, from: Data(#"{"type": "hawk"}"#.utf8))
        }
        #expect(String(describing: error).contains("apiKey, digest, ntlm, negotiate, awsSigV4"))
    }

    @Test func secretsAreTheValuesToMask() {
        #expect(SavedAuth.digest(user: "u", password: "p").secretTemplates == ["p"])
        #expect(SavedAuth.apiKey(SavedAPIKey(name: "n", value: "v")).secretTemplates == ["v"])
        #expect(SavedAuth.awsSigV4(SavedAWSSigV4(accessKey: "a", secretKey: "s", sessionToken: "t", region: "r", service: "v")).secretTemplates == ["s", "t"])
    }
}
