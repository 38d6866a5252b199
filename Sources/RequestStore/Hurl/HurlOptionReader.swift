/// Reads the lines of an `[Options]` section into a request's options.
enum HurlOptionReader {
    /// The options curlew reads, as Hurl names them.
    static var supported: [String] { HurlOptionValue.supported }

    /// Applies one `name: value` line; an unknown option is a problem, a bad value an error. A `{{template}}` in an
    /// option that takes true, false or a number is kept in `SavedOptions.templates`, read when the request is made.
    static func apply(_ row: (name: String, value: String, line: Int, column: Int), to request: inout SavedRequest, parser: inout HurlParser) throws(FileFormatError) {
        if HurlOptionValue.deferred.contains(row.name), VariableResolver.containsPlaceholder(row.value) {
            request.options.templates = (request.options.templates ?? []) + [KeyValueRow(name: row.name, value: row.value)]
            return
        }
        do throws(HurlOptionValue.Problem) {
            try HurlOptionValue.apply(name: row.name, value: row.value, to: &request)
        } catch {
            switch error {
            case .invalid(let reason): throw parser.source.error(line: row.line, column: row.column, reason)
            case .unsupported(let reason): parser.unsupported(line: row.line, column: HurlOptionValue.deferred.contains(row.name) ? row.column : 1, reason)
            }
        }
    }
}
