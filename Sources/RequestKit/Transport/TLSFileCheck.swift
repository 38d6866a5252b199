import Foundation

/// Checks the certificate, key and netrc files of the options before libcurl opens them: libcurl would wait forever on a
/// FIFO (ignoring the timeout and cancellation), so anything that exists but is not a regular file is refused. A
/// missing or unreadable file is left to libcurl, whose error names it.
enum TLSFileCheck {
    /// Refuses the first file of `options` that is not a regular file.
    static func check(_ options: RequestOptions) throws(NetworkError) {
        let files: [(RequestSetting, String?)] = [
            (.caFile, options.caBundlePath), (.clientCertificate, options.clientCertificatePath),
            (.clientKey, options.clientKeyPath), (.pinnedCertificate, options.pinnedCertificatePath),
            (.netrcFile, options.netrc == .ignored ? nil : options.netrcFile),
        ]
        for case let (setting, path?) in files {
            if let kind = irregularKind(of: path) { throw .unusableTLSFile(setting: setting, path: path, kind: kind) }
        }
    }

    /// What the path names when it exists and is not a regular file (symbolic links followed); nil otherwise.
    static func irregularKind(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO (a named pipe)"
        case S_IFDIR: return "a folder"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}
