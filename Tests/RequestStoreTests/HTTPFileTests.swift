import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// The `.http` / `.rest` reader and writer.
@Suite("http files")
struct HTTPFileTests {
    static let sample = """
    @baseUrl = https://api.example.com
    @token = abc123

    ### List users
    # Lists the first page.
    GET {{baseUrl}}/users
        ?page=1
        &q=a%20b
    Accept: application/json
    Authorization: Bearer {{token}}

    ###
    # @name createUser
    // a JSON body
    POST {{baseUrl}}/users HTTP/1.1
    Content-Type: application/json
    X-Request-Id: {{$guid}}

    {
      "name": "Ann"
    }


    ###
    https://example.com/plain

    ### Upload
    # @no-redirect
    # @timeout 5
    PUT /upload HTTP/1.1
    Host: files.example.com
    Content-Type: application/octet-stream

    < ./data.bin

    ### Login
    POST https://example.com/login
    Content-Type: application/x-www-form-urlencoded
    Authorization: Basic ann:secret

    user=ann&note=hello+world
    > {% client.global.set("t", response.body.token) %}
    """

    @Test("reads variables, names, query lines, headers, bodies and files")
    func parse() throws {
        let result = HTTPFileParser.parse(Self.sample, collectionName: "sample")
        let collection = result.collection
        #expect(collection.variables == [Variable(name: "baseUrl", value: "https://api.example.com"), Variable(name: "token", value: "abc123")])
        #expect(collection.requests.map(\.name) == ["List users", "createUser", "GET /plain", "Upload", "Login"])

        let list = collection.requests[0]
        #expect(list.description == "Lists the first page.")
        #expect(list.url == "{{baseUrl}}/users")
        #expect(list.query == [KeyValueRow(name: "page", value: "1"), KeyValueRow(name: "q", value: "a b")])
        #expect(list.headers == [KeyValueRow(name: "Accept", value: "application/json")])
        #expect(list.auth == .bearer(token: "{{token}}"))

        let create = collection.requests[1]
        #expect(create.method == .post)
        #expect(create.body == .json("{\n  \"name\": \"Ann\"\n}"))
        #expect(create.headers == [KeyValueRow(name: "X-Request-Id", value: "{{$uuid}}")])

        #expect(collection.requests[2].method == .get)
        #expect(collection.requests[2].url == "https://example.com/plain")

        let upload = collection.requests[3]
        #expect(upload.url == "http://files.example.com/upload")
        #expect(upload.body == .file(path: "./data.bin", contentType: "application/octet-stream"))
        #expect(upload.options == SavedOptions(timeout: 5, followRedirects: false))

        let login = collection.requests[4]
        #expect(login.auth == .basic(user: "ann", password: "secret"))
        #expect(login.body == .form([KeyValueRow(name: "user", value: "ann"), KeyValueRow(name: "note", value: "hello world")]))
        #expect(result.warnings.contains { $0.message.contains("response handlers") })
    }

    @Test("unsupported dynamic variables and metadata are reported")
    func warnings() {
        let text = "# @prompt password\nGET https://h/{{$dotenv KEY}}?t={{$processEnv HOME}}\n"
        let result = HTTPFileParser.parse(text, collectionName: "w")
        #expect(result.collection.requests.first?.url == "https://h/{{$dotenv KEY}}")
        #expect(result.collection.requests.first?.query == [KeyValueRow(name: "t", value: "{{$env.HOME}}")])
        #expect(result.warnings.map(\.location) == ["line 1", "line 2"])
    }

    @Test("write then read gives the same collection")
    func roundTrip() throws {
        let collection = RequestCollection(
            name: "round", variables: [Variable(name: "host", value: "https://h.example")],
            folders: [Folder(name: "Users", folders: [Folder(name: "Admin", requests: [
                SavedRequest(name: "Delete user", method: .delete, url: "{{host}}/users/1", auth: .basic(user: "a", password: "b")),
            ])], requests: [
                SavedRequest(name: "Find", description: "Finds users.\nBy name.", url: "{{host}}/users",
                             query: [KeyValueRow(name: "name", value: "Ann Lee & co"), KeyValueRow(name: "id", value: "{{id}}")],
                             headers: [KeyValueRow(name: "Accept", value: "application/json")], auth: .bearer(token: "{{token}}"),
                             options: SavedOptions(timeout: 2.5, followRedirects: false)),
            ])],
            requests: [
                SavedRequest(name: "Create", method: .post, url: "{{host}}/users", body: .json("{\"a\": 1}")),
                SavedRequest(name: "Form", method: .post, url: "{{host}}/form", body: .form([KeyValueRow(name: "a b", value: "c&d=e")])),
                SavedRequest(name: "Text", method: .put, url: "{{host}}/text", body: .raw(text: "line 1\nline 2", contentType: "text/plain")),
                SavedRequest(name: "File", method: .put, url: "{{host}}/file", body: .file(path: "body.bin", contentType: nil)),
            ])
        let written = HTTPFileWriter.write(collection)
        #expect(written.warnings.isEmpty)
        let read = HTTPFileParser.parse(written.text, collectionName: "round")
        #expect(read.warnings.isEmpty)
        #expect(read.collection == collection)
    }

    @Test("secrets, disabled rows and TLS options are reported on export")
    func exportWarnings() {
        let collection = RequestCollection(name: "x", variables: [Variable(name: "key", value: "s3cret", secret: true)], requests: [
            SavedRequest(name: "R", url: "https://h/", headers: [KeyValueRow(name: "X", value: "1", enabled: false)], options: SavedOptions(verifyTLS: false)),
        ])
        let written = HTTPFileWriter.write(collection)
        #expect(!written.text.contains("s3cret"))
        #expect(written.text.contains("@key =\n"))
        #expect(written.warnings.count == 2)
    }
}
