import Foundation

/// Keeps a coded body's bytes as they came off the wire (before its Content-Encoding is undone), up to
/// `ResponseSizeLimit.memoryPart`; past that it lets them go and only counts them.
struct ReceivedBodyKeeper {
    /// The bytes kept so far.
    private var bytes = Data()
    /// How many bytes came in all.
    private var count: Int64 = 0
    /// Whether the bytes outgrew what is kept.
    private var overflowed = false

    /// Takes a chunk as received.
    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        count += Int64(chunk.count)
        guard !overflowed else { return }
        guard bytes.count + chunk.count <= ResponseSizeLimit.memoryPart else {
            overflowed = true
            bytes = Data()
            return
        }
        bytes.append(contentsOf: chunk)
    }

    /// What the response records of them.
    var body: ReceivedBody { overflowed ? .notKept(bytes: count) : .bytes(bytes) }
}
