import Foundation

/// The bytes of a body the viewer shows, without a copy of what the transport handed over: the response's own
/// `Data`, or the read-only mapping of the file a large body went to.
///
/// Indices run from 0. Whole-body scans go through `withUnsafeBufferPointer` (or
/// `withContiguousStorageIfAvailable`, which `String(decoding:)` and the JSON readers use); the subscript is for
/// the few bytes a screen line needs.
public struct BodyBytes: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// The bytes, starting at index 0.
    public private(set) var data: Data

    /// Wraps `data` as it is (a mapped `Data` stays mapped); a slice is copied so indices start at 0.
    public init(_ data: Data) {
        self.data = data.startIndex == 0 ? data : Data(data)
    }

    /// Copies bytes from any sequence.
    public init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        self.data = Data(bytes)
    }

    /// No bytes.
    public init() {
        self.data = Data()
    }

    /// The bytes of a literal.
    public init(arrayLiteral elements: UInt8...) {
        self.data = Data(elements)
    }

    /// The first index, always 0.
    public var startIndex: Int { 0 }
    /// One past the last byte.
    public var endIndex: Int { data.count }

    /// The byte at `index`.
    public subscript(index: Int) -> UInt8 {
        data[index]
    }

    /// Calls `body` with the bytes in one buffer, throwing what it throws.
    public func withUnsafeBufferPointer<Value, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value) throws(Failure) -> Value {
        let outcome = data.withUnsafeBytes { raw -> Result<Value, Failure> in
            do throws(Failure) {
                return .success(try body(raw.bindMemory(to: UInt8.self)))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// The bytes are contiguous: generic readers take the fast path.
    public func withContiguousStorageIfAvailable<Value>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Value) rethrows -> Value? {
        try data.withUnsafeBytes { raw in try body(raw.bindMemory(to: UInt8.self)) }
    }

    /// Adds bytes at the end (a body still arriving).
    public mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
        data.append(contentsOf: bytes)
    }

    /// The bytes as an array, for the few places that need one (a copy).
    public var array: [UInt8] { [UInt8](data) }
}
