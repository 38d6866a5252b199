import Foundation
import RequestKit
import RequestStore
import TUICore

/// The request being edited, pane by pane, with the editors' cursors and selections.
///
/// `savedRequest` turns it into the store's model (for sending, drafts and collections) and
/// `init(saved:)` loads one back. The URL text keeps the enabled query parameters; the Params
/// table mirrors them plus any disabled rows.
public struct RequestDraft: Hashable, Sendable {
    /// The name the request is saved under.
    public var name: String
    /// The id of the collection request this draft was opened from or saved as; nil for a new request.
    public var savedID: String?
    /// The method.
    public var method: HTTPMethod
    /// The URL bar's text and cursor.
    public var url: TextFieldState
    /// The Params table.
    public var params: KeyValueTable
    /// The Headers table.
    public var headers: KeyValueTable
    /// Names of the collection and folder headers switched off for this request.
    public var disabledInheritedHeaders: [String] = []
    /// The body mode.
    public var bodyMode: BodyMode
    /// The text of a JSON or raw body.
    public var bodyText: TextAreaState
    /// Form fields (form mode) and multipart text fields (multipart mode).
    public var formFields: KeyValueTable
    /// The path of a file body (file mode).
    public var bodyFilePath: TextFieldState
    /// The Content-Type of a raw or file body; empty for none.
    public var bodyContentType: String
    /// Files attached to a multipart body.
    public var files: [FileAttachment]
    /// The selected row of the Files tab.
    public var selectedFile: Int
    /// The first row of the Files tab shown, kept by `RequestComponent.keepInView` so the selected row shows.
    public var fileOffset = 0
    /// The field name of the selected file being edited in the Files tab, if any.
    public var filePartNameEditor: TextFieldState?
    /// The auth mode.
    public var authMode: AuthMode
    /// Bearer token, basic user and basic password.
    public var authFields: AuthFields
    /// Transfer options.
    public var options: RequestOptionsDraft
    /// The loaded request's options that the Options tab does not edit (retries, delay, …), kept as they were.
    public var keptOptions: SavedOptions
    /// The Checks tab: checks and captures one per line, captures under a `[Captures]` line.
    public var checksText: TextAreaState
    /// A loaded auth of a type the Auth tab does not edit (API key, Digest, NTLM, Negotiate, AWS SigV4), kept as it is
    /// and saved again while the tab's type is left at none.
    public var keptAuth: SavedAuth?
    /// A loaded body of bytes and the note the raw editor shows in its place; kept while that note is left as it is.
    public var keptBytes: KeptBytes?
    /// The variables (JSON object text) of a GraphQL body, edited beside the query (which `bodyText` holds).
    public var graphQLVariables: TextAreaState
    /// The operation name of a loaded GraphQL body, kept as it was.
    public var graphQLOperationName: String?
    /// Whether the GraphQL variables editor (rather than the query editor) has the keys.
    public var editsGraphQLVariables: Bool
    /// The URL as the loaded request stored it, written back unchanged while its own query is unchanged.
    public var loadedURL: String = ""
    /// The query of the loaded URL itself, when the loaded request kept parameters as `query` rows: such a request
    /// is saved with its rows as rows again, not folded into the URL. Nil for a request whose query is all in its URL.
    public var urlQueryRows: [KeyValueRow]? = nil

    /// A body of bytes the raw editor cannot show, and the note shown in its place.
    public struct KeptBytes: Hashable, Sendable {
        /// The bytes sent.
        public var data: Data
        /// The note the raw editor shows.
        public var note: String
    }

    /// An empty GET request.
    public init() {
        self.init(saved: SavedRequest(name: "Untitled", url: ""))
    }

