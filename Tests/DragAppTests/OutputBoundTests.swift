import DragSystem
import Foundation
import Glibc
import Testing

@testable import DragApp

/// Issue 23, class 15: what the app writes unasked is bounded. An app that
/// floods short lines while the tool is still writing a long request used
/// to grow the buffer without limit (191 MB, reallocating on every read).
extension AppProcessTests {
    @Suite("output bound")
    struct OutputBound {
        /// A request of 600 KB: more than a pipe holds, so the write takes many turns.
        static let longRequest = [UInt8](repeating: UInt8(ascii: "a"), count: 600_000)

        static let floods: [(String, String)] = [
            ("yes, never reading", "exec yes '{\"ok\":true}'"),
            ("one byte lines, never reading", "exec yes ''"),
            ("reads part of the request, then floods", "head -c 1000 > /dev/null; exec yes '{\"ok\":true}'"),
        ]

        @Test("a flood of short lines during a long write: outputFlood at the bound, in time, the app reaped", arguments: floods.indices)
        func flood(_ index: Int) throws {
            let limit = 1 << 20
            let app = try AppProcess(command: Self.floods[index].1, directory: nil, shell: "/bin/sh", lineLimit: limit)
            let (error, seconds) = timed { failure { try app.request(Self.longRequest, timeout: 20) } }
            #expect(error == .outputFlood(bytes: limit + 1 + LineBuffer.chunk), "\(Self.floods[index].0)")
            #expect(seconds < 5, "\(Self.floods[index].0): \(seconds) s")
            #expect(app.lines.storageCapacity <= limit + 1 + 2 * LineBuffer.chunk)
            #expect(isReaped(app.pid))
        }

        @Test("at the protocol's 16 MiB limit: the same, and the storage stays within one line plus two reads")
        func floodAtDefaultLimit() throws {
            let app = try AppProcess(command: "exec yes '{\"ok\":true}'")
            let (error, seconds) = timed { failure { try app.request(Self.longRequest, timeout: 30) } }
            #expect(error == .outputFlood(bytes: AppProcess.lineLimit + 1 + LineBuffer.chunk))
            #expect(seconds < 10, "\(seconds) s")
            #expect(app.lines.storageCapacity <= AppProcess.lineLimit + 1 + 2 * LineBuffer.chunk)
        }

        @Test("below the bound nothing fails: many short lines at once are answers for later requests")
        func manyLinesBelowTheBound() throws {
            // 5,000 lines at once, then one per request: well within the bound.
            let app = try AppProcess(
                command: "read x; i=0; while [ $i -lt 5000 ]; do echo $i; i=$((i+1)); done; cat > /dev/null", directory: nil,
                shell: "/bin/sh", lineLimit: 1 << 20)
            for i in 0..<5000 { #expect(try app.request(hello, timeout: 10) == bytes("\(i)")) }
        }

        @Test("the description names the bound")
        func description() {
            #expect(
                AppProcessError.outputFlood(bytes: 16 << 20).description
                    == "the app wrote more than 16 MiB that no request asked for; the app was killed")
        }
    }
}
