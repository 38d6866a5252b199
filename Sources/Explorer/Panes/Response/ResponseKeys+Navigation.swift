extension ResponseViewerState {
    /// The keys of the JSON cursor, folds and copies: id, action, default keys, help, context and whether the footer lists it.
    ///
    /// The keys after `y` live in their own context (`response.copy`), in force only while a copy waits for its second key.
    static let navigationBindingTable: [(id: String, action: ResponseAction, keys: [String], help: String, context: String, footer: Bool)] = [
        ("response.fold", .toggleFold, ["z"], "fold/unfold", keyContext, false),
        ("response.foldDepth", .foldAtDepth, ["Z"], "fold all at this depth", keyContext, false),
        ("response.unfoldAll", .unfoldAll, ["U"], "unfold all", keyContext, false),
        ("response.matchBracket", .matchBracket, ["%"], "matching bracket", keyContext, false),
        ("response.lineNumbers", .toggleLineNumbers, ["#"], "line numbers", keyContext, false),
        ("response.copy.body", .copyBody, ["y"], "copy body", copyKeyContext, true),
        ("response.copy.path", .copyPath, ["p"], "copy JSONPath", copyKeyContext, true),
        ("response.copy.value", .copyValue, ["v"], "copy value", copyKeyContext, true),
        ("response.copy.cancel", .cancelCopy, ["esc"], "cancel", copyKeyContext, true),
    ]
}
