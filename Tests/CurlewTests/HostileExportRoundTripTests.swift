import Foundation
import RequestKit
import RequestStore
import Testing

/// Hostile text in each field of a request, through each exporter and back through curlew's own importer: the
/// file reads back as exactly one request, the same on the wire, with every field the format carries as it was
/// and every field it cannot carry neutralised by the rule docs/import-export.md gives, and nothing else changed.
@Suite struct HostileExportRoundTripTests {
    /// 20 cases per field.
    static let cases = HostileCase.all(count: HostileField.allCases.count * 20)
    static let baseURL = "http://127.0.0.1:9"

    @Test("curl commands, resolved, send what curlew sends or are refused when curlew would refuse it", arguments: cases)
    func curlResolved(_ hostile: HostileCase) throws {
        let collection = hostile.collection(baseURL: Self.baseURL).definingEveryPlaceholder()
        let located = try #require(collection.allRequests.first)
        let scope = VariableScope(collection: collection.variables)
        let expected = Result { () throws -> Request in
            let request = try RequestConversion.makeRequest(located, in: collection, scope: scope, boundary: .userTyped(baseDirectory: "/base"))
            _ = try request.prepared()
            try HostileExpectation.checkCurlCanCarry(request)
            return request
        }
        let exported = Result { try CurlExport.commands(for: [located], in: collection, variables: .resolve(scope, boundary: .userTyped(baseDirectory: "/base"))) }
        switch (expected, exported) {
        case (.failure, .failure):
            return
        case (.failure(let error), .success(let text)):
            Issue.record("\(hostile): curlew refuses to send it (\(error)) but the export wrote\n\(text.prefix(2000))")
        case (.success, .failure(let error)):
            Issue.record("\(hostile): curlew sends it but the export refused: \(error)")
        case (.success(let request), .success(let text)):
            try HostileExpectation.checkCurlScript(text, path: located.path, hostile: hostile)
            let imported = try CurlImporter.parse(text)
            try #require(imported.count == 1, "\(hostile): \(imported.count) requests read back from\n\(text.prefix(2000))")
            // A body that is no command-line word (NUL, invalid UTF-8) is piped in from printf, which the importer
            // reports instead of reading; the live test checks what curl sends.
            var piped = false
            if case .raw(let data, _) = request.body, data.contains(0) || String(data: data, encoding: .utf8) == nil { piped = true }
            if case .json(let text) = request.body, text.unicodeScalars.contains("\0") { piped = true }
            let skipped = imported[0].warnings.filter { $0.message.contains("not a curl command") }
            #expect(skipped.count == (piped ? 1 : 0) && skipped.allSatisfy { $0.location.hasPrefix("printf ") }, "\(hostile): \(imported[0].warnings)")
            var sent = WireRequest(request), readBack = WireRequest(imported[0].request)
            if piped {
                #expect(text.hasPrefix("# \(HostileExpectation.commentLine(located.path))\nprintf '"), "\(hostile): \(text.prefix(300))")
                sent.body = .none
                readBack.body = .none
                readBack.method = sent.method
            }
            #expect(readBack == sent, "\(hostile)\nexported:\n\(text.prefix(3000))\nsent:\n\(sent)\nread back:\n\(readBack)")
        }
    }

    @Test("curl templates keep {{variables}} and read back as the same request", arguments: cases)
    func curlTemplate(_ hostile: HostileCase) throws {
        let collection = hostile.collection(baseURL: Self.baseURL)
        let located = try #require(collection.allRequests.first)
        let refusal = HostileExpectation.curlTemplateRefusal(located, in: collection)
        let exported = Result { try CurlExport.commands(for: [located], in: collection, variables: .keep) }
        switch (refusal, exported) {
        case (nil, .failure(let error)):
            Issue.record("\(hostile): the template was refused: \(error)")
        case (let reason?, .success(let text)):
            Issue.record("\(hostile): expected a refusal (\(reason)) but the export wrote\n\(text.prefix(2000))")
        case (_?, .failure):
            return
        case (nil, .success(let text)):
            try HostileExpectation.checkCurlScript(text, path: located.path, hostile: hostile)
            let imported = try CurlImporter.parse(text)
            try #require(imported.count == 1, "\(hostile): \(imported.count) requests read back from\n\(text.prefix(2000))")
            #expect(!imported[0].warnings.contains { $0.message.contains("not a curl command") }, "\(hostile): \(imported[0].warnings)")
            let readBackRequest = imported[0].savedRequest(name: "read back").request
            let readBack = WireRequest(LocatedRequest(request: readBackRequest, folders: [], location: RequestLocation(requestIndex: 0)),
                                       in: RequestCollection(name: "read back"))
            let original = WireRequest(located, in: collection)
            #expect(readBack == original, "\(hostile)\nexported:\n\(text.prefix(3000))\noriginal:\n\(original)\nread back:\n\(readBack)")
        }
    }

