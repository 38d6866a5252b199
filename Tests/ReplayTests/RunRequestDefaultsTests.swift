import Testing
import RequestKit
@testable import Replay

/// The settings `curlew run`'s command line gives every request, applied to a request already built.
@Suite struct RunRequestDefaultsTests {
    private func defaults() -> RunRequestDefaults {
        var defaults = RunRequestDefaults()
        defaults.connectTimeout = 2.5
        defaults.followRedirects = true
        defaults.maxRedirects = 3
        defaults.insecure = true
        defaults.caBundlePath = "/mine/ca.pem"
        defaults.clientCertificatePath = "/mine/client.pem"
        defaults.clientKeyPath = "/mine/client-key.pem"
        defaults.user = "bob"
        defaults.password = "pw"
        defaults.headers = ["X-Extra": "yes"]
        return defaults
    }

    @Test func aRequestWithoutSettingsOfItsOwnTakesThemAll() {
        var request = Request(url: "http://h/", options: RequestOptions(followRedirects: false))
        defaults().apply(to: &request)
        #expect(request.options.connectTimeout == 2.5)
        #expect(request.options.followRedirects && request.options.maxRedirects == 3 && !request.options.verifyTLS)
        #expect(request.options.caBundlePath == "/mine/ca.pem")
        #expect(request.options.clientCertificatePath == "/mine/client.pem" && request.options.clientKeyPath == "/mine/client-key.pem")
        #expect(request.auth == .basic(user: "bob", password: "pw"))
        #expect(request.headers.values(for: "X-Extra") == ["yes"])
    }

    @Test func aRequestKeepsItsOwnCredentialsCAAndCertificate() {
        var withAuth = Request(url: "http://h/", auth: .bearer("t"),
                               options: RequestOptions(caBundlePath: "/theirs/ca.pem", clientCertificatePath: "/theirs/c.pem"))
        defaults().apply(to: &withAuth)
        #expect(withAuth.auth == .bearer("t"))
        #expect(withAuth.options.caBundlePath == "/theirs/ca.pem" && withAuth.options.clientCertificatePath == "/theirs/c.pem")
        var withHeader = Request(url: "http://h/", headers: ["Authorization": "Token x"])
        defaults().apply(to: &withHeader)
        #expect(withHeader.auth == .none)
        var untouched = Request(url: "http://h/")
        let before = untouched
        RunRequestDefaults().apply(to: &untouched)
        #expect(untouched == before)
    }
}
