import DragRecording
import Foundation
import ReorderCore
import ReorderReplicas
import Testing

@testable import DragApp

/// Replica apps over protocol 2 (replicas-v1 8), hosted by `AppReplicaPool`:
/// serialized with the other app process suites, whose sweeps
/// (`AppProcess.killLeftovers`) would otherwise take these apps too.
extension AppProcessTests {
    @Suite("replicas-v1 8: apps as replicas")
    struct ReplicaAppTests {
        typealias Container = ReorderContainer<StringID, StringID?>
        static let header = Container(collections: [.init(id: nil, items: ["a", "b", "c"])])
        static let layout = Layout<StringID>(kind: .list(rowHeight: 40), width: 320, height: 480)

        static func system(_ mode: String, log: String? = nil, model: ReplicaModel = .causal) throws -> (
            ReplicatedSystem<StringID, StringID?>, AppReplicaPool
        ) {
            let command = app("replica-modes") + " \(mode)" + (log.map { " '\($0)'" } ?? "")
            let pool = try AppReplicaPool(commands: .init(clients: command), timeout: mode.hasPrefix("hang") ? 1 : 5)
            let merge = pool.merge(ids: ["A", "B"], data: header, model: model, options: ReplicaOptions(), layout: layout)
            return (try ReplicatedSystem(ids: ["A", "B"], data: header, merge: merge), pool)
        }

        @Test("a payload reaches the peer byte for byte, with the op's id, kind and fields; reset names the replica")
        func payloadBytes() throws {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("replica-\(UUID().uuidString).log").path
            defer { try? FileManager.default.removeItem(atPath: log) }
            var (system, pool) = try Self.system("plain", log: log)
            defer { pool.close() }
            #expect(pool.ownMerge)
            try system.commit(.relocate(["a"], in: nil, before: nil), on: "A")
            _ = try system.deliver(MessageSelector(to: "B"))
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(
                lines.contains { $0.contains(#""replica":"A","replicas":["A","B"],"merge":"causal","deletes":"win","blocks":"whole"}"#) })
            #expect(lines.contains(#"{"op":"apply","sources":["a"],"collection":null,"before":null,"id":"A#1"}"#))
            #expect(
                lines.contains(
                    #"{"op":"deliver","from":"A","id":"A#1","lamport":1,"vv":{},"kind":"move","sources":["a"],"collection":null,"before":null,"payload":{"k":  [1, 2.50, "\u00e9"]}}"#
                ), "\(lines)")
            #expect(system.data(of: "A").collections[0].items.elementsEqual(["b", "c", "a"]))
        }

        @Test(
            "8.3: what an app sends is validated, and a failure names the replica and stops the run",
            arguments: [
                ("send-to-z", ReplicaCheck.appProtocol, "a message to \"Z\", which is not a replica of this recording"),
                ("broadcast", .appProtocol, "\"broadcast\" from a client; only the server broadcasts"),
                ("crash-deliver", .appCrash, "the app exited with status 3 before answering"),
                ("hang-deliver", .appTimeout, "no answer within 1 s; the app was killed"),
                ("no-collections", .appProtocol, "the answer has no \"collections\" array"),
                ("refuse-reset", .appError, "the app refused: \"no reset today\""),
            ])
        func failures(mode: String, check: ReplicaCheck, detail: String) throws {
            var (system, pool) = try Self.system(mode)
            defer { pool.close() }
            var found = try system.commit(.relocate(["a"], in: nil, before: nil), on: "A").violations
            if !system.isStopped { found += try system.deliver(MessageSelector(to: "B")) }
            #expect(found.map(\.check) == [check])
            #expect(found.first?.detail?.hasPrefix(detail) == true, "\(found.first?.detail ?? "")")
            #expect(found.first?.replicas == [["crash-deliver", "hang-deliver", "no-collections"].contains(mode) ? "B" : "A"])
            #expect(system.isStopped)
        }

        @Test("hello: protocol 1, or no \"replica\" in supports, stops before any case with what was expected")
        func hello() throws {
            #expect(throws: AppHostError.self) { try AppReplicaPool(commands: .init(clients: app("ok-false")), timeout: 5) }
            do {
                _ = try AppReplicaPool(commands: .init(server: app("replica-modes") + " plain"), timeout: 5)
                Issue.record("a client-only app was accepted as the server")
            } catch {
                #expect("\(error)".contains("\"supports\" must include \"server\" for the app to play the server"), "\(error)")
            }
        }

        @Test("processes are reused case after case: two clients, two processes")
        func reuse() throws {
            let pool = try AppReplicaPool(commands: .init(clients: app("replica-modes") + " plain"), timeout: 5)
            defer { pool.close() }
            for _ in 0..<3 {
                var system = try ReplicatedSystem(
                    ids: ["A", "B"], data: Self.header,
                    merge: pool.merge(ids: ["A", "B"], data: Self.header, model: .causal, options: ReplicaOptions(), layout: Self.layout))
                try system.commit(.relocate(["c"], in: nil, before: "a"), on: "B")
                #expect(system.quiesce().violations.map(\.check).contains(.convergence))
            }
            #expect(pool.idleCount == 2, "two processes, reused")
        }
        @Test("a quiet period overlaps the replicas: each round's deliveries and every resend are written before an answer is read")
        func quiescenceOverlaps() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rendezvous-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // Each app answers a deliver or a resend only when the other has
            // received its own: one host reading an answer before writing the
            // next request would see the first app exit (status 5).
            var (system, pool) = try Self.system("rendezvous", log: folder)
            defer { pool.close() }
            try system.commit(.relocate(["a"], in: nil, before: nil), on: "A")
            try system.commit(.relocate(["c"], in: nil, before: "a"), on: "B")
            let quiescence = system.quiesce()
            let checks = quiescence.violations.map(\.check)
            #expect(!checks.contains(.appCrash) && !checks.contains(.appTimeout), "\(quiescence.violations)")
            #expect(quiescence.settled && checks.contains(.convergence), "\(quiescence.violations)")
            let marks = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(marks == ["A.d1", "A.r1", "B.d1", "B.r1"], "\(marks)")
        }
    }
}
