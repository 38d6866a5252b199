import Foundation
import Testing
@testable import RequestStore
import TestSupport

/// The Netscape cookie file: strict reading with line numbers, bounds, canonical writing with mode 0600, jar paths.
@Suite struct CookieJarFileTests {
    private func temporaryFolder() throws -> String {
        let path = TemporaryFolder.path("curlew-cookies")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func curlsFormatIsRead() throws {
        let text = """
        # Netscape HTTP Cookie File
        # https://curl.se/docs/http-cookies.html

        .example.com\tTRUE\t/\tTRUE\t1893456000\ttheme\tdark
        #HttpOnly_api.example.com\tFALSE\t/v1\tFALSE\t0\tsid\ta b=c
        """
        let cookies = try CookieJarFile.parse(Data(text.utf8), file: "jar.txt")
        #expect(cookies == [
            StoredCookie(domain: "example.com", includeSubdomains: true, path: "/", secure: true, expires: 1_893_456_000, name: "theme", value: "dark"),
            StoredCookie(domain: "api.example.com", path: "/v1", httpOnly: true, name: "sid", value: "a b=c"),
        ])
    }

    @Test func writingAndReadingGiveTheSameCookies() throws {
        let cookies = [
            StoredCookie(domain: "127.0.0.1", name: "a", value: "1"),
            StoredCookie(domain: "example.org", includeSubdomains: true, path: "/x", secure: true, httpOnly: true, expires: 2_000_000_000, name: "b", value: ""),
        ]
        let path = try temporaryFolder() + "/nested/jar.cookies.txt"
        try CookieJarFile.write(cookies, to: path)
        #expect(try CookieJarFile.read(path) == cookies)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# Netscape HTTP Cookie File\n"))
        #expect(text.contains("#HttpOnly_.example.org\tTRUE\t/x\tTRUE\t2000000000\tb\t\n"))
    }

    @Test func theFileIsPrivateAndReplacedWhole() throws {
        let path = try temporaryFolder() + "/jar.txt"
        _ = FileManager.default.createFile(atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644])
        try CookieJarFile.write([StoredCookie(domain: "h", name: "n", value: "v")], to: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try CookieJarFile.read(path).map(\.name) == ["n"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(leftovers == ["jar.txt"])
    }

    @Test func aJarTooBigForItsReaderIsWrittenWithoutItsOldestCookies() throws {
        let path = try temporaryFolder() + "/jar.txt"
        let cookies = (0..<400).map { StoredCookie(domain: "127.0.0.1", name: "c\($0)", value: String(repeating: "v", count: 3000)) }
        let save = try CookieJarFile.write(cookies, to: path)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).intValue
        #expect(size <= CookieJarFile.maximumBytes)
        let read = try CookieJarFile.read(path)
        #expect(read == save.cookies)
        #expect(save.dropped > 0)
        #expect(save.dropped + read.count == 400)
        #expect(read.first?.name == "c\(save.dropped)")
        #expect(read.last?.name == "c399")
        #expect(save.warning(path: path)?.contains("\(save.dropped) oldest cookies were dropped") == true)
        #expect(try CookieJarFile.write(read, to: path).warning(path: path) == nil)
    }

    @Test func aJarOverTheCookieCountKeepsTheNewest() throws {
        let cookies = (0..<(CookieJarFile.maximumCookies + 5)).map { StoredCookie(domain: "h", name: "n\($0)", value: "") }
        let save = CookieJarFile.fitting(cookies)
        #expect(save.dropped == 5)
        #expect(save.cookies.first?.name == "n5")
    }

    @Test func cookiesKeepTheAgeOrderOfTheFileWrittenLast() {
        let previous = [StoredCookie(domain: "b.example", name: "old", value: "1"), StoredCookie(domain: "a.example", name: "mid", value: "2")]
        let current = [StoredCookie(domain: "new.example", name: "new", value: "3"), StoredCookie(domain: "A.example", name: "mid", value: "changed"),
                       StoredCookie(domain: "b.example", name: "old", value: "1")]
        #expect(CookieJarFile.oldestFirst(current, previous: previous).map(\.name) == ["old", "mid", "new"])
    }

    @Test func aMissingFileIsAnEmptyJar() throws {
        #expect(try CookieJarFile.read(try temporaryFolder() + "/none.txt").isEmpty)
    }

    @Test func badLinesAreReportedWithTheirNumbers() throws {
        let text = """
        # Netscape HTTP Cookie File
        good.example\tFALSE\t/\tFALSE\t0\tok\t1
        only\tthree\tfields
        bad.example\tMAYBE\t/\tFALSE\t0\tn\tv
        bad.example\tFALSE\tnoslash\tFALSE\t0\tn\tv
        bad.example\tFALSE\t/\tFALSE\t99999999999999999999\tn\tv
        bad.example\tFALSE\t/\tFALSE\t-5\tn\tv
        bad.example\tFALSE\t/\tFALSE\t0\t\tv
        """
        #expect {
            try CookieJarFile.parse(Data(text.utf8), file: "jar.txt")
        } throws: { error in
            guard case .malformed(let path, let problems)? = error as? CookieJarError else { return false }
            return path == "jar.txt" && problems.map(\.line) == [3, 4, 5, 6, 7, 8]
        }
        var message = ""
        do {
            _ = try CookieJarFile.parse(Data(text.utf8), file: "jar.txt")
        } catch {
            message = error.description
        }
        #expect(message.contains("jar.txt:3: has 3 tab-separated fields"))
        #expect(message.contains("jar.txt:4: the second field (subdomains) must be TRUE or FALSE"))
        #expect(message.contains("… and 1 more bad lines"))
    }

    @Test func aDomainWithTwoLeadingDotsIsRefused() throws {
        // Found by the fuzzer: stripping one dot left a domain that read back differently.
        #expect(throws: CookieJarError.self) { try CookieJarFile.parse(Data("..example.com\tFALSE\t/\tFALSE\t0\tn\tv\n".utf8), file: "jar.txt") }
    }

    @Test func controlCharactersInAValueAreRefused() throws {
        let text = "h\tFALSE\t/\tFALSE\t0\tn\tv\u{1B}[31m\n"
        #expect(throws: CookieJarError.self) { try CookieJarFile.parse(Data(text.utf8), file: "jar.txt") }
    }

    @Test func oversizedAndNonTextFilesAreRefused() throws {
        let big = Data(repeating: UInt8(ascii: "#"), count: CookieJarFile.maximumBytes + 1)
        #expect(throws: CookieJarError.tooLarge(path: "big", bytes: big.count)) { try CookieJarFile.parse(big, file: "big") }
        #expect(throws: CookieJarError.notText(path: "bin")) { try CookieJarFile.parse(Data([0xFF, 0xFE, 0x00]), file: "bin") }
    }

    @Test func libcurlLinesThatAreNotCookiesAreLeftOut() {
        let cookies = CookieJarFile.cookies(fromLines: ["h\tFALSE\t/\tFALSE\t0\tn\tv", "garbage"])
        #expect(cookies.map(\.name) == ["n"])
    }

    @Test func jarsAreKeptPerCollectionAndEnvironment() {
        let paths = StorePaths(dataDirectory: "/data", configDirectory: "/config")
        let shopDev = paths.cookieJarFile(collection: "/work/api/shop.json", environment: "dev")
        let shopProd = paths.cookieJarFile(collection: "/work/api/shop.json", environment: "prod")
        let shopNone = paths.cookieJarFile(collection: "/work/api/shop.json", environment: nil)
        let otherShop = paths.cookieJarFile(collection: "/elsewhere/shop.json", environment: "dev")
        #expect(shopDev.hasPrefix("/data/cookies/shop-"))
        #expect(shopDev.hasSuffix(".dev.cookies.txt"))
        #expect(shopNone.hasSuffix(".default.cookies.txt"))
        #expect(Set([shopDev, shopProd, shopNone, otherShop]).count == 4)
        #expect(paths.cookieJarFile(collection: "/work/api/../api/shop.json", environment: "dev") == shopDev)
        #expect(!paths.cookieJarFile(collection: "/x/a b;rm.json", environment: "../up").contains(".."))
    }
}
