import Foundation

/// A file written in order through a small buffer, flushed when the buffer fills and when it closes.
final class ReportFile {
    /// The path, for error messages.
    let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private static let bufferLimit = 64 * 1024

    /// Creates or truncates the file.
    init(path: String) throws(RunReportError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RunReportError(file: path, message: String(cString: strerror(errno))) }
        buffer.reserveCapacity(Self.bufferLimit)
    }

    deinit {
        if descriptor >= 0 { Foundation.close(descriptor) }
    }

    /// Appends text.
    func write(_ text: String) throws(RunReportError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Appends bytes.
    func write(_ bytes: [UInt8]) throws(RunReportError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Writes the buffer out.
    func flush() throws(RunReportError) {
        guard descriptor >= 0 else { throw RunReportError(file: path, message: "the file is already closed") }
        var offset = 0
        let failure: Int32? = buffer.withUnsafeBytes { raw in
            while offset < raw.count {
                guard let base = raw.baseAddress else { return nil }
                let written = Foundation.write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw RunReportError(file: path, message: String(cString: strerror(failure))) }
    }

    /// Flushes and closes the file.
    func close() throws(RunReportError) {
        try flush()
        if Foundation.close(descriptor) != 0 {
            descriptor = -1
            throw RunReportError(file: path, message: String(cString: strerror(errno)))
        }
        descriptor = -1
    }
}

/// An unnamed temporary file that holds the testcases of an open suite until its totals are known.
final class SpoolFile {
    private var descriptor: Int32
    private let reportPath: String

    /// Creates the spool (already unlinked, so nothing is left behind).
    init(for reportPath: String) throws(RunReportError) {
        self.reportPath = reportPath
        var template = Array((NSTemporaryDirectory() + "/curlew-report-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw RunReportError(file: reportPath, message: "no temporary file: \(String(cString: strerror(errno)))") }
        unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    deinit {
        close(descriptor)
    }

    /// Appends text.
    func write(_ text: String) throws(RunReportError) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return 0 }
                return Foundation.write(descriptor, base + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw RunReportError(file: reportPath, message: "cannot write a temporary file: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Copies everything written so far to the report and empties the spool.
    func drain(into file: ReportFile) throws(RunReportError) {
        lseek(descriptor, 0, SEEK_SET)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return 0 }
                return read(descriptor, base, raw.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw RunReportError(file: reportPath, message: "cannot read a temporary file: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            try file.write(Array(chunk[0..<count]))
        }
        _ = ftruncate(descriptor, 0)
        lseek(descriptor, 0, SEEK_SET)
    }
}
