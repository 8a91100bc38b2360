/// The shrinker's passes, in the order each round runs them (`allCases`):
/// the coarse ones first, since a deleted step takes every choice it drew
/// with it. Each takes a failing choice sequence and tries smaller ones;
/// every candidate goes back through the generator (`CaseRunner`), so
/// whatever a pass keeps is a valid case. The contracts are on the
/// `Shrinker` methods of the same names.
package enum ShrinkPass: CaseIterable, Sendable {
    /// Delete one step's choices.
    case deleteSteps
    /// Delete two steps at once, up to three apart (a lift with its drop).
    case deleteStepPairs
    /// Delete runs of 16 down to 1 choices.
    case deleteBlocks
    /// Set runs of 8 down to 1 choices to 0.
    case zeroBlocks
    /// Lower a value by one and delete a few of the choices after it.
    case lowerAndDelete
    /// Halve or decrement one value.
    case lowerValues
}
