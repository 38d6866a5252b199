import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// The auth types beyond bearer and basic exported to Postman and imported back.
@Suite struct AuthImportExportTests {
    static let kinds: [SavedAuth] = [
        .apiKey(SavedAPIKey(name: "X-API-Key", value: "{{key}}", location: .header)),
        .apiKey(SavedAPIKey(name: "api_key", value: "{{key}}", location: .query)),
        .digest(user: "u", password: "{{pw}}"),
        .ntlm(user: "u", password: "{{pw}}"),
        .awsSigV4(SavedAWSSigV4(accessKey: "{{ak}}", secretKey: "{{sk}}", sessionToken: "{{st}}", region: "eu-west-1", service: "s3")),
    ]

    @Test(arguments: kinds)
    func postmanExportImportsBackTheSameAuth(auth: SavedAuth) throws {
        let collection = RequestCollection(name: "c", requests: [SavedRequest(name: "r", url: "https://api.example/x", auth: auth)])
        let text = PostmanWriter.write(collection).text
        let imported = try PostmanImporter.parse(Data(text.utf8))
        #expect(imported.collection.requests.first?.auth == auth)
        #expect(!imported.warnings.contains { $0.message.contains("not supported") })
    }
}
