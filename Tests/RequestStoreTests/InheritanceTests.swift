import Foundation
import Testing
import RequestKit
@testable import RequestStore

@Suite("Inheritance and conversion")
struct InheritanceTests {
    let collection = SampleCollections.full()
    let scope = VariableScope(
        commandLine: ["id": "42", "adminPassword": "pw"],
        collection: SampleCollections.full().variables,
        builtins: BuiltinValues(uuid: { "fixed-uuid" }, now: { Date(timeIntervalSince1970: 1_700_000_000) }, randomInt: { 7 }))

    @Test("folder headers override the collection's by name; request headers come last")
    func headers() throws {
        let located = try collection.findRequest("Create user")
        let settings = InheritedSettings.effective(for: located, in: collection)
        #expect(settings.headers.map(\.name) == ["Accept", "X-Trace", "X-Request-Id"])
        #expect(settings.headers.first { $0.name == "X-Trace" }?.value == "users")
    }

    @Test("auth comes from the nearest folder that sets it, else the collection")
    func auth() throws {
        let nested = try collection.findRequest("Users/Admin/Delete user")
        #expect(InheritedSettings.effective(for: nested, in: collection).auth == .basic(user: "admin", password: "{{adminPassword}}"))
        let own = try collection.findRequest("Create user")
        #expect(InheritedSettings.effective(for: own, in: collection).auth == .none)
        let top = try collection.findRequest("File")
        #expect(InheritedSettings.effective(for: top, in: collection).auth == .bearer(token: "{{apiKey}}"))
    }

    @Test("a located request converts to a resolved RequestKit request")
    func conversion() throws {
        let located = try collection.findRequest("del-user")
        let request = try RequestConversion.makeRequest(located, in: collection, scope: scope, boundary: TrustBoundary(policy: TrustPolicy(), baseDirectory: "/home/me/api"))
        #expect(request.method == .delete)
        #expect(request.url == "https://shop.example/users/42")
        #expect(request.auth == .basic(user: "admin", password: "pw"))
        #expect(request.headers.value(for: "x-trace") == "users")
    }

    @Test("bodies, query rows, options and file paths are converted")
    func bodies() throws {
        let create = try RequestConversion.makeRequest(try collection.findRequest("Create user"), in: collection, scope: scope, boundary: TrustBoundary(policy: TrustPolicy(), baseDirectory: "/home/me/api"))
        #expect(create.headers.value(for: "X-Request-Id") == "fixed-uuid")
        #expect(create.options.timeout == 2.5)
        #expect(create.options.followRedirects == false)
        #expect(create.options.caBundlePath == "/home/me/api/certs/ca.pem")
        #expect(create.options.pinnedPublicKeys == ["sha256//abc="])
        guard case .json(let text) = create.body else { Issue.record("expected a JSON body"); return }
        #expect(text.contains("\"tags\""))

        let upload = try RequestConversion.makeRequest(try collection.findRequest("Upload"), in: collection, scope: scope, boundary: TrustBoundary(policy: TrustPolicy(), baseDirectory: "/home/me/api"))
        guard case .multipart(let form) = upload.body else { Issue.record("expected multipart"); return }
        #expect(form.fields == [FormField(name: "title", value: "Photo")])
        #expect(form.files.map(\.path) == ["/home/me/api/files/photo.png"])

        let list = try RequestConversion.makeRequest(try collection.findRequest("List users"), in: collection, scope: scope, boundary: .userTyped())
        #expect(list.query == [QueryItem(name: "page", value: "1")])
    }

    @Test("finding requests by path, name and id; ambiguous and missing names are errors")
    func lookup() throws {
        #expect(try collection.findRequest("Users/List users").request.name == "List users")
        #expect(throws: RequestLookupError.notFound(name: "Nope", collection: "Shop API")) { try collection.findRequest("Nope") }
        var twice = collection
        twice.folders[0].folders[0].requests.append(SavedRequest(name: "List users", url: "x"))
        #expect(throws: RequestLookupError.ambiguous(name: "List users", paths: ["Users/Admin/List users", "Users/List users"])) { try twice.findRequest("List users") }
    }

    @Test("an unresolved variable is reported with the place it was used")
    func unresolvedInConversion() throws {
        let located = try collection.findRequest("del-user")
        let bare = VariableScope(collection: collection.variables)
        #expect(throws: VariableError.unresolved(name: "id", location: "the URL")) {
            try RequestConversion.makeRequest(located, in: collection, scope: bare, boundary: .userTyped())
        }
    }
}
