import Foundation
import RequestKit

extension TrustBoundary {
    /// The request with every file it reads on the collection's behalf passed through `readable`: the body file,
    /// each multipart file, the CA file, the client certificate and key, the pinned certificate, the netrc file and the
    /// Unix socket, each replaced
    /// by its real path (so what is sent is what was checked).
    public func admit(_ request: Request) throws(TrustRefusal) -> Request {
        var admitted = request
        switch request.body {
        case .file(let path, let contentType):
            admitted.body = .file(path: try readable(path, for: "The body file"), contentType: contentType)
        case .multipart(var form):
            for index in form.files.indices {
                let written = form.files[index].path
                form.files[index].path = try readable(written, for: "Multipart file '\(form.files[index].name)'")
                // The part keeps the name it was given, whatever a symlink leads to.
                if form.files[index].fileName == nil { form.files[index].fileName = (written as NSString).lastPathComponent }
            }
            admitted.body = .multipart(form)
        default:
            break
        }
        let options = request.options
        if let path = options.caBundlePath { admitted.options.caBundlePath = try readable(path, for: "The CA file (caFile)") }
        if let path = options.clientCertificatePath { admitted.options.clientCertificatePath = try readable(path, for: "The client certificate") }
        if let path = options.clientKeyPath { admitted.options.clientKeyPath = try readable(path, for: "The client key") }
        if let path = options.pinnedCertificatePath { admitted.options.pinnedCertificatePath = try readable(path, for: "The pinned certificate") }
        if options.netrc != .ignored {
            // Without a file of its own, libcurl reads the user's ~/.netrc: a file outside the root like any other.
            let path = options.netrcFile ?? NSString(string: "~/.netrc").expandingTildeInPath
            admitted.options.netrcFile = try readable(path, for: options.netrcFile == nil ? "The user's netrc file (netrc)" : "The netrc file (netrc-file)")
        }
        if let path = options.unixSocketPath { admitted.options.unixSocketPath = try readable(path, for: "The Unix socket (unix-socket)") }
        return admitted
    }
}
