import TUICore

/// The response viewer's keys as app key bindings, so the footer, help, palette and keymap.json see them.
enum ResponseBindings {
    /// The action id of each viewer action.
    static func id(for action: ResponseAction) -> String {
        switch action {
        case .scrollDown: return "response.scrollDown"
        case .scrollUp: return "response.scrollUp"
        case .pageDown: return "response.pageDown"
        case .pageUp: return "response.pageUp"
        case .top: return "response.top"
        case .bottom: return "response.bottom"
        case .scrollRight: return "response.scrollRight"
        case .scrollLeft: return "response.scrollLeft"
        case .toggleWrap: return "response.wrap"
        case .selectTab(let tab): return "response.tab." + tab.rawValue
        case .nextTab: return "response.nextTab"
        case .previousTab: return "response.previousTab"
        case .copyBody: return "response.copyBody"
        case .copyURL: return "response.copyURL"
        case .copyAsCurl: return "response.copyCurl"
        case .saveBody: return "response.saveBody"
        }
    }

    /// The viewer action of an action id, nil when the id is not a viewer action.
    static func action(for id: String) -> ResponseAction? {
        ResponseViewerState.keyBindings.first { self.id(for: $0.action) == id }?.action
    }

    /// The viewer's bindings in the response context; scrolling ones are kept out of the footer.
    static var bindings: [KeyBinding] {
        let footer: Set<String> = ["response.wrap", "response.nextTab", "response.copyBody", "response.saveBody"]
        return ResponseViewerState.keyBindings.map { binding in
            let id = id(for: binding.action)
            var keyBinding = KeyBinding([], action: id, help: binding.help, context: Actions.responseContext, showInFooter: footer.contains(id))
            keyBinding.keys = binding.keys
            return keyBinding
        }
    }
}
