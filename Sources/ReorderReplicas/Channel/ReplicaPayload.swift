/// What a replica's own sync code puts on the wire for one message: its
/// position writes, its fractional keys, a CRDT library's update bytes.
/// The channel carries it byte for byte and never reads it; the reference
/// models send none.
public struct ReplicaPayload: Hashable, Sendable, CustomStringConvertible {
    public var bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public init(_ text: String) { bytes = Array(text.utf8) }

    /// The bytes as UTF-8 text (an app's payload is JSON text).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public var description: String { bytes.count <= 64 ? text : "\(bytes.count) bytes" }
}
