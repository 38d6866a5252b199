import Foundation
import RequestStore

/// The store's files: collections, environments, secrets, history, cookie jars, and the check lines and
/// GraphQL bodies inside saved requests.
enum StoreFuzzTargets {
    /// The store targets.
    static let all: [FuzzTarget] = [
        FuzzTarget("variable-templates", seeds: ["Tests/Fuzz/seeds/templates"]) { data throws(FuzzViolation) in
            // `{{…}}` with built-ins, `$date`, prompts and Hurl's functions: the same seed and clock give the same text,
            // and without a prompter nothing is asked.
            let text = String(decoding: data, as: UTF8.self)
            func resolved() -> String {
                var builtins = BuiltinValues.seeded(7)
                builtins.now = { Date(timeIntervalSince1970: 1_700_000_000) }
                let scope = VariableScope(commandLine: ["Code": "1", "Region": "us", "name": "{{name}}"], builtins: builtins)
                do { return try VariableResolver.resolve(text, in: scope, location: "the URL") } catch { return error.description }
            }
            try FuzzViolation.require(resolved() == resolved(), "one seed and one clock resolved \(text.debugDescription) two ways")
        },
        FuzzTarget("collection-reader", seeds: ["sample-requests"]) { data in
            if let collection = try? RequestCollection.decode(from: data, file: "fuzz.json") { _ = try? collection.encoded() }
        },
        FuzzTarget("environment-reader", seeds: ["Tests/Fuzz/seeds/environment", "sample-requests"]) { data throws(FuzzViolation) in
            // An environment that reads must be written and read back to the same environment.
            guard let environment = try? Environment.decodeDocument(from: data, file: "fuzz.env.json") else { return }
            guard let written = try? CanonicalJSON.encode(environment) else { throw FuzzViolation("an environment that was read could not be written") }
            let again = try? Environment.decodeDocument(from: written, file: "fuzz.env.json")
            try FuzzViolation.require(again == environment, "an environment did not survive writing and reading")
        },
        FuzzTarget("secrets-reader", seeds: ["Tests/Fuzz/seeds/secrets"]) { data throws(FuzzViolation) in
            // A secrets file that reads must be written and read back to the same values.
            guard let secrets = try? CanonicalJSON.decode(SecretsFile.self, from: data, file: "fuzz.secrets.json") else { return }
            guard let written = try? CanonicalJSON.encode(secrets) else { throw FuzzViolation("a secrets file that was read could not be written") }
            let again = try? CanonicalJSON.decode(SecretsFile.self, from: written, file: "fuzz.secrets.json")
            try FuzzViolation.require(again == secrets, "a secrets file did not survive writing and reading")
        },
        FuzzTarget("history-reader", seeds: ["Tests/Fuzz/seeds/history"]) { data in
            // The reader on bytes in memory; the checks on the file itself stay with the file path.
            _ = HistoryFile.parse(data).entries.count
            let index = HistoryFile.index(of: data, path: "fuzz.jsonl")
            for summary in index.summaries { _ = try? index.entry(summary) }
        },
        FuzzTarget("cookie-jar", seeds: ["Tests/Fuzz/seeds/cookie-jar"]) { data throws(FuzzViolation) in
            // A jar that reads must be written and read back to the same cookies.
            guard let cookies = try? CookieJarFile.parse(data, file: "fuzz.txt") else { return }
            let again = try? CookieJarFile.parse(Data(CookieJarFile.render(cookies).utf8), file: "fuzz.txt")
            try FuzzViolation.require(again == cookies, "a cookie jar did not survive writing and reading")
        },
        FuzzTarget("graphql-envelope", seeds: ["Tests/Fuzz/seeds/graphql"]) { data throws(FuzzViolation) in
            // A recognised envelope, written again, must be recognised as the same operation.
            guard let body = GraphQLBody.recognize(json: String(decoding: data, as: UTF8.self)) else { return }
            try FuzzViolation.require(GraphQLBody.recognize(json: body.envelope) == body, "a GraphQL envelope did not survive writing and reading")
        },
        FuzzTarget("check-parser", seeds: ["Tests/Fuzz/seeds/checks"]) { data in
            let text = String(decoding: data, as: UTF8.self)
            _ = try? Check.parse(text)
            _ = try? CaptureRule.parse(text)
        },
        FuzzTarget("history-time", seeds: ["Tests/Fuzz/seeds/history-time"]) { data in
            // `--since` and `--until`: a date, a date-time or an age.
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let utc = TimeZone(identifier: "UTC") ?? .current
            _ = try? HistoryTimeBound.parse(String(decoding: data, as: UTF8.self), now: now, timeZone: utc)
        },
    ]
}
