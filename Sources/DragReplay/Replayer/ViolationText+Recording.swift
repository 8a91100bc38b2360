import DragRecording
import ReorderConformance
import ReorderCore

extension ViolationText where ItemID == StringID, CollectionID == StringID? {
    /// Violation messages for a recording: IDs quoted, the collection named
    /// only when there are several, as every other message here spells them.
    public static func recording(collections: Int) -> Self {
        let several = collections > 1
        return ViolationText(
            ids: Format.ids, item: Format.quoted, collection: Format.collection,
            within: { several ? " in \(Format.collection($0))" : "" },
            difference: { Format.difference($0, showCollection: several) },
            destination: { Format.destination($0, showCollection: several) }, text: { Format.quoted($0) })
    }
}
