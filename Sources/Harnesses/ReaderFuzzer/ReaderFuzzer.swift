import DragReader
import Foundation

// Feeds arbitrary bytes to the recording reader: it must report an error or
// a warning, never crash, whatever the input.

func readEverything(_ bytes: [UInt8]) {
    guard let reader = try? RecordingReader(bytes: bytes) else { return }
    while true {
        do { guard try reader.next() != nil else { return } } catch { return }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    readEverything(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

// SwiftPM links an executable's entry point as `ReaderFuzzer_main`; hand it to
// libFuzzer's driver, which parses libFuzzer's flags and runs the loop.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

@_cdecl("ReaderFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzReader(data, size) }
}
#else
/// Without libFuzzer: replays saved inputs (`ReaderFuzzer crash-abc ...`).
@main
struct ReaderFuzzerMain {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                continue
            }
            readEverything(Array(data))
            print("\(path): ok")
        }
    }
}
#endif