    /// Loads a saved request into the editors; its query rows are merged into the URL text.
    public init(saved: SavedRequest) {
        name = saved.name
        savedID = saved.id
        method = saved.method
        let ownRows = QuerySync.rows(fromURL: saved.url)
        let urlRows = ownRows + saved.query.filter(\.enabled)
        let urlText = saved.query.contains(where: \.enabled) ? QuerySync.url(saved.url, withRows: urlRows) : saved.url
        var field = TextFieldState(text: urlText)
        field.moveCursor(to: urlText.count)
        url = field
        loadedURL = saved.url
        if saved.query.isEmpty {
            params = KeyValueTable(rows: urlRows)
        } else {
            urlQueryRows = ownRows
            params = KeyValueTable(rows: ownRows + saved.query)
        }
        headers = KeyValueTable(rows: saved.headers)
        disabledInheritedHeaders = saved.disabledInheritedHeaders
        bodyText = TextAreaState(text: "")
        formFields = KeyValueTable()
        bodyFilePath = TextFieldState(text: "")
        bodyContentType = ""
        files = []
        selectedFile = 0
        graphQLVariables = TextAreaState(text: "")
        graphQLOperationName = nil
        editsGraphQLVariables = false
        switch saved.body {
        case .none:
            bodyMode = .none
        case .json(let text):
            bodyMode = .json
            bodyText = TextAreaState(text: text)
        case .form(let rows):
            bodyMode = .form
            formFields = KeyValueTable(rows: rows)
        case .multipart(let parts):
            bodyMode = .multipart
            var fields: [KeyValueRow] = []
            for part in parts {
                switch part {
                case .field(let name, let value, let enabled):
                    fields.append(KeyValueRow(name: name, value: value, enabled: enabled))
                case .file(let name, let path, _, let contentType, let enabled):
                    files.append(FileAttachment(fieldName: name, path: path, contentType: contentType, enabled: enabled))
                }
            }
            formFields = KeyValueTable(rows: fields)
        case .raw(let text, let contentType):
            bodyMode = .raw
            bodyText = TextAreaState(text: text)
            bodyContentType = contentType ?? ""
        case .file(let path, let contentType):
            bodyMode = .file
            bodyFilePath = TextFieldState(text: path)
            bodyContentType = contentType ?? ""
        case .graphQL(let body):
            bodyMode = .graphQL
            bodyText = TextAreaState(text: body.query)
            graphQLVariables = TextAreaState(text: body.variables)
            graphQLOperationName = body.operationName
        case .bytes(let data, let contentType):
            bodyMode = .raw
            let note = "(\(data.count) bytes that are not text, sent as they are; replace this line to send text instead)"
            keptBytes = KeptBytes(data: data, note: note)
            bodyText = TextAreaState(text: note)
            bodyContentType = contentType ?? ""
        }
        switch saved.auth {
        case .none:
            authMode = .none
            authFields = AuthFields()
        case .inherit:
            authMode = .inherit
            authFields = AuthFields()
        case .bearer(let token):
            authMode = .bearer
            authFields = AuthFields(token: TextFieldState(text: token))
        case .basic(let user, let password):
            authMode = .basic
            authFields = AuthFields(user: TextFieldState(text: user), password: TextFieldState(text: password))
        case .apiKey, .digest, .ntlm, .negotiate, .awsSigV4, .oauth2:
            authMode = .none
            authFields = AuthFields()
            keptAuth = saved.auth
        }
        let o = saved.options
        keptOptions = o
        options = RequestOptionsDraft(
            timeout: o.timeout.map(Self.formatNumber) ?? "30",
            followRedirects: o.followRedirects ?? true,
            maxRedirects: o.maxRedirects.map(String.init) ?? "10",
            verifyTLS: o.verifyTLS ?? true,
            caFile: o.caFile ?? "",
            pins: (o.pins ?? []).joined(separator: ", "),
            proxy: o.proxy ?? "",
            httpVersion: o.httpVersion ?? "")
        checksText = TextAreaState(text: CheckLines.text(checks: saved.checks, captures: saved.captures))
    }

    /// Loads a draft whose check and capture lines are kept as typed, including lines that do not parse.
    public init(saved: SavedRequest, checkLines: [String], captureLines: [String]) {
        self.init(saved: saved)
        checksText = TextAreaState(text: CheckLines.text(checkLines: checkLines, captureLines: captureLines))
    }

    /// The lines of the Checks tab, read.
    public var checkLines: [CheckLine] { CheckLines.read(checksText.text) }

    /// The lines of the Checks tab that do not parse.
    public var checkProblems: [CheckLine] { checkLines.filter { $0.problem != nil } }

