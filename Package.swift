// swift-tools-version:6.0
import PackageDescription

// Supported: Linux with glibc (built and tested on Debian 12). The C shims open the Linux sonames
// libcurl.so.4, libcrypto.so.3, libxml2.so.2 and libyaml-0.so.2 with dlopen and link ncursesw, so
// no other platform is declared: neither the app nor the libraries are built or tested on macOS.
let package = Package(
    name: "curlew",
    products: [
        .library(name: "RequestKit", targets: ["RequestKit"]),
        .library(name: "RequestStore", targets: ["RequestStore"]),
        .library(name: "TUICore", targets: ["TUICore"]),
        .library(name: "RequestKitTesting", targets: ["RequestKitTesting"]),
        .executable(name: "curlew", targets: ["curlew"]),
    ],
    targets: [
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CNCurses", linkerSettings: [.linkedLibrary("ncursesw")]),
        .target(name: "CXML", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])], linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CYAML", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CWakeup"),
        .target(name: "Wakeup", dependencies: ["CWakeup"]),
        .target(name: "TerminalSafety"),
        .target(name: "CLocking"),
        .target(name: "Locking", dependencies: ["CLocking"]),
        .target(name: "RequestKit", dependencies: ["CCurl", "Wakeup", "TerminalSafety", "Locking"]),
        .target(name: "RequestKitTesting", dependencies: ["RequestKit", "Locking"]),
        .target(name: "RequestStore", dependencies: ["RequestKit", "CYAML", "Locking"]),
        .target(name: "BodyIndex", dependencies: ["RequestKit", "CXML", "Locking"]),
        .target(name: "Replay", dependencies: ["RequestKit", "RequestStore", "CXML", "Locking"]),
        .target(name: "CommandLineArguments", dependencies: ["RequestKit", "RequestStore"]),
        .target(name: "TUICore", dependencies: ["Wakeup", "TerminalSafety", "Locking"]),
        .target(name: "Terminal", dependencies: ["TUICore", "Wakeup", "CNCurses"]),
        .target(name: "TUITesting", dependencies: ["TUICore", "Wakeup"]),
        .target(name: "Explorer", dependencies: ["RequestKit", "RequestStore", "Replay", "BodyIndex", "TUICore", "TerminalSafety", "Locking"]),
        .executableTarget(name: "curlew", dependencies: ["RequestKit", "RequestStore", "Replay", "Explorer", "Terminal", "TUICore", "TerminalSafety", "CommandLineArguments", "Locking"]),
        .target(name: "FuzzTargets", dependencies: ["RequestKit", "RequestStore", "Replay", "BodyIndex", "TUICore", "Terminal", "CommandLineArguments", "Explorer"], path: "Fuzz/FuzzTargets"),
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(name: "curlew-fuzz", dependencies: ["FuzzTargets", "CLibFuzzer"], path: "Fuzz/curlew-fuzz"),
        .executableTarget(name: "curlew-bench", dependencies: ["RequestKit", "RequestStore", "TUICore", "Wakeup", "BodyIndex", "Explorer"], path: "Benchmarks/curlew-bench"),
        .target(name: "TestServers", dependencies: ["Locking"], path: "Tests/TestServers"),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "RequestKitTests", dependencies: ["RequestKit", "RequestKitTesting", "Wakeup", "TestServers", "TestSupport", "Locking"]),
        .executableTarget(name: "store-test-helper", dependencies: ["RequestStore", "RequestKit"], path: "Tests/StoreTestHelper"),
        .testTarget(name: "RequestStoreTests", dependencies: ["RequestStore", "RequestKit", "TestSupport", "Locking"], exclude: ["Fixtures"]),
        .testTarget(name: "BodyIndexTests", dependencies: ["BodyIndex", "RequestKit"]),
        .testTarget(name: "ReplayTests", dependencies: ["Replay", "RequestKit", "RequestKitTesting", "RequestStore", "TestServers", "TestSupport"]),
        .testTarget(name: "TUICoreTests", dependencies: ["TUICore", "TUITesting", "TerminalSafety"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TUICore"]),
        .testTarget(name: "ExplorerTests", dependencies: ["Explorer", "Replay", "TUICore", "TUITesting", "RequestKit", "RequestKitTesting", "RequestStore", "TestServers", "TestSupport", "Locking"], exclude: ["__Snapshots__"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"]),
        .testTarget(name: "CurlewTests", dependencies: ["RequestKit", "RequestStore", "TestServers", "TestSupport", "Locking"]),
    ],
    swiftLanguageModes: [.v6]
)
