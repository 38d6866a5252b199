// A helper process for the RequestStore tests: appends history entries, or saves a collection in a loop,
// so that tests can run several real processes at once and kill one mid-write.
import Foundation
import RequestKit
import RequestStore

/// Writes a line to standard output at once, so the test reading the pipe sees it.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "append":
    // append HISTORY-FILE COUNT TAG: appends COUNT entries with ids TAG-0 … TAG-(COUNT-1).
    guard arguments.count == 4, let count = Int(arguments[2]) else {
        FileHandle.standardError.write(Data("usage: store-test-helper append HISTORY-FILE COUNT TAG\n".utf8))
        exit(2)
    }
    let file = HistoryFile(path: arguments[1])
    let tag = arguments[3]
    let padding = String(repeating: tag, count: 3000 / max(tag.count, 1))
    for index in 0..<count {
        let entry = HistoryEntry(
            id: "\(tag)-\(index)", method: .post, url: "http://127.0.0.1/\(tag)/\(index)", status: 200, reason: "OK",
            request: HistoryRequest(body: padding, bodySize: padding.utf8.count))
        do {
            try file.append(entry)
        } catch {
            FileHandle.standardError.write(Data("append failed: \(error)\n".utf8))
            exit(1)
        }
    }
case "append-limited":
    // append-limited HISTORY-FILE MAX-BYTES ID: appends one entry of about 3 KB with files limited to MAX-BYTES
    // (RLIMIT_FSIZE, as a full disk), so that the write stops part way; prints "appended" or the error.
    guard arguments.count == 4, let limit = UInt(arguments[2]) else {
        FileHandle.standardError.write(Data("usage: store-test-helper append-limited HISTORY-FILE MAX-BYTES ID\n".utf8))
        exit(2)
    }
    signal(SIGXFSZ, SIG_IGN)
    var bound = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t(limit))
    guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &bound) == 0 else {
        FileHandle.standardError.write(Data("setrlimit failed\n".utf8))
        exit(2)
    }
    let padding = String(repeating: "x", count: 3000)
    let entry = HistoryEntry(
        id: arguments[3], method: .post, url: "http://127.0.0.1/limited", status: 200, reason: "OK",
        request: HistoryRequest(body: padding, bodySize: padding.utf8.count))
    do {
        try HistoryFile(path: arguments[1]).append(entry)
        report("appended")
    } catch {
        report("failed: \(error)")
        exit(1)
    }
case "save-loop":
    // save-loop COLLECTION-FILE: saves two versions of the collection in turn, forever, printing "saved N" after each.
    guard arguments.count == 2 else {
        FileHandle.standardError.write(Data("usage: store-test-helper save-loop COLLECTION-FILE\n".utf8))
        exit(2)
    }
    do {
        var stored = try CollectionFile.load(arguments[1])
        var small = stored.document
        small.description = "small"
        var large = stored.document
        large.description = String(repeating: "large ", count: 20_000)
        var count = 0
        while true {
            stored = try stored.saving(count % 2 == 0 ? large : small)
            count += 1
            report("saved \(count)")
        }
    } catch {
        FileHandle.standardError.write(Data("save-loop failed: \(error)\n".utf8))
        exit(1)
    }
default:
    FileHandle.standardError.write(Data("usage: store-test-helper append|append-limited|save-loop …\n".utf8))
    exit(2)
}
