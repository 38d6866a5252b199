import Foundation

/// What a file looked like when it was loaded: its size and a hash of its bytes, to notice changes made since.
public struct FileFingerprint: Hashable, Sendable {
    /// The size in bytes.
    public var size: Int
    /// A 64-bit FNV-1a hash of the content.
    public var hash: UInt64

    /// The fingerprint of some content.
    public init(of data: Data) {
        size = data.count
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { buffer in
            for byte in buffer {
                value ^= UInt64(byte)
                value = value &* 0x0000_0100_0000_01B3
            }
        }
        hash = value
    }

    /// The fingerprint of a file on disk now, or nil when it does not exist.
    public static func current(of path: String) throws(StoreError) -> FileFingerprint? {
        try POSIXFile.read(path).map(FileFingerprint.init(of:))
    }
}
