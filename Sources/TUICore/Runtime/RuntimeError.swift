/// Errors of the UI runtime.
public enum RuntimeError: Error, Equatable, CustomStringConvertible {
    /// The wake-up pipe could not be created.
    case wakeupPipe(errno: Int32)

    /// What happened and what to do about it.
    public var description: String {
        switch self {
        case .wakeupPipe(let code):
            return "cannot create the UI wake-up pipe (errno \(code)); the process may be out of file descriptors, close some and retry"
        }
    }
}
