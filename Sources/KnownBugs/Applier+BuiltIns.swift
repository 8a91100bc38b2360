import ReorderCore

// The catalogue the CLI and the fuzzer name appliers from: the two correct
// ones of the core and the known-buggy ones of this module. It lives here,
// not in the core, so an app that embeds the core carries no buggy code.
extension Applier {
    /// The built-in appliers, in the order `--help` lists them: the one
    /// table every name comes from.
    @inlinable public static var builtIns: [Self] { [.canonical, .offsets, .arrayOrder, .selfAnchorToEnd, .insertBeforeRemove] }

    /// The names of `builtIns`, for the CLI and messages.
    public static var builtInNames: [String] { builtIns.map(\.name) }

    /// A built-in applier by name.
    @inlinable public static func named(_ name: String) -> Self? { builtIns.first { $0.name == name } }
}
