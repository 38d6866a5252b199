import RequestKit
import Locking

/// The JSONPath queries of checks and captures, each parsed once for a whole run instead of once per response.
///
/// Holds at most `limit` queries (texts after variables are filled in can differ from response to response);
/// when full it starts over.
enum ParsedJSONPaths {
    /// How many parsed queries are kept at most.
    static let limit = 256

    private static let cache = Locked<[String: JSONPath]>([:])

    /// The parsed query for a text, or why it does not parse.
    static func path(for expression: String) throws(EvaluationProblem) -> JSONPath {
        if let known = cache.withLock({ $0[expression] }) { return known }
        let path: JSONPath
        do {
            path = try JSONPath.parse(expression)
        } catch {
            throw EvaluationProblem("the JSONPath \(CheckValueRenderer.quoted(expression, limit: 200)) does not parse: \(error)")
        }
        cache.withLock { paths in
            if paths.count >= limit { paths.removeAll(keepingCapacity: true) }
            paths[expression] = path
        }
        return path
    }
}
