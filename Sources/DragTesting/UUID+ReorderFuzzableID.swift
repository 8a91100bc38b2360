import Foundation
import ReorderCore

extension UUID: ReorderFuzzableID {
    /// A UUID made from the name's two 64-bit FNV-1a hashes (with and
    /// without a prefix): the same name always gives the same UUID.
    public static func reorderID(named name: String) -> UUID {
        let a = _fnv1a64(name)
        let b = _fnv1a64("uuid:" + name)
        func byte(_ v: UInt64, _ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: v >> (8 * k)) }
        return UUID(
            uuid: (
                byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6), byte(a, 7),
                byte(b, 0), byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5), byte(b, 6), byte(b, 7)
            ))
    }
}

extension IDMaker where ID == UUID {
    /// `UUID.reorderID(named:)`: stable across runs.
    public static var uuid: Self { Self { UUID.reorderID(named: $0) } }
}
