/// How much of a streamed body the final `Response` keeps.
public enum StreamedBodyKeeping: Hashable, Sendable {
    /// The whole body, as without streaming: memory up to 8 MiB, then a temporary file, within the size limit.
    case whole
    /// Only the first `bytes` bytes; the rest is handed to the observer and dropped. Unless `limited`, the
    /// default size limit (100 MiB) does not apply, so an endless stream runs with flat memory and disk; an
    /// explicit `RequestOptions.maxResponseSize` always does. With `limited`, the default limit still counts
    /// every byte received (for a document shown as it arrives, which should still stop at the limit).
    case first(Int64, limited: Bool = false)
}
