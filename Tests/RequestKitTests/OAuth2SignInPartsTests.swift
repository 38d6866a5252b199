import Foundation
import Testing
@testable import RequestKit

/// The pieces of the sign-in grants that need no provider: PKCE, the redirect address, the callback's query.
@Suite struct OAuth2SignInPartsTests {
    @Test func sha256MatchesFIPS180Vector() {
        let digest = Digest.sha256(Array("abc".utf8)).map { $0.map { String(format: "%02x", $0) }.joined() }
        #expect(digest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func pkceS256IsTheUnpaddedBase64URLOfTheVerifiersSHA256() throws {
        // The challenge as Python's hashlib and base64.urlsafe_b64encode make it, without the padding.
        let pkce = try OAuth2PKCE(verifier: "dBjftJeZ4CVP-mJ92K9qpJdqvQzEj5Tg2iWk1Tg3u8w")
        #expect(pkce.challenge == "l_Ae-n482d6Z5gsme9BNP6MyUqtJdpI8GoKNKFS1usI")
        let random = try OAuth2PKCE.random()
        #expect(random.verifier.count == 43)
        #expect(random.verifier.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(try OAuth2PKCE.random().verifier != random.verifier)
    }

    @Test("a redirect URI names a loopback port and path", arguments: [
        ("", 0, "/callback"),
        ("http://127.0.0.1:8765/callback", 8765, "/callback"),
        ("http://localhost/cb", 0, "/cb"),
    ])
    func redirectAddress(uri: String, port: Int, path: String) throws {
        let address = try OAuth2RedirectAddress(redirectUri: uri)
        #expect(address == OAuth2RedirectAddress(port: port, path: path))
    }

    @Test("a redirect URI curlew cannot receive is refused", arguments: [
        "https://127.0.0.1:8765/callback", "http://example.com:8765/callback", "http://127.0.0.1:99999/callback",
        "http://127.0.0.1:8765/callback?x=1", "not a url",
    ])
    func unusableRedirect(uri: String) {
        #expect(throws: OAuth2Error.self) { try OAuth2RedirectAddress(redirectUri: uri) }
    }

    @Test func theCallbackQueryIsDecodedAndARepeatedFieldLeftOut() {
        let fields = OAuth2CallbackRequest.fields(ofQuery: "code=a%2Bb+c&state=s1&state=s2&empty=&broken=%zz")
        #expect(fields["code"] == "a+b c")
        #expect(fields["state"] == nil)
        #expect(fields["empty"] == "")
        #expect(fields["broken"] == nil)
    }

    @Test func theListenerAnswersOnlyAGetOfItsPath() throws {
        let listener = try OAuth2LoopbackListener(port: 0, path: "/callback")
        #expect(listener.port > 0)
        #expect(listener.callbackFields("GET /callback?code=x HTTP/1.1\r\nHost: a") == ["code": "x"])
        #expect(listener.callbackFields("GET /favicon.ico HTTP/1.1") == nil)
        #expect(listener.callbackFields("POST /callback?code=x HTTP/1.1") == nil)
        #expect(listener.callbackFields("GET /callbackx?code=x HTTP/1.1") == nil)
    }

    @Test func aBusyPortIsAClearError() throws {
        let first = try OAuth2LoopbackListener(port: 0, path: "/callback")
        #expect(throws: OAuth2Error.self) { try OAuth2LoopbackListener(port: first.port, path: "/callback") }
    }
}

/// A device authorization answer is read field by field, each checked: a hostile provider gets a message, not a loop.
@Suite struct OAuth2DeviceAuthorizationTests {
    /// The answer with `fields` laid over a valid one (a nil value removes the field).
    static func answer(_ fields: [String: String?]) throws -> OrderedJSON {
        var all: [String: String?] = ["device_code": #""dc""#, "user_code": #""ABCD-EFGH""#, "verification_uri": #""https://id.test/device""#,
                                      "expires_in": "600", "interval": "5"]
        for (name, value) in fields { all[name] = value }
        let members = all.compactMap { name, value in value.map { "\"\(name)\": \($0)" } }.joined(separator: ", ")
        return try OrderedJSON.parse(Data("{\(members)}".utf8))
    }

    @Test func aValidAnswerIsRead() throws {
        let read = try OAuth2DeviceAuthorization(try Self.answer(["verification_uri_complete": #""https://id.test/device?c=1""#]), endpoint: "e")
        #expect(read.userCode == "ABCD-EFGH")
        #expect(read.verificationURIComplete == "https://id.test/device?c=1")
        #expect(read.expiresIn == 600)
        #expect(read.interval == 5)
    }

    @Test func anIntervalMissingOrZeroIsFiveOrOne() throws {
        #expect(try OAuth2DeviceAuthorization(try Self.answer(["interval": nil]), endpoint: "e").interval == 5)
        #expect(try OAuth2DeviceAuthorization(try Self.answer(["interval": "0"]), endpoint: "e").interval == 1)
    }

    @Test("a hostile field is refused", arguments: [
        ["interval": "-1"], ["interval": "1e12"], ["expires_in": #""soon""#], ["user_code": nil], ["device_code": #""""#],
        ["user_code": #""AB\nCD""#], ["verification_uri": #""javascript:alert(1)""#], ["verification_uri_complete": #""file:///etc/passwd""#],
        ["user_code": "\"" + String(repeating: "A", count: 101) + "\""],
    ] as [[String: String?]])
    func hostileField(fields: [String: String?]) throws {
        let json = try Self.answer(fields)
        #expect(throws: OAuth2Error.self) { try OAuth2DeviceAuthorization(json, endpoint: "e") }
    }
}
