import Foundation
import RequestStore

/// The importers and the file formats they read: curl, `.http`, `.hurl`, Postman, OpenAPI, Insomnia and YAML.
enum ImportFuzzTargets {
    /// The import targets.
    static let all: [FuzzTarget] = [
        FuzzTarget("curl-import", seeds: ["Tests/RequestStoreTests/Fixtures/curlconverter/commands"]) { data in
            _ = try? CurlImporter.parse(String(decoding: data, as: UTF8.self))
        },
        FuzzTarget("http-import", seeds: ["Tests/Fuzz/seeds/http"]) { data in
            let result = HTTPFileParser.parse(String(decoding: data, as: UTF8.self), collectionName: "fuzz")
            _ = try? result.collection.encoded()
        },
        FuzzTarget("hurl-reader", seeds: ["Tests/RequestStoreTests/Fixtures/hurl"]) { data in
            if let document = try? HurlReader.read(data, file: "fuzz.hurl") {
                _ = try? HurlReader.collection(of: document, file: "fuzz.hurl").encoded()
            }
        },
        FuzzTarget("postman-import", seeds: ["Tests/RequestStoreTests/Fixtures/postman", "sample-requests"]) { data in
            if let imported = try? PostmanImporter.parse(data) { _ = try? imported.collection.encoded() }
        },
        FuzzTarget("yaml-reader", seeds: ["Tests/Fuzz/seeds/yaml", "Tests/RequestStoreTests/Fixtures/openapi"]) { data in
            _ = try? YAMLReader.read(data, file: "fuzz.yaml")
        },
        FuzzTarget("openapi-import", seeds: ["Tests/RequestStoreTests/Fixtures/openapi"]) { data in
            if let imported = try? OpenAPIImporter.parse(data, file: "fuzz.yaml") { _ = try? imported.collection.encoded() }
        },
        FuzzTarget("insomnia-import", seeds: ["Tests/RequestStoreTests/Fixtures/insomnia"]) { data in
            if let imported = try? InsomniaImporter.parse(data, file: "fuzz.json") { _ = try? imported.collection.encoded() }
        },
    ]
}
