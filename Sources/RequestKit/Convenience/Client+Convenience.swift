import Foundation

/// The seed library's calls, async: each builds a request from a parameter dictionary (see
/// `Request.build`), adds the client's `token`, sends it, and fails with `.badStatus` unless
/// the status is 200–299.
extension Client {
    /// Sends a request built from parameters and files with any method, validating the status.
    public func request(
        method: HTTPMethod,
        url: String,
        params: [String: ParameterValue] = [:],
        files: [MultipartFile] = [],
        headers: HTTPHeaders = [],
        encoder: ParameterEncoder = ParameterEncoder(),
        options: RequestOptions = RequestOptions()
    ) async throws(NetworkError) -> Response {
        let request = Request.build(method: method, url: url, params: params, files: files, headers: headers, options: options, encoder: encoder)
        return try await sendValidated(request)
    }

    /// Sends any request with the client's token, failing with `.badStatus` unless the status is 200–299.
    public func sendValidated(_ request: Request, progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws(NetworkError) -> Response {
        var request = request
        if let token, case .none = request.auth, !request.headers.contains(name: "Authorization") {
            request.auth = .bearer(token)
        }
        let prepared = try request.prepared()
        return try await send(prepared: prepared, options: request.options, progress: progress).validated()
    }

    /// GET, with parameters in the query.
    public func get(_ url: String, params: [String: ParameterValue] = [:], headers: HTTPHeaders = []) async throws(NetworkError) -> Response {
        try await request(method: .get, url: url, params: params, headers: headers)
    }

    /// POST, with parameters as a form body, or multipart when files are attached.
    public func post(_ url: String, params: [String: ParameterValue] = [:], files: [MultipartFile] = [], headers: HTTPHeaders = []) async throws(NetworkError) -> Response {
        try await request(method: .post, url: url, params: params, files: files, headers: headers)
    }

    /// PUT, with parameters as a form body, or multipart when files are attached.
    public func put(_ url: String, params: [String: ParameterValue] = [:], files: [MultipartFile] = [], headers: HTTPHeaders = []) async throws(NetworkError) -> Response {
        try await request(method: .put, url: url, params: params, files: files, headers: headers)
    }

    /// PATCH, with parameters as a form body, or multipart when files are attached.
    public func patch(_ url: String, params: [String: ParameterValue] = [:], files: [MultipartFile] = [], headers: HTTPHeaders = []) async throws(NetworkError) -> Response {
        try await request(method: .patch, url: url, params: params, files: files, headers: headers)
    }

    /// DELETE, with parameters in the query.
    public func delete(_ url: String, params: [String: ParameterValue] = [:], headers: HTTPHeaders = []) async throws(NetworkError) -> Response {
        try await request(method: .delete, url: url, params: params, headers: headers)
    }

    /// GET and parse the body as JSON; `.invalidJSON` when it is not.
    public func getJSON(_ url: String, params: [String: ParameterValue] = [:], headers: HTTPHeaders = []) async throws(NetworkError) -> JSONValue {
        try await get(url, params: params, headers: headers).json()
    }

    /// GET and decode the JSON body into a `Decodable` type; `.invalidJSON` when it does not fit.
    public func decode<Value: Decodable>(
        _ type: Value.Type,
        from url: String,
        params: [String: ParameterValue] = [:],
        headers: HTTPHeaders = [],
        decoder: JSONDecoder = JSONDecoder()
    ) async throws(NetworkError) -> Value {
        try await get(url, params: params, headers: headers).decode(type, decoder: decoder)
    }
}
