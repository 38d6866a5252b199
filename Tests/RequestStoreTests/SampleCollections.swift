import Foundation
import RequestKit
@testable import RequestStore

/// Collections and temporary folders the store tests share.
enum SampleCollections {
    /// A collection that uses every part of the format.
    static func full() -> RequestCollection {
        var collection = RequestCollection(
            name: "Shop API",
            description: "Everything the shop exposes.\nSecond line.",
            variables: [
                Variable(name: "baseUrl", value: "https://shop.example"),
                Variable(name: "apiKey", value: "k-123", secret: true),
                Variable(name: "unused", value: "x", enabled: false),
            ],
            headers: [KeyValueRow(name: "Accept", value: "application/json"), KeyValueRow(name: "X-Trace", value: "on")],
            auth: .bearer(token: "{{apiKey}}"),
            folders: [
                Folder(
                    name: "Users", description: "People", headers: [KeyValueRow(name: "X-Trace", value: "users")], auth: .basic(user: "admin", password: "{{adminPassword}}"),
                    folders: [
                        Folder(name: "Admin", requests: [
                            SavedRequest(id: "del-user", name: "Delete user", method: .delete, url: "{{baseUrl}}/users/{{id}}",
                                         checks: [try! Check.parse("status == 204"), try! Check.parse("duration <= 500")]),
                        ]),
                    ],
                    requests: [
                        SavedRequest(name: "List users", url: "{{baseUrl}}/users",
                                     query: [KeyValueRow(name: "page", value: "1"), KeyValueRow(name: "debug", value: "true", enabled: false)],
                                     checks: [try! Check.parse("header \"Content-Type\" == \"application/json\""), try! Check.parse("jsonpath \"$.items\" exists")],
                                     captures: [try! CaptureRule.parse("firstId: jsonpath \"$.items[0].id\"")]),
                        SavedRequest(name: "Create user", method: .post, url: "{{baseUrl}}/users",
                                     headers: [KeyValueRow(name: "X-Request-Id", value: "{{$uuid}}")],
                                     body: .json("{\n  \"name\": \"Ann \\\"A\\\"\",\n  \"tags\": [\"ü\", \"😀\"]\n}"),
                                     auth: .none,
                                     options: SavedOptions(timeout: 2.5, followRedirects: false, maxRedirects: 3, verifyTLS: false, pins: ["sha256//abc="], caFile: "certs/ca.pem", proxy: "http://proxy:3128"),
                                     checks: [try! Check.parse("jsonpath \"$.id\" == 12"), try! Check.parse("body contains \"created\"")]),
                    ]),
            ],
            requests: [
                SavedRequest(name: "Upload", method: .post, url: "{{baseUrl}}/upload",
                             body: .multipart([.field(name: "title", value: "Photo", enabled: true),
                                               .file(name: "photo", path: "files/photo.png", fileName: "p.png", contentType: "image/png", enabled: true),
                                               .file(name: "old", path: "files/old.png", fileName: nil, contentType: nil, enabled: false)])),
                SavedRequest(name: "Login", method: .post, url: "{{baseUrl}}/login",
                             body: .form([KeyValueRow(name: "user", value: "ann"), KeyValueRow(name: "tab\tand\u{1}", value: "a/b")])),
                SavedRequest(name: "Raw", method: .put, url: "{{baseUrl}}/raw", body: .raw(text: "line one\nline two\n", contentType: "text/plain")),
                SavedRequest(name: "File", method: .put, url: "{{baseUrl}}/file", body: .file(path: "/tmp/data.bin", contentType: nil), auth: .inherit),
            ])
        collection.scripts = [SavedScript(event: "test", language: "text/javascript", text: "pm.test(\"ok\", () => {});")]
        collection.folders[0].scripts = [SavedScript(event: "prerequest", text: "console.log(1);\nconsole.log(2);", enabled: false)]
        collection.folders[0].requests[0].scripts = [
            SavedScript(event: "prerequest", language: "text/javascript", text: "pm.variables.set(\"id\", 1);"),
            SavedScript(event: "test", language: "text/javascript", text: "var data = pm.response.json();\n\npm.expect(data.items).to.be.an(\"array\");"),
        ]
        return collection
    }

    /// A collection of `count` simple requests spread over folders, for size tests.
    static func large(count: Int) -> RequestCollection {
        var collection = RequestCollection(name: "Large", variables: [Variable(name: "base", value: "http://127.0.0.1:9")])
        var folder = Folder(name: "Folder 0")
        for index in 0..<count {
            if index > 0 && index % 100 == 0 {
                collection.folders.append(folder)
                folder = Folder(name: "Folder \(index / 100)")
            }
            folder.requests.append(SavedRequest(
                name: "Request \(index)", method: index % 3 == 0 ? .post : .get, url: "{{base}}/items/\(index)",
                query: [KeyValueRow(name: "q", value: "\(index)")], headers: [KeyValueRow(name: "X-Index", value: "\(index)")],
                body: index % 3 == 0 ? .json("{\n  \"index\": \(index)\n}") : .none))
        }
        collection.folders.append(folder)
        return collection
    }
}
