import TUICore

/// One field of the Auth tab.
public enum AuthField: Sendable, CaseIterable {
    /// The bearer token.
    case token
    /// The basic-auth user name.
    case user
    /// The basic-auth password.
    case password

    /// The fields the Auth tab shows for `mode`, top to bottom (none for no auth or inherited auth).
    public static func shown(for mode: AuthMode) -> [AuthField] {
        switch mode {
        case .bearer: [.token]
        case .basic: [.user, .password]
        case .none, .inherit: []
        }
    }

    /// Whether the field holds a secret, masked until revealed.
    public var isSecret: Bool { self != .user }
}

/// The Auth tab's credential fields, each edited on its own.
public struct AuthFields: Hashable, Sendable {
    /// The bearer token.
    public var token = TextFieldState()
    /// The basic-auth user name.
    public var user = TextFieldState()
    /// The basic-auth password.
    public var password = TextFieldState()

    /// Fields holding these values.
    public init(token: TextFieldState = TextFieldState(), user: TextFieldState = TextFieldState(), password: TextFieldState = TextFieldState()) {
        self.token = token
        self.user = user
        self.password = password
    }

    /// The field named by `field`.
    public subscript(field: AuthField) -> TextFieldState {
        get {
            switch field {
            case .token: token
            case .user: user
            case .password: password
            }
        }
        set {
            switch field {
            case .token: token = newValue
            case .user: user = newValue
            case .password: password = newValue
            }
        }
    }

    /// Whether both hold the same text, cursors and scrolling aside.
    public func hasSameContent(as other: AuthFields) -> Bool {
        token.characters == other.token.characters && user.characters == other.user.characters
            && password.characters == other.password.characters
    }
}
