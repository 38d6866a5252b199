import RequestKit

extension SettingNames {
    /// The names `curlew run` gives settings: its own flags where it has them, else the request's options in the
    /// collection; certificates, keys and an idle limit, which neither sets, have none.
    public static let run = SettingNames([
        .timeout: "--timeout or the request's timeout option", .caFile: "the request's caFile option (cacert in a .hurl file)",
        .verifyTLS: "the request's verifyTLS option (insecure in a .hurl file)", .proxy: "the request's proxy option", .maxResponseSize: "--max-filesize",
        .netrcFile: "--netrc-file or the request's netrcFile option (netrc-file in a .hurl file)",
    ])
}
