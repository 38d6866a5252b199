import Foundation

/// One step of a response as it arrives: its head once, then its decoded body chunk by chunk, in order.
public enum ResponseStreamEvent: Hashable, Sendable {
    /// The final response's status line and headers, before any body byte.
    case head(ResponseHead)
    /// The next decoded body bytes (after any Content-Encoding is undone).
    case body(Data)
}
