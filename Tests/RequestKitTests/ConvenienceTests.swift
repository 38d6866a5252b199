import Foundation
import Testing
import TestServers
@testable import RequestKit

/// The seed-style calls against httpbin: every call form, encodings, validation and the token.
@Suite struct ConvenienceTests {
    let client = Client()

    @Test func getWithoutParameters() async throws {
        let echo = try Echo.json(try await Client.shared.get(try LoopbackHTTPBin.url("/get")))
        #expect(Echo.fields(echo, "args").isEmpty)
        #expect(echo["url"]?.stringValue?.hasSuffix("/get") == true)
    }

    @Test func getWithNestedArrayUnicodeAndReservedParameters() async throws {
        let params: [String: ParameterValue] = [
            "q": "a&b=c+d #[x]; é日🦤 100%",
            "user": ["name": "Zoë", "tags": ["x y", "z/?"]],
            "on": true,
            "none": nil,
            "k&=": "v",
            "pre": "already%20encoded",
        ]
        let echo = try Echo.json(try await Client.shared.get(try LoopbackHTTPBin.url("/get?lang=en"), params: params))
        #expect(Echo.fields(echo, "args") == [
            "lang": "en",
            "q": "a&b=c+d #[x]; é日🦤 100%",
            "user[name]": "Zoë",
            "user[tags][]": ["x y", "z/?"],
            "on": "1",
            "none": "",
            "k&=": "v",
            "pre": "already encoded",
        ])
    }

    @Test(arguments: [ParameterEncoder.ArrayStyle.brackets, .noBrackets, .indexed])
    func arrayStylesRoundTrip(style: ParameterEncoder.ArrayStyle) async throws {
        let response = try await client.request(
            method: .get, url: try LoopbackHTTPBin.url("/get"), params: ["a": [1, 2], "b": false],
            encoder: ParameterEncoder(arrayStyle: style, boolStyle: .literal)
        )
        let expected: [String: JSONValue] = switch style {
        case .brackets: ["a[]": ["1", "2"], "b": "false"]
        case .noBrackets: ["a": ["1", "2"], "b": "false"]
        case .indexed: ["a[0]": "1", "a[1]": "2", "b": "false"]
        }
        #expect(Echo.fields(try Echo.json(response), "args") == expected)
    }

    @Test func postWithoutParameters() async throws {
        let echo = try Echo.json(try await Client.shared.post(try LoopbackHTTPBin.url("/post")))
        #expect(Echo.fields(echo, "form").isEmpty)
        #expect(echo["headers"]?["Content-Length"]?.stringValue == "0")
    }

    @Test func postWithParametersIsAFormBody() async throws {
        let params: [String: ParameterValue] = ["text": "a&b=c+d #[x] é日🦤", "nested": ["deep": ["n": 1.5]], "list": ["p", "q"]]
        let echo = try Echo.json(try await Client.shared.post(try LoopbackHTTPBin.url("/post"), params: params))
        #expect(Echo.fields(echo, "form") == ["text": "a&b=c+d #[x] é日🦤", "nested[deep][n]": "1.5", "list[]": ["p", "q"]])
        #expect(echo["headers"]?["Content-Type"]?.stringValue == "application/x-www-form-urlencoded")
    }

    @Test func requestWithFiles() async throws {
        let binary = try Echo.file("blob.bin", Echo.binary)
        let text = try Echo.file("notes.txt", Data("héllo\n".utf8))
        let files = [MultipartFile(name: "blob", path: binary, fileName: "dönnées ✓.bin"), MultipartFile(name: "notes", path: text)]
        let echo = try Echo.json(try await Client.shared.request(method: .post, url: try LoopbackHTTPBin.url("/post"), files: files))
        #expect(Echo.fileBytes(echo["files"]?["blob"]) == Echo.binary)
        #expect(Echo.fileBytes(echo["files"]?["notes"]) == Data("héllo\n".utf8))
        #expect(Echo.fields(echo, "form").isEmpty)
    }

    @Test func requestWithParametersAndFiles() async throws {
        let path = try Echo.file("blob.bin", Echo.binary)
        let response = try await client.request(
            method: .put, url: try LoopbackHTTPBin.url("/put"),
            params: ["title": "Ünïcode \"quoted\" & more", "meta": ["a": true]],
            files: [MultipartFile(name: "upload", path: path, contentType: "image/png")]
        )
        let echo = try Echo.json(response)
        #expect(Echo.fields(echo, "form") == ["title": "Ünïcode \"quoted\" & more", "meta[a]": "1"])
        #expect(Echo.fileBytes(echo["files"]?["upload"]) == Echo.binary)
        #expect(echo["headers"]?["Content-Type"]?.stringValue?.hasPrefix("multipart/form-data; boundary=curlew-boundary-") == true)
    }

    @Test func multipartArrivesByteForByte() async throws {
        let path = try Echo.file("blob.bin", Echo.binary)
        var request = Request.build(
            method: .post, url: try FaultServer.url("/echo"),
            params: ["title": "Ünï \"q\"\r\nx"], files: [MultipartFile(name: "fi\"le", path: path, fileName: "日本 \"a\".bin")]
        )
        guard case .multipart(var form) = request.body else {
            Issue.record("expected a multipart body")
            return
        }
        form.boundary = "TestBoundary123"
        request.body = .multipart(form)
        let response = try await client.sendValidated(request)
        var expected = Data("--TestBoundary123\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nÜnï \"q\"\r\nx\r\n".utf8)
        expected.append(Data("--TestBoundary123\r\nContent-Disposition: form-data; name=\"fi%22le\"; filename=\"日本 %22a%22.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8))
        expected.append(Echo.binary)
        expected.append(Data("\r\n--TestBoundary123--\r\n".utf8))
        #expect(response.body == expected)
    }

    @Test func jsonBody() async throws {
        let text = #"{"name":"Zoë","list":[1,2.5,null,true],"nested":{"k":"v"}}"#
        let request = Request(method: .post, url: try LoopbackHTTPBin.url("/post"), body: .json(text))
        let echo = try Echo.json(try await client.sendValidated(request))
        #expect(echo["json"] == (try JSONValue.parse(json: Data(text.utf8))))
        #expect(echo["headers"]?["Content-Type"]?.stringValue == "application/json")
    }

    @Test func putPatchAndDelete() async throws {
        let put = try Echo.json(try await client.put(try LoopbackHTTPBin.url("/anything"), params: ["a": "1"]))
        #expect(put["method"]?.stringValue == "PUT")
        #expect(Echo.fields(put, "form") == ["a": "1"])
        let patch = try Echo.json(try await client.patch(try LoopbackHTTPBin.url("/anything"), params: ["b": "2"]))
        #expect(patch["method"]?.stringValue == "PATCH")
        #expect(Echo.fields(patch, "form") == ["b": "2"])
        let delete = try Echo.json(try await client.delete(try LoopbackHTTPBin.url("/anything"), params: ["c": "3"]))
        #expect(delete["method"]?.stringValue == "DELETE")
        #expect(Echo.fields(delete, "args") == ["c": "3"])
    }

    @Test func head() async throws {
        let response = try await client.request(method: .head, url: try LoopbackHTTPBin.url("/get"), params: ["a": "1"])
        #expect(response.statusCode == 200)
        #expect(response.body.isEmpty)
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test(arguments: [404, 418, 500])
    func nonSuccessStatusFailsWithTheBody(code: Int) async throws {
        let url = try LoopbackHTTPBin.url("/status/\(code)")
        let direct = try await client.send(prepared: try Request(url: url).prepared(), options: RequestOptions())
        await #expect(throws: NetworkError.badStatus(code: code, body: direct.body)) {
            try await client.get(url)
        }
        if code == 418 { #expect(String(decoding: direct.body, as: UTF8.self).contains("teapot")) }
    }

    @Test func getJSONParsesAnObject() async throws {
        let json = try await Client.shared.getJSON(try LoopbackHTTPBin.url("/json"))
        #expect(json["slideshow"]?["title"]?.stringValue == "Sample Slide Show")
    }

    @Test func getJSONFailsOnHTML() async throws {
        await #expect {
            try await Client.shared.getJSON(try LoopbackHTTPBin.url("/html"))
        } throws: { error in
            if case NetworkError.invalidJSON = error { return true }
            return false
        }
    }

    struct Slideshow: Decodable, Sendable, Equatable {
        struct Show: Decodable, Sendable, Equatable {
            var title: String
            var author: String
        }
        var slideshow: Show
    }

    @Test func decodeIntoADecodableType() async throws {
        let value = try await client.decode(Slideshow.self, from: try LoopbackHTTPBin.url("/json"))
        #expect(value == Slideshow(slideshow: .init(title: "Sample Slide Show", author: "Yours Truly")))
        await #expect {
            try await client.decode(Slideshow.self, from: try LoopbackHTTPBin.url("/get"))
        } throws: { error in
            guard case NetworkError.invalidJSON(let detail) = error else { return false }
            return detail.contains("slideshow")
        }
    }

    @Test func tokenAddsABearerHeader() async throws {
        let tokenClient = Client()
        let url = try LoopbackHTTPBin.url("/bearer")
        await #expect(throws: NetworkError.self) { try await tokenClient.get(url) }
        tokenClient.token = "s3cr3t"
        let echo = try Echo.json(try await tokenClient.get(url))
        #expect(echo["authenticated"]?.boolValue == true)
        #expect(echo["token"]?.stringValue == "s3cr3t")
        let headers = try Echo.json(try await tokenClient.get(try LoopbackHTTPBin.url("/headers"), headers: ["Authorization": "Custom mine"]))
        #expect(headers["headers"]?["Authorization"]?.stringValue == "Custom mine")
        tokenClient.token = nil
        await #expect(throws: NetworkError.self) { try await tokenClient.get(url) }
    }

    @Test func completionHandlers() async throws {
        let url = try LoopbackHTTPBin.url("/get")
        let response = await withCheckedContinuation { continuation in
            Client.shared.get(url, params: ["x": "1"]) { continuation.resume(returning: $0) }
        }
        #expect(try Echo.fields(Echo.json(response.get()), "args") == ["x": "1"])

        let notFound = try LoopbackHTTPBin.url("/status/404"), html = try LoopbackHTTPBin.url("/html")
        let jsonURL = try LoopbackHTTPBin.url("/json"), postURL = try LoopbackHTTPBin.url("/post")
        let failure = await withCheckedContinuation { continuation in
            Client.shared.post(notFound) { continuation.resume(returning: $0) }
        }
        #expect(throws: NetworkError.badStatus(code: 404, body: Data())) { try failure.get() }

        let json = await withCheckedContinuation { continuation in
            Client.shared.getJSON(html) { continuation.resume(returning: $0) }
        }
        #expect(throws: NetworkError.self) { try json.get() }

        let decoded = await withCheckedContinuation { continuation in
            client.decode(Slideshow.self, from: jsonURL) { continuation.resume(returning: $0) }
        }
        #expect(try decoded.get().slideshow.author == "Yours Truly")

        let path = try Echo.file("a.txt", Data("abc".utf8))
        let upload = await withCheckedContinuation { continuation in
            client.request(method: .post, url: postURL, params: ["f": "v"], files: [MultipartFile(name: "doc", path: path)]) {
                continuation.resume(returning: $0)
            }
        }
        let echo = try Echo.json(upload.get())
        #expect(Echo.fields(echo, "form") == ["f": "v"])
        #expect(Echo.fileBytes(echo["files"]?["doc"]) == Data("abc".utf8))
    }

    @Test func anUnreadableFileFailsBeforeSending() async throws {
        await #expect {
            try await client.post(try LoopbackHTTPBin.url("/post"), files: [MultipartFile(name: "f", path: "/no/such/file.bin")])
        } throws: { error in
            if case NetworkError.unreadableFile = error { return true }
            return false
        }
    }
}
