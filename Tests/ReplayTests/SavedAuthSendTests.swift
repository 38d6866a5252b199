import Foundation
import RequestKit
import RequestStore
import Testing
import TestServers

/// The saved auth types beyond bearer and basic, inherited from folders and resolved into requests, against real
/// verifiers on loopback: httpbin's Digest endpoints and moto's SigV4 check.
@Suite struct SavedAuthSendTests {
    let client = Client()

    /// A collection whose folder `Signed` carries `auth` and holds one request that inherits it.
    private func request(_ url: String, method: HTTPMethod = .get, folderAuth auth: SavedAuth, body: SavedBody = .none) throws -> Request {
        let saved = SavedRequest(name: "call", method: method, url: url, body: body)
        let collection = RequestCollection(name: "auth", folders: [Folder(name: "Signed", auth: auth, requests: [saved])])
        let located = try collection.findRequest("Signed/call")
        var scope = VariableScope()
        scope.commandLine = ["secret": "passwd"]
        return try RequestConversion.makeRequest(located, in: collection, scope: scope, boundary: TrustBoundary(policy: TrustPolicy(), baseDirectory: nil))
    }

    @Test(arguments: ["MD5", "SHA-256"])
    func digestFromAFolderAnswersHttpbinsChallenge(algorithm: String) async throws {
        let url = try await LoopbackHTTPBin.ready().url("/digest-auth/auth/user/passwd/\(algorithm)")
        let right = try request(url, folderAuth: .digest(user: "user", password: "{{secret}}"))
        #expect(try await client.send(right).statusCode == 200)
        let wrong = try request(url, folderAuth: .digest(user: "user", password: "nope"))
        #expect(try await client.send(wrong).statusCode == 401)
    }

    @Test func anAPIKeyGoesInTheHeaderTheQueryOrACookieAndIsMasked() async throws {
        let httpbin = try await LoopbackHTTPBin.ready()
        let header = try request(httpbin.url("/headers"), folderAuth: .apiKey(SavedAPIKey(name: "X-API-Key", value: "{{secret}}-key", location: .header)))
        let echoedHeaders = try JSONSerialization.jsonObject(with: try await client.send(header).body) as? [String: [String: String]]
        #expect(echoedHeaders?["headers"]?["X-Api-Key"] == "passwd-key")
        #expect(Redaction.credentials(of: try header.prepared()).contains("passwd-key"))

        let query = try request(httpbin.url("/get"), folderAuth: .apiKey(SavedAPIKey(name: "api_key", value: "k-123456", location: .query)))
        let echoedQuery = try JSONSerialization.jsonObject(with: try await client.send(query).body) as? [String: Any]
        #expect((echoedQuery?["args"] as? [String: String])?["api_key"] == "k-123456")
        #expect(Redaction(secrets: Redaction.credentials(of: try query.prepared())).text(try query.prepared().url).contains("[redacted]"))

        let cookie = try request(httpbin.url("/cookies"), folderAuth: .apiKey(SavedAPIKey(name: "session", value: "c-654321", location: .cookie)))
        let echoedCookies = try JSONSerialization.jsonObject(with: try await client.send(cookie).body) as? [String: [String: String]]
        #expect(echoedCookies?["cookies"]?["session"] == "c-654321")
    }

    @Test func awsSigV4WithABodyIsAcceptedByMotoAndAWrongSecretIsRefused() async throws {
        let moto = try await LoopbackMoto.ready()
        let form = SavedBody.form([KeyValueRow(name: "Action", value: "GetCallerIdentity"), KeyValueRow(name: "Version", value: "2011-06-15")])
        func call(secret: String) async throws -> (Int, String) {
            let aws = SavedAWSSigV4(accessKey: moto.accessKey, secretKey: secret, region: "us-east-1", service: "sts")
            let response = try await client.send(try request(moto.url("/"), method: .post, folderAuth: .awsSigV4(aws), body: form))
            return (response.statusCode, String(decoding: response.body, as: UTF8.self))
        }
        let (status, body) = try await call(secret: moto.secretKey)
        #expect(status == 200, "\(body)")
        #expect(body.contains("<GetCallerIdentityResult>"))
        let (refused, reason) = try await call(secret: moto.secretKey + "x")
        #expect(refused == 403)
        #expect(reason.contains("SignatureDoesNotMatch"))
    }

    @Test func anAWSSessionTokenIsSentSignedAndMasked() async throws {
        let url = try await LoopbackHTTPBin.ready().url("/headers")
        let aws = SavedAWSSigV4(accessKey: "AKIDEXAMPLE", secretKey: "{{secret}}", sessionToken: "session-token-value", region: "eu-west-1", service: "execute-api")
        let signed = try request(url, folderAuth: .awsSigV4(aws))
        let echoed = try JSONSerialization.jsonObject(with: try await client.send(signed).body) as? [String: [String: String]]
        #expect(echoed?["headers"]?["X-Amz-Security-Token"] == "session-token-value")
        let authorization = echoed?["headers"]?["Authorization"] ?? ""
        #expect(authorization.contains("/eu-west-1/execute-api/aws4_request"), "\(authorization)")
        #expect(authorization.contains("x-amz-security-token"), "\(authorization)")
        let credentials = Redaction.credentials(of: try signed.prepared())
        #expect(credentials.contains("session-token-value") && credentials.contains("passwd"))
    }

    @Test func awsSigV4WithoutARegionSaysWhatIsMissing() throws {
        let aws = SavedAWSSigV4(accessKey: "AKID", secretKey: "secret", region: "", service: "s3")
        #expect(throws: VariableError.self) { try request("http://127.0.0.1:9/", folderAuth: .awsSigV4(aws)) }
    }
}
