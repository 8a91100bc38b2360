import ReorderConformance

/// What judges the drop configuration your policy (or app) answers.
///
/// - `model`: the model's default policy (spec 3.3) is the truth for the
///   operation, the collection and the anchor.
/// - `geometry`: only what the framework decides: which collection and slot
///   is under the finger, and its guarantees (an operation the lift offers,
///   no drop into a disabled container, a declared capacity never
///   exceeded). Which operation you choose is yours; the model follows it.
/// - `rules`: `geometry`, and the operation must be one the world's rules
///   allow for a drop into that collection.
///
/// Without one: the world's rules when it states them, else the model.
public enum FuzzOracle: String, CaseIterable, Sendable {
    case model
    case geometry
    case rules

    /// The engine's oracle; `rules` in a world without rules is `geometry`
    /// (nothing is stated, so no choice is wrong).
    public func configurationOracle(world: World?) -> ConfigurationOracle<Int, Int> {
        switch self {
        case .model: .model
        case .geometry: .geometry
        case .rules: world?.rulesOracle() ?? .geometry
        }
    }
}
