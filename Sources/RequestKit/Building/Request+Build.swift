extension Request {
    /// Builds a request from a parameter dictionary and files, as the seed library does.
    ///
    /// For GET, HEAD and DELETE (`HTTPMethod.encodesParametersInURL`) the parameters are
    /// appended to the URL's query; for other methods they become an
    /// `application/x-www-form-urlencoded` body, or the fields of a `multipart/form-data` body
    /// when files are attached. Files on a GET, HEAD or DELETE are sent as a multipart body
    /// anyway; `prepared()` then adds a warning for GET and HEAD, as servers often ignore it.
    public static func build(
        method: HTTPMethod = .get,
        url: String,
        params: [String: ParameterValue] = [:],
        files: [MultipartFile] = [],
        headers: HTTPHeaders = [],
        auth: Auth = .none,
        options: RequestOptions = RequestOptions(),
        encoder: ParameterEncoder = ParameterEncoder()
    ) -> Request {
        var request = Request(method: method, url: url, headers: headers, auth: auth, options: options)
        if method.encodesParametersInURL {
            request.query = encoder.queryItems(params)
            if !files.isEmpty { request.body = .multipart(MultipartForm(files: files)) }
        } else if !files.isEmpty {
            request.body = .multipart(MultipartForm(fields: encoder.formFields(params), files: files))
        } else if !params.isEmpty {
            request.body = .form(encoder.formFields(params))
        }
        return request
    }
}
