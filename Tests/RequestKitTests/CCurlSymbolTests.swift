import Foundation
import Testing
@testable import RequestKit

/// The CCurl shim defines only `ccurl_`-prefixed symbols, so a libcurl that another library loads into
/// the process keeps its own `curl_*` names.
@Suite struct CCurlSymbolTests {
    /// The CCurl objects SwiftPM built beside this test binary (`.build/<triple>/<configuration>/CCurl.build`).
    static func shimObjects() throws -> [URL] {
        let binary = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let folder = binary.deletingLastPathComponent().appendingPathComponent("CCurl.build")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return names.filter { $0.hasSuffix(".o") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The global symbols an object file defines, as `nm` lists them.
    static func definedSymbols(of object: URL) throws -> [String] {
        let output = try CurlExportRoundTripTests.runShell("nm -g --defined-only '\(object.path)'")
        return String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.split(separator: " ").last.map(String.init)
        }
    }

    /// Whether a symbol is one a sanitizer's instrumentation adds to an object, not one the shim defines.
    static func isSanitizerSymbol(_ name: String) -> Bool {
        name.hasPrefix("__asan") || name.hasPrefix("___asan")
    }

    @Test func everyDefinedSymbolCarriesTheShimPrefix() throws {
        let objects = try Self.shimObjects()
        #expect(objects.count >= 3)
        var symbols: [String] = []
        // AddressSanitizer's instrumentation defines symbols of its own in every object (`___asan_globals_registered`).
        for object in objects { symbols += try Self.definedSymbols(of: object).filter { !Self.isSanitizerSymbol($0) } }
        #expect(symbols.contains("ccurl_easy_init"))
        #expect(symbols.contains("ccurl_multi_perform"))
        #expect(symbols.filter { $0.hasPrefix("curl_") }.isEmpty)
        #expect(symbols.filter { !$0.hasPrefix("ccurl_") }.isEmpty)
    }

    @Test func theLibraryIsReachedThroughThePrefixedEntryPoints() {
        #expect(LibraryVersion.libcurl.hasPrefix("libcurl/"))
    }
}
