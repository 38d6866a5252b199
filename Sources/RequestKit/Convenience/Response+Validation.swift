import Foundation

extension Response {
    /// The response itself when its status is 200–299, else `.badStatus` with the status and body.
    public func validated() throws(NetworkError) -> Response {
        guard isSuccess else { throw .badStatus(code: statusCode, body: body) }
        return self
    }

    /// The body parsed as JSON of any kind, or `.invalidJSON` saying where it went wrong.
    public func json() throws(NetworkError) -> JSONValue {
        try JSONParser.parse(body)
    }

    /// The body decoded into a `Decodable` type, or `.invalidJSON` saying what did not fit.
    public func decode<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws(NetworkError) -> Value {
        do {
            return try decoder.decode(type, from: body)
        } catch {
            throw .invalidJSON(JSONErrorDescription.describe(error))
        }
    }
}