    @Test(".http files read back as the same request", arguments: cases)
    func httpFile(_ hostile: HostileCase) throws {
        try roundTrip(hostile, format: .http) { HTTPFileWriter.write($0).text }
    }

    @Test(".hurl files read back as the same request", arguments: cases)
    func hurlFile(_ hostile: HostileCase) throws {
        try roundTrip(hostile, format: .hurl) { HurlWriter.write($0).text }
    }

    @Test("Postman collections read back as the same request", arguments: cases)
    func postman(_ hostile: HostileCase) throws {
        try roundTrip(hostile, format: .postman) { PostmanWriter.write($0).text }
    }

    /// Where two texts first differ, with a little of each around it.
    static func difference(_ one: String, _ other: String) -> String {
        let a = Array(one.unicodeScalars), b = Array(other.unicodeScalars)
        let offset = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        func around(_ scalars: [Unicode.Scalar]) -> String {
            String(String.UnicodeScalarView(scalars[max(0, offset - 30)..<min(scalars.count, offset + 30)])).debugDescription
        }
        return "read back \(around(a)) where \(around(b)) was expected, at scalar \(offset)"
    }

    /// Exports the case's collection, reads it back, and compares it with the collection the format's rules expect.
    private func roundTrip(_ hostile: HostileCase, format: InterchangeFormat, export: (RequestCollection) -> String) throws {
        let collection = hostile.collection(baseURL: Self.baseURL)
        let text = export(collection)
        let shown = "\(hostile)\nexported:\n\(text.prefix(3000))"
        let imported: RequestCollection
        do {
            imported = try CollectionImport.read(format, data: Data(text.utf8), name: "read back").collection
        } catch {
            Issue.record("\(shown)\ndoes not read back: \(error)")
            return
        }
        let requests = imported.allRequests
        try #require(requests.count == 1, "\(shown)\nread back \(requests.count) requests: \(requests.map(\.path))")
        let expectation = HostileExpectation(format: format, hostile: hostile)
        let expected = expectation.expectedCollection(baseURL: Self.baseURL)
        let expectedRequest = try #require(expected.allRequests.first)
        let readBack = requests[0]
        if expectation.carriesNames {
            #expect(readBack.request.name == expectedRequest.request.name, "\(shown)")
        }
        if expectation.carriesDescriptions {
            #expect(readBack.request.description == expectedRequest.request.description,
                    "\(Self.difference(readBack.request.description, expectedRequest.request.description))\n\(shown)")
        }
        if expectation.carriesFolders {
            #expect(readBack.folders.map(\.name) == expectedRequest.folders.map(\.name), "\(shown)")
        }
        if expectation.carriesVariables {
            let wanted = expected.variables.map { [$0.name, WireRequest.literalPlaceholders($0.value)] }
            #expect(imported.variables.map { [$0.name, WireRequest.literalPlaceholders($0.value)] } == wanted, "\(shown)")
        }
        if expectation.carriesCollectionName {
            #expect(imported.name == expected.name, "\(shown)")
        }
        var wire = WireRequest(readBack, in: imported), wanted = WireRequest(expectedRequest, in: expected)
        if !expectation.carriesBody {
            wire.body = .none
            wanted.body = .none
            wire.headers.removeAll { $0.name.lowercased() == "content-type" }
            wanted.headers.removeAll { $0.name.lowercased() == "content-type" }
        }
        #expect(wire == wanted, "\(wire.bodyDifference(from: wanted))\n\(shown)\nexpected:\n\(wanted)\nread back:\n\(wire)")
    }
}
