import DragFuzz
import DragReader
import DragRecording

let worldOption = OptionSpec(
    names: ["--world"], valueName: "FILE",
    help: "generate every case in this world: a recording whose header gives the collections, items, layout and rules (events ignored)")

let oracleOption = OptionSpec(
    names: ["--oracle"], valueName: "ORACLE", allowed: FuzzOracle.allCases.map(\.rawValue),
    help: "what judges a drop configuration: model, geometry or rules (default: the world's rules if it states any, else model)")

/// The world of `--world FILE` (its header; events are not read); `nil` without it.
func loadWorld(_ args: ParsedArguments) throws(UsageError) -> World? {
    guard let path = try args.path("--world") else { return nil }
    let header: RecordingHeader
    do { header = try RecordingReader(path: path).header } catch {
        throw UsageError("'--world' \(Format.shellQuoted(path)): \(error.diagnostic.message)")
    }
    do { return try World(header: header) } catch {
        throw UsageError("'--world' \(Format.shellQuoted(path)): \(error)")
    }
}

/// `--oracle NAME`; `nil` without it.
func oracle(_ args: ParsedArguments) -> FuzzOracle? { args.value("--oracle").flatMap(FuzzOracle.init(rawValue:)) }
