import Foundation
import Testing
import RequestKit
@testable import RequestStore
import TestSupport

/// Credentials in an imported curl command become secret variables, kept out of the collection's plain JSON.
@Suite struct ImportedCredentialsTests {
    @Test func tokensBecomeSecretVariablesSavedInTheSecretsFile() throws {
        let command = """
        curl https://h.example/a -H 'Authorization: Bearer PastedToken777' -H 'Cookie: s=CookieValue888' -u ann:BasicPassword999
        curl https://h.example/b -H 'Authorization: Bearer PastedToken777'
        """
        let (collection, _) = try CollectionImport.read(.curl, data: Data(command.utf8), name: "pasted")
        let first = try #require(collection.requests.first)
        #expect(first.headers.first { $0.name == "Authorization" }?.value == "Bearer {{authorization}}")
        #expect(first.headers.first { $0.name == "Cookie" }?.value == "{{cookie}}")
        #expect(collection.requests[1].headers.first { $0.name == "Authorization" }?.value == "Bearer {{authorization}}")
        #expect(collection.variables.allSatisfy { $0.secret })
        #expect(Set(collection.variables.map(\.value)).isSuperset(of: ["PastedToken777", "s=CookieValue888"]))

        let folder = try TemporaryFolder()
        let path = folder.file("pasted.json")
        _ = try CollectionFile.create(collection, at: path)
        let plain = try String(contentsOfFile: path, encoding: .utf8)
        for secret in ["PastedToken777", "CookieValue888", "BasicPassword999"] {
            #expect(!plain.contains(secret), "\(secret) is in the collection's plain JSON")
        }
        let secrets = try String(contentsOfFile: folder.file("pasted.secrets.json"), encoding: .utf8)
        #expect(secrets.contains("PastedToken777") && secrets.contains("CookieValue888"))
    }
}
