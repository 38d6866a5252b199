/// How much of a streamed body the final `Response` keeps.
public enum StreamedBodyKeeping: Hashable, Sendable {
    /// The whole body, as without streaming: memory up to 8 MiB, then a temporary file, within the size limit.
    case whole
    /// Only the first `bytes` bytes; the rest is handed to the observer and dropped. The default size limit
    /// (100 MiB) does not apply then, so an endless stream runs with flat memory and disk; an explicit
    /// `RequestOptions.maxResponseSize` still does.
    case first(Int64)
}
