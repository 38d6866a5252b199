import TUICore

extension Command where Message == AppMessage {
    /// The same command, its messages addressed to the request tab `id` (see `AppMessage.inTab`).
    func routed(to id: Int) -> Command<AppMessage> {
        switch kind {
        case .perform(let commandID, let operation):
            return .perform(id: commandID) { await operation().map { AppMessage.routed($0, to: id) } }
        case .after(let delay, let message):
            return .after(delay, AppMessage.routed(message, to: id))
        case .releasingTerminal(let operation):
            return Command(.releasingTerminal { operation().map { AppMessage.routed($0, to: id) } })
        case .cancel, .copyToClipboard, .setTheme, .suspend, .quit:
            return self
        }
    }
}

extension Array where Element == Command<AppMessage> {
    /// The same commands, their messages addressed to the request tab `id`.
    func routed(to id: Int) -> [Command<AppMessage>] { map { $0.routed(to: id) } }
}

extension AppMessage {
    /// The message without its tab address (itself when it has none).
    public var unrouted: AppMessage {
        if case .inTab(_, let message) = self { return message.unrouted }
        return self
    }

    /// `message` addressed to tab `id`, unless it already is addressed to a tab.
    static func routed(_ message: AppMessage, to id: Int) -> AppMessage {
        if case .inTab = message { return message }
        return .inTab(id: id, message: message)
    }
}
