/// The command line of `curlew send`: the table its reader, help, man page and completions use.
package enum SendCommandSpec {
    /// The options about the file store, read before the request's own (see `SendStoreOptions`).
    package static let storeGroup = OptionGroup(title: "Collections, variables and history", options: [
        OptionSpec(long: "--from", short: nil, aliases: [],
                   values: [ValueSpec(placeholder: "COLLECTION", kind: .collection), ValueSpec(placeholder: "NAME", kind: .request)],
                   help: "Send the saved request NAME (or Folder/NAME, or its id) of a collection file, folder, or a collection in the data folder's collections/. -H and -q add to it; output options apply."),
        .value("--env", "NAME", .environment, "Resolve {{variables}} with the environment NAME (NAME.env.json beside the collection, or in the default collections folder)."),
        .value("--var", "NAME=VALUE", .text, "Give a variable a value (repeatable; beats the environment)."),
        .flag("--no-history", "Do not record this exchange in the history."),
        .value("--cookie-jar", "FILE", .file, "Read cookies from FILE (Netscape format, as curl's -b/-c) and write the jar back after the response (0600). With --from the default is the collection's jar in the data folder, per environment."),
        .flag("--no-cookies", "Keep no cookie jar: send no stored cookie and keep none the server sets."),
        .value("--data-dir", "DIR", .directory, "The data folder for history and collections (default: $CURLEW_HOME, else $XDG_DATA_HOME/curlew, else ~/.local/share/curlew)."),
        TrustOptions.fileRoot,
        TrustOptions.allowEnvironment,
        SeedOption.spec,
    ])

    /// The table.
    package static let spec = CommandSpec(
        name: "send",
        summary: "Send one request and print the response body",
        usage: ["curlew send [METHOD] URL [options]", "curlew send --from COLLECTION NAME [options]"],
        description: [
            "Sends one request and prints the response body on stdout as it arrives: the exact bytes when stdout is not a terminal; on a terminal, JSON pretty-printed and colored, Server-Sent Events (text/event-stream) drawn event by event and JSON Lines line by line. Ctrl+C ends a started response with exit 0, and the part received goes to the history. METHOD defaults to GET, or POST when a body is given (-d, -F, --json, --data-raw). A URL without a scheme gets http://. A ws:// or wss:// URL opens a WebSocket session instead: lines on stdin (or --message) go out as text messages and each message received is printed as a line; see the WebSocket options.",
        ],
        positionals: [PositionalSpec(placeholder: "METHOD", kind: .method), PositionalSpec(placeholder: "URL", kind: .text)],
        groups: [
            OptionGroup(title: "Request", options: [
                .value("--query", "q", "NAME=VALUE", .text, "Add a query parameter (repeatable; percent-encoded for you)."),
                .value("--params", "p", "JSON|@FILE", .file, "A JSON object of parameters: into the query for GET, HEAD and DELETE, else a form body (multipart with -F). Nested objects become key[sub], arrays key[], booleans 1/0, keys sorted."),
                .value("--form", "d", "NAME=VALUE", .text, "Add a form field (repeatable; urlencoded body, or multipart with -F)."),
                .value("--file", "F", "NAME=@PATH[;type=MIME][;filename=NAME]", .file, "Attach a file (repeatable; multipart body, streamed from disk)."),
                .value("--header", "H", "'Name: value'", .text, "Add a header (repeatable; 'Name;' sends an empty value)."),
                .value("--json", "TEXT|@FILE", .file, "JSON body, sent as application/json."),
                .value("--data-raw", "TEXT|@FILE", .file, "Body sent as it is (a file is streamed)."),
                .value("--bearer", "TOKEN", .text, "Authorization: Bearer TOKEN."),
                OptionSpec(long: "--basic", short: "u", aliases: ["--user"], values: [ValueSpec(placeholder: "USER:PASS", kind: .text)],
                           help: "Authorization: Basic …; with --digest, --ntlm, --negotiate or --aws-sigv4, the credentials of that scheme."),
            ]),
            OptionGroup(title: "Transfer", options: [
                .value("--timeout", "SECONDS", .text, "Limit for the whole transfer (default 30, or none with --idle-timeout; 0 for none; at most 31536000)."),
                .value("--idle-timeout", "SECONDS", .text, "Stop when the body stays under 1 byte a second for SECONDS (for streams; a slow head counts as no body); exit 28. For ws:// and wss://, close normally when no message has arrived for SECONDS."),
                .flag("--no-follow", "Do not follow redirects."),
                .value("--max-redirs", "N", .text, "Follow at most N redirects (default 10, at most 1000)."),
                .value("--max-filesize", "SIZE", .text, "Stop when the decoded body passes SIZE bytes (k, M, G suffixes; default 100M, or no limit with -o); exit 63."),
                .flag("--insecure", "k", "Do not verify the server's certificate."),
                .value("--cacert", "FILE", .file, "Trust the certificate authorities in FILE (PEM)."),
                .value("--pin", "sha256//BASE64", .text, "Accept only this server public key (repeatable)."),
                .value("--pin-cert", "FILE", .file, "Accept only the public key of this certificate (PEM or DER)."),
                .value("--cert", "FILE", .file, "Client certificate (PEM) for mutual TLS."),
                .value("--key", "FILE", .file, "Private key of the client certificate."),
                .value("--proxy", "URL", .text, "Use this proxy; '' for none (default: http_proxy, https_proxy, no_proxy)."),
                .flag("--http1.1", "Use HTTP/1.1 only."),
                .flag("--http2", "Use HTTP/2 when the server offers it over TLS (ALPN), else HTTP/1.1 (the default does the same for https)."),
                .flag("--http2-prior-knowledge", "Speak HTTP/2 at once, also over plain http:// (for cleartext h2 servers)."),
            ]),
            OptionGroup(title: "Connection and credentials", options: ConnectionOptions.specs),
            OptionGroup(title: "WebSocket (ws:// and wss:// URLs)", options: WebSocketArguments.specs),
            OptionGroup(title: "Output", options: [
                .flag("--include", "i", "Print the status line and headers before the body."),
                .flag("--verbose", "v", "Print the request, the response headers and timings on stderr."),
                .value("--output", "o", "FILE", .file, "Write the body to FILE (streamed, never held in memory)."),
                .flag("--fail", "Exit with 22 and print no body when the status is 400 or more."),
                .flag("--print-curl", "Print the equivalent curl command and send nothing."),
                .value("--format", "FORMAT", .choices(["json", "body"]), "json prints one JSON object: status, reason, httpVersion, url, redirects, remoteAddress, headers, timings, bytesSent, bytesReceived, and body as text (bodyEncoding \"text\") or base64 (bodyEncoding \"base64\"); bodyPath instead with -o; on an event stream, one object per event as it arrives (JSON Lines: t, event, id, data). body (the default) prints the body."),
            ]),
            storeGroup,
        ],
        exitStatus: [
            ("0", "a response arrived (whatever its status, unless --fail)"),
            ("2", "usage error: the message names the bad argument"),
            ("6", "the host name did not resolve"),
            ("7", "the connection was refused"),
            ("22", "--fail and a status of 400 or more; for ws:// and wss://, the server answered other than 101"),
            ("26", "a body or attachment file cannot be read"),
            ("28", "timeout"),
            ("35", "TLS handshake failure or client certificate refused"),
            ("58", "client certificate unusable"),
            ("60", "certificate not trusted"),
            ("56", "a WebSocket session ended abnormally: no closing handshake, a protocol error (closed with 1002 or 1007), or a close code other than 1000 or 1001"),
            ("63", "the body passed --max-filesize (default 100M when it is not written to a file); a WebSocket message or session passed its limit"),
            ("90", "pinned key mismatch"),
            ("other", "libcurl's error numbers, as curl uses them"),
        ],
        manDocument: "curlew-send.md",
        manSections: ["Collections and trust", "Proxies from the environment", "Cookies", "Client certificates", "Hostile servers", "Terminal safety", "Examples"]
    )
}
