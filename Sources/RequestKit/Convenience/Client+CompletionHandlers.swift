/// The seed library's calls with completion handlers, for code that does not use async/await.
///
/// Each starts a task and returns it (cancel it to abort the transfer); the handler is called
/// exactly once, on no particular thread, with the result of the async method of the same name.
extension Client {
    /// A completion handler for a response.
    public typealias ResponseHandler = @Sendable (Result<Response, NetworkError>) -> Void

    /// Sends a request built from parameters and files with any method, then calls `completion`.
    @discardableResult
    public func request(
        method: HTTPMethod,
        url: String,
        params: [String: ParameterValue] = [:],
        files: [MultipartFile] = [],
        headers: HTTPHeaders = [],
        completion: @escaping ResponseHandler
    ) -> Task<Void, Never> {
        complete(completion) { () async throws(NetworkError) in
            try await self.request(method: method, url: url, params: params, files: files, headers: headers)
        }
    }

    /// GET, then calls `completion`.
    @discardableResult
    public func get(_ url: String, params: [String: ParameterValue] = [:], headers: HTTPHeaders = [], completion: @escaping ResponseHandler) -> Task<Void, Never> {
        request(method: .get, url: url, params: params, headers: headers, completion: completion)
    }

    /// POST, then calls `completion`.
    @discardableResult
    public func post(_ url: String, params: [String: ParameterValue] = [:], files: [MultipartFile] = [], headers: HTTPHeaders = [], completion: @escaping ResponseHandler) -> Task<Void, Never> {
        request(method: .post, url: url, params: params, files: files, headers: headers, completion: completion)
    }

    /// PUT, then calls `completion`.
    @discardableResult
    public func put(_ url: String, params: [String: ParameterValue] = [:], files: [MultipartFile] = [], headers: HTTPHeaders = [], completion: @escaping ResponseHandler) -> Task<Void, Never> {
        request(method: .put, url: url, params: params, files: files, headers: headers, completion: completion)
    }

    /// PATCH, then calls `completion`.
    @discardableResult
    public func patch(_ url: String, params: [String: ParameterValue] = [:], files: [MultipartFile] = [], headers: HTTPHeaders = [], completion: @escaping ResponseHandler) -> Task<Void, Never> {
        request(method: .patch, url: url, params: params, files: files, headers: headers, completion: completion)
    }

    /// DELETE, then calls `completion`.
    @discardableResult
    public func delete(_ url: String, params: [String: ParameterValue] = [:], headers: HTTPHeaders = [], completion: @escaping ResponseHandler) -> Task<Void, Never> {
        request(method: .delete, url: url, params: params, headers: headers, completion: completion)
    }

    /// GET and parse the body as JSON, then calls `completion`.
    @discardableResult
    public func getJSON(_ url: String, params: [String: ParameterValue] = [:], headers: HTTPHeaders = [], completion: @escaping @Sendable (Result<JSONValue, NetworkError>) -> Void) -> Task<Void, Never> {
        complete(completion) { () async throws(NetworkError) in
            try await self.getJSON(url, params: params, headers: headers)
        }
    }

    /// GET and decode the JSON body into a `Decodable` type, then calls `completion`.
    @discardableResult
    public func decode<Value: Decodable & Sendable>(
        _ type: Value.Type,
        from url: String,
        params: [String: ParameterValue] = [:],
        headers: HTTPHeaders = [],
        completion: @escaping @Sendable (Result<Value, NetworkError>) -> Void
    ) -> Task<Void, Never> {
        complete(completion) { () async throws(NetworkError) in
            try await self.decode(type, from: url, params: params, headers: headers)
        }
    }

    /// Runs `work` in a task and hands its result to `completion`.
    private func complete<Value: Sendable>(
        _ completion: @escaping @Sendable (Result<Value, NetworkError>) -> Void,
        _ work: @escaping @Sendable () async throws(NetworkError) -> Value
    ) -> Task<Void, Never> {
        Task {
            do throws(NetworkError) {
                completion(.success(try await work()))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