    /// The request in the store's model: what is sent, saved and kept as a draft.
    public var savedRequest: SavedRequest {
        var saved = SavedRequest(name: name, method: method, url: url.text)
        saved.id = savedID
        (saved.url, saved.query) = urlAndQueryRows
        saved.headers = headers.rows.filter { !($0.name.isEmpty && $0.value.isEmpty) }
        saved.disabledInheritedHeaders = disabledInheritedHeaders
        switch bodyMode {
        case .none: saved.body = .none
        case .json: saved.body = .json(bodyText.text)
        case .form: saved.body = .form(formFields.rows)
        case .multipart:
            saved.body = .multipart(
                formFields.rows.map { .field(name: $0.name, value: $0.value, enabled: $0.enabled) }
                + files.map { .file(name: $0.fieldName, path: $0.path, fileName: nil, contentType: $0.contentType, enabled: $0.enabled) })
        case .raw:
            if let kept = keptBytes, bodyText.text == kept.note {
                saved.body = .bytes(kept.data, contentType: bodyContentType.isEmpty ? nil : bodyContentType)
            } else {
                saved.body = .raw(text: bodyText.text, contentType: bodyContentType.isEmpty ? nil : bodyContentType)
            }
        case .file: saved.body = .file(path: bodyFilePath.text, contentType: bodyContentType.isEmpty ? nil : bodyContentType)
        case .graphQL:
            saved.body = .graphQL(GraphQLBody(query: bodyText.text, variables: graphQLVariables.text, operationName: graphQLOperationName))
        }
        switch authMode {
        case .none: saved.auth = keptAuth ?? .none
        case .inherit: saved.auth = .inherit
        case .bearer: saved.auth = .bearer(token: authFields.token.text)
        case .basic: saved.auth = .basic(user: authFields.user.text, password: authFields.password.text)
        }
        var o = keptOptions
        (o.timeout, o.followRedirects, o.maxRedirects, o.verifyTLS, o.pins, o.caFile, o.proxy) = (nil, nil, nil, nil, nil, nil, nil)
        o.httpVersion = options.httpVersion.isEmpty ? nil : options.httpVersion
        let defaults = RequestOptionsDraft()
        if options.timeout != defaults.timeout { o.timeout = Double(options.timeout) }
        if !options.followRedirects { o.followRedirects = false } else if keptOptions.followRedirects == true { o.followRedirects = true }
        if options.maxRedirects != defaults.maxRedirects { o.maxRedirects = Int(options.maxRedirects) }
        if !options.verifyTLS { o.verifyTLS = false }
        let pins = options.pins.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if !pins.isEmpty { o.pins = pins }
        if !options.caFile.isEmpty { o.caFile = options.caFile }
        if !options.proxy.isEmpty { o.proxy = options.proxy }
        saved.options = o
        for line in checkLines {
            switch line.content {
            case .check(let check): saved.checks.append(check)
            case .capture(let rule): saved.captures.append(rule)
            case .blank, .header, .invalid: break
            }
        }
        return saved
    }

    /// The URL and the `query` rows to save. A request loaded with `query` rows keeps them as rows (its URL's own
    /// query stays in the URL while it is unchanged, byte for byte); any other request keeps its enabled
    /// parameters in the URL and its disabled ones as rows.
    var urlAndQueryRows: (url: String, query: [KeyValueRow]) {
        let rows = params.rows.filter { !($0.name.isEmpty && $0.value.isEmpty) }
        guard let own = urlQueryRows else { return (url.text, params.rows.filter { !$0.enabled }) }
        guard rows.starts(with: own) else { return (QuerySync.url(url.text, withRows: []), rows) }
        let withOwn = QuerySync.url(url.text, withRows: own)
        return (withOwn == QuerySync.url(loadedURL, withRows: own) ? loadedURL : withOwn, Array(rows.dropFirst(own.count)))
    }

    /// Switches the inherited header `name` off for this request, or on again (names compare without regard to case).
    public mutating func toggleInheritedHeader(_ name: String) {
        if let index = disabledInheritedHeaders.firstIndex(where: { $0.lowercased() == name.lowercased() }) {
            disabledInheritedHeaders.remove(at: index)
        } else {
            disabledInheritedHeaders.append(name)
        }
    }

    /// True when the inherited header `name` is switched off for this request.
    public func isInheritedHeaderOff(_ name: String) -> Bool {
        disabledInheritedHeaders.contains { $0.lowercased() == name.lowercased() }
    }

    /// Problems that stop the options from being used, e.g. a timeout that is not a number.
    public var optionProblems: [String] {
        var problems: [String] = []
        if !options.timeout.isEmpty, Double(options.timeout) == nil {
            problems.append("The timeout '\(options.timeout)' is not a number of seconds; fix it in the Options tab.")
        }
        if Int(options.maxRedirects) == nil {
            problems.append("Max redirects '\(options.maxRedirects)' is not a whole number; fix it in the Options tab.")
        }
        return problems
    }

    /// Re-reads the Params table from the URL text after the URL was edited.
    public mutating func syncParamsFromURL() {
        params.rows = QuerySync.merge(urlRows: QuerySync.rows(fromURL: url.text), previous: params.rows)
        params.clamp()
    }

    /// Rewrites the URL text's query from the Params table after the table was edited.
    public mutating func syncURLFromParams() {
        let text = QuerySync.url(url.text, withRows: params.rows)
        guard text != url.text else { return }
        let atEnd = url.cursor == url.characters.count
        var field = TextFieldState(text: text)
        field.moveCursor(to: atEnd ? text.count : min(url.cursor, text.count))
        url = field
    }

    private static func formatNumber(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
