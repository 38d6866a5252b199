import Foundation
import Testing

/// `make install DESTDIR=… PREFIX=/usr` with the binary under test, checked file by file, then `make uninstall`.
@Suite struct InstallTests {
    /// Every file install writes, under the prefix, with its mode.
    static let files: [(path: String, mode: Int)] = [
        ("bin/curlew", 0o755),
        ("share/curlew/themes/dark.json", 0o644),
        ("share/curlew/themes/light.json", 0o644),
        ("share/curlew/themes/high-contrast.json", 0o644),
        ("share/curlew/themes/monochrome.json", 0o644),
        ("share/curlew/themes/solarized-dark.json", 0o644),
        ("share/man/man1/curlew.1", 0o644),
        ("share/man/man1/curlew-send.1", 0o644),
        ("share/man/man1/curlew-run.1", 0o644),
        ("share/man/man1/curlew-import.1", 0o644),
        ("share/man/man1/curlew-export.1", 0o644),
        ("share/man/man1/curlew-history.1", 0o644),
        ("share/man/man1/curlew-auth.1", 0o644),
        ("share/man/man5/curlew-collection.5", 0o644),
        ("share/bash-completion/completions/curlew", 0o644),
        ("share/zsh/site-functions/_curlew", 0o644),
        ("share/fish/vendor_completions.d/curlew.fish", 0o644),
    ]

    @Test("installs every file, the binary finds the themes beside its prefix, uninstall removes them all")
    func installAndUninstall() async throws {
        let fixture = try ShellFixture()
        let destination = fixture.path + "/stage"
        let make = ["-C", ManPageTests.packageRoot, "DESTDIR=" + destination, "PREFIX=/usr", "BINARY=" + ProcessRunner.curlewPath]
        let installed = try await ProcessRunner.run("/usr/bin/make", make + ["install"])
        #expect(installed.status == 0, "\(installed.errorOutput)")
        let root = destination + "/usr/"
        let written = try FileManager.default.subpathsOfDirectory(atPath: root).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(Set(written) == Set(Self.files.map(\.path)), "\(written.sorted())")
        for file in Self.files {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + file.path)
            #expect((attributes[.posixPermissions] as? Int) == file.mode, "\(file.path)")
            #expect(((attributes[.size] as? Int) ?? 0) > 0, "\(file.path) is empty")
        }
        let source = try Data(contentsOf: URL(fileURLWithPath: ManPageTests.packageRoot + "/themes/solarized-dark.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "share/curlew/themes/solarized-dark.json")) == source)
        let bash = try await ProcessRunner.curlew(["completions", "bash"])
        #expect(try String(contentsOfFile: root + "share/bash-completion/completions/curlew", encoding: .utf8) == bash.output)

        // The installed binary, run from $PATH in another folder, lists the themes from ../share/curlew/themes.
        var environment = fixture.environment
        environment["PATH"] = root + "bin:/usr/bin:/bin"
        let themes = try await ProcessRunner.run("/bin/sh", ["-c", "cd / && curlew __complete zsh 'curlew --theme '"], environment: environment)
        let names = themes.output.split(separator: "\n").dropFirst().map(String.init)
        #expect(names == ["dark", "high-contrast", "light", "monochrome", "solarized-dark"], "\(themes.output) \(themes.errorOutput)")
        let missing = try await ProcessRunner.run("/bin/sh", ["-c", "cd / && curlew --theme no-such-theme"], environment: environment)
        #expect(missing.status == 2)
        #expect(missing.errorOutput.contains(root + "share/curlew/themes"), "\(missing.errorOutput)")
        #expect(missing.errorOutput.contains("solarized-dark"))

        let manual = try await ProcessRunner.run("/bin/sh", ["-c", "MANWIDTH=80 man -l '\(root)share/man/man1/curlew-run.1' 2>&1"], environment: ["MANPAGER": "cat"])
        #expect(manual.output.contains("CURLEW-RUN(1)"))

        let removed = try await ProcessRunner.run("/usr/bin/make", make + ["uninstall"])
        #expect(removed.status == 0, "\(removed.errorOutput)")
        let left = try FileManager.default.subpathsOfDirectory(atPath: root).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(left.isEmpty, "\(left)")
    }
}
