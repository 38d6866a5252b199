import Foundation
import RequestKit

/// curl's connection and credential flags that `curlew run` and `curlew send` share (`--connect-to`, `--resolve`,
/// `--path-as-is`, `--limit-rate`, `--location-trusted`, `--digest`, `--netrc-file`, `-4`, …), read into one value.
package struct ConnectionOptions: Hashable, Sendable {
    /// The settings laid over every request's options.
    package var connection = ConnectionDefaults()
    /// `--digest`, `--ntlm`, `--negotiate` or `--aws-sigv4 PROVIDER`, the last one given winning.
    package var authScheme: HTTPAuthScheme?
    /// The credentials given with the scheme itself (`--digest=USER:PASS`, `--ntlm=USER:PASS`,
    /// `--aws-credentials KEY:SECRET[:SESSION]`), used in place of `--user`'s.
    package var schemeLogin: SchemeLogin?

    /// Creates options that change nothing.
    package init() {}

    /// The flags, for the tables of `run` and `send`.
    package static let specs: [OptionSpec] = [
        .value("--connect-to", "HOST:PORT:CONNECT-TO-HOST:CONNECT-TO-PORT", .text, "Connect to the second host and port for requests to the first (repeatable; the URL, Host and TLS name stay)."),
        .value("--resolve", "HOST:PORT:ADDRESS[,ADDRESS]", .text, "Resolve HOST:PORT to ADDRESS without DNS (repeatable)."),
        .flag("--ipv4", "4", "Resolve host names to IPv4 addresses only."),
        .flag("--ipv6", "6", "Resolve host names to IPv6 addresses only."),
        .value("--unix-socket", "PATH", .file, "Connect through the Unix domain socket PATH instead of the URL's host and port."),
        .flag("--path-as-is", "Send /../ and /./ in the URL's path as written."),
        .value("--limit-rate", "SPEED", .text, "Send and receive at most SPEED bytes a second (k, M, G suffixes)."),
        .flag("--location-trusted", "Follow redirects and send the credentials (Authorization, --user) to the other hosts they lead to."),
        .flag("--digest", "Use the credentials for HTTP Digest authentication (--digest=USER:PASS gives them too)."),
        .flag("--ntlm", "Use the credentials for NTLM authentication (--ntlm=USER:PASS gives them too)."),
        .flag("--negotiate", "Use SPNEGO (Kerberos) authentication; without credentials, the system's ticket."),
        .value("--aws-sigv4", "PROVIDER1[:PROVIDER2[:REGION[:SERVICE]]]", .text, "Sign requests with AWS SigV4; the user is the access key, the password the secret key."),
        .value("--aws-credentials", "KEY:SECRET[:SESSION]", .text, "The access key, secret key and session token --aws-sigv4 signs with."),
        .flag("--netrc", "n", "Take credentials from ~/.netrc."),
        .flag("--netrc-optional", "Take credentials from ~/.netrc (or --netrc-file) when the request has none."),
        .value("--netrc-file", "FILE", .file, "Take credentials from FILE instead of ~/.netrc (your own file: the file root does not apply)."),
    ]

    /// Every name the flags answer to.
    package static let names: Set<String> = Set(specs.flatMap(\.names))

    /// Reads one of the flags; false when `option` is not one of them.
    package mutating func read(_ option: String, reader: inout ArgumentReader) throws(UsageError) -> Bool {
        switch option {
        case "--connect-to":
            let text = try reader.value(of: option)
            if let problem = ConnectionOverride.connectToProblem(text) { throw UsageError(message: "--connect-to \(problem)") }
            connection.connectTo.append(text)
        case "--resolve":
            let text = try reader.value(of: option)
            if let problem = ConnectionOverride.resolveProblem(text) { throw UsageError(message: "--resolve \(problem)") }
            connection.resolve.append(text)
        case "--ipv4", "-4": connection.ipVersion = .v4
        case "--ipv6", "-6": connection.ipVersion = .v6
        case "--unix-socket": connection.unixSocketPath = try Self.userFile(option, &reader)
        case "--path-as-is": connection.pathAsIs = true
        case "--limit-rate":
            let text = try reader.value(of: option)
            switch NumberReading.byteCount(text) {
            case .success(let rate) where rate > 0: connection.rateLimit = rate
            case .success: throw UsageError(message: "--limit-rate needs at least 1 byte a second, not '\(text)'")
            case .failure(let refusal): throw UsageError(message: "--limit-rate: \(refusal.reason)")
            }
        case "--location-trusted": connection.redirectCredentials = true
        case "--digest", "--ntlm":
            authScheme = option == "--digest" ? .digest : .ntlm
            if let text = reader.inlineValueIfWritten() { schemeLogin = try SchemeLogin.user(text, option: option) }
        case "--negotiate": authScheme = .negotiate
        case "--aws-sigv4":
            let text = try reader.value(of: option)
            if let problem = HTTPAuthScheme.awsProviderProblem(text) { throw UsageError(message: "--aws-sigv4 \(problem)") }
            authScheme = .awsSigV4(provider: text)
        case "--aws-credentials":
            schemeLogin = try SchemeLogin.aws(try reader.value(of: option))
        case "--netrc", "-n": connection.netrc = .required
        case "--netrc-optional": connection.netrc = .optional
        case "--netrc-file":
            connection.netrcFile = try Self.userFile(option, &reader)
            if connection.netrc == .ignored { connection.netrc = .required }
        default:
            return false
        }
        return true
    }

    /// Checks the flags against each other once all are read: AWS credentials need `--aws-sigv4`.
    package func validate() throws(UsageError) {
        if schemeLogin?.sessionToken != nil || schemeLogin?.isAWS == true, !(authScheme.map { if case .awsSigV4 = $0 { true } else { false } } ?? false) {
            throw UsageError(message: "--aws-credentials signs only with --aws-sigv4 aws:amz:REGION:SERVICE; add it")
        }
    }

    /// Credentials in the scheme the flags name: the scheme's own login first, then those of `auth`; a bearer
    /// token stays as it is.
    package func carried(_ auth: Auth) -> Auth {
        guard let authScheme else { return auth }
        if let schemeLogin { return .scheme(authScheme, user: schemeLogin.user, password: schemeLogin.password) }
        return auth.carried(by: authScheme)
    }

    /// Puts the scheme and its login on a request, with the AWS session token as `X-Amz-Security-Token` (which
    /// libcurl signs) and masked wherever the exchange is kept.
    package func apply(to request: inout Request) {
        request.auth = carried(request.auth)
        if let token = schemeLogin?.sessionToken {
            request.headers.set(name: "X-Amz-Security-Token", value: token)
            request.maskedValues.append(token)
        }
    }

    /// A file of the user's own, as an absolute path; it must exist.
    private static func userFile(_ option: String, _ reader: inout ArgumentReader) throws(UsageError) -> String {
        let text = try reader.value(of: option)
        let path = text.hasPrefix("/") ? text : FileManager.default.currentDirectoryPath + "/" + text
        guard FileManager.default.fileExists(atPath: path) else { throw UsageError(message: "\(option) cannot find '\(text)'") }
        return path
    }
}
