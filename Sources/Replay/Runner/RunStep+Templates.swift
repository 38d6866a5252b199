import RequestStore

extension RunStep {
    /// The texts of the step that `{{variables}}` are resolved in: URL, enabled query rows and headers, body, auth,
    /// variable options, proxy and CA file.
    var templateTexts: [String] {
        var texts = [request.url] + request.query.filter(\.enabled).flatMap { [$0.name, $0.value] }
        texts += headers.filter(\.enabled).flatMap { [$0.name, $0.value] }
        switch request.body {
        case .none: break
        case .json(let text), .raw(let text, _): texts.append(text)
        case .graphQL(let body): texts += [body.query, body.variables, body.operationName ?? ""]
        case .form(let rows): texts += rows.filter(\.enabled).flatMap { [$0.name, $0.value] }
        case .multipart(let rows):
            for row in rows where row.enabled {
                switch row {
                case .field(let name, let value, _): texts += [name, value]
                case .file(let name, let path, let fileName, _, _): texts += [name, path, fileName ?? ""]
                }
            }
        case .file(let path, _): texts.append(path)
        case .bytes: break
        }
        texts += auth.templates
        texts += (request.options.variables ?? []).filter(\.enabled).map(\.value)
        texts += [request.options.proxy, request.options.caFile].compactMap { $0 }
        return texts
    }
}
