import Foundation
import RequestKit

/// A GraphQL operation as a request body: the query document, its variables as JSON object text, and an optional
/// operation name. It is sent as the standard JSON envelope `{"query": …, "variables": {…}, "operationName": …}`
/// with Content-Type `application/json`.
public struct GraphQLBody: Hashable, Sendable {
    /// The query (or mutation, or subscription) document.
    public var query: String
    /// The variables as JSON object text, kept as typed (even when it is not valid JSON yet); empty for none.
    public var variables: String
    /// The operation to run when the document holds several; nil or empty for none.
    public var operationName: String?

    /// Creates a GraphQL body.
    public init(query: String, variables: String = "", operationName: String? = nil) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }

    /// Why the variables text cannot be sent, or nil when it is empty or a JSON object. `{{templates}}` are
    /// expected to be resolved first.
    public static func variablesProblem(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        do {
            guard case .object = try OrderedJSON.parse(Array(trimmed.utf8)) else {
                return "The GraphQL variables must be a JSON object such as {\"id\": 1}; fix them in the Body tab (your text is kept)."
            }
            return nil
        } catch {
            return "The GraphQL variables are not valid JSON (\(error.message)); fix them in the Body tab (your text is kept)."
        }
    }

    /// The JSON envelope for a query, variables text and an operation name, on one line: variables that are a
    /// JSON object are written compactly, other text (e.g. with `{{templates}}` still in it) as it is, `{}` when empty.
    public static func envelope(query: String, variables: String, operationName: String?) -> String {
        let trimmed = variables.trimmingCharacters(in: .whitespacesAndNewlines)
        var written = trimmed.isEmpty ? "{}" : trimmed
        if let tree = try? OrderedJSON.parse(Array(trimmed.utf8)), case .object = tree {
            written = String(decoding: CanonicalJSONWriter.compactBytes(of: tree), as: UTF8.self)
        }
        var text = "{\"query\":" + JSONStringLiteral.quote(query) + ",\"variables\":" + written
        if let operationName, !operationName.isEmpty { text += ",\"operationName\":" + JSONStringLiteral.quote(operationName) }
        return text + "}"
    }

    /// The envelope of this body as it is stored (templates unresolved), for exports.
    public var envelope: String { Self.envelope(query: query, variables: variables, operationName: operationName) }

    /// The GraphQL operation a JSON body carries: an object with a string `query`, an optional `variables` object
    /// (or null) and an optional string `operationName`, and no other member; nil for any other body. Empty or null
    /// variables read as none (which the envelope sends as `{}`).
    public static func recognize(json text: String) -> GraphQLBody? {
        guard let tree = try? OrderedJSON.parse(Array(text.utf8)), case .object(let members) = tree else { return nil }
        var query: String?
        var variables = ""
        var operationName: String?
        for member in members {
            switch (member.key, member.value) {
            case ("query", .string(let text)) where query == nil:
                query = text
            case ("variables", .object(let members)) where members.isEmpty:
                variables = ""
            case ("variables", .object):
                variables = String(decoding: CanonicalJSON.format(member.value), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            case ("variables", .null):
                break
            case ("operationName", .string(let name)):
                operationName = name
            case ("operationName", .null):
                break
            default:
                return nil
            }
        }
        guard let query else { return nil }
        return GraphQLBody(query: query, variables: variables, operationName: operationName)
    }
}
