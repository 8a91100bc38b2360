#!/usr/bin/env python3
"""Drives the replica apps over app protocol 2 and checks their exact answers.

    python3 -m unittest examples/apps/test_replica_apps.py -v     # from the repository root
    python3 examples/apps/test_replica_apps.py

Each app runs as the tool runs it: `/bin/sh -c "python3 examples/apps/X.py"`
in the repository root, one process per replica, one JSON line each way. The
tests play the tool: they carry each op's ID fields (and payload) from one
process to another by hand, in the orders replicas-v1 4.1 and 4.2 talk about:

- rebase_server.py, two clients and a server: optimistic apply, the rebase of
  a pending op after a concurrent move, a duplicate delivery deduped on both
  sides, an out-of-sequence op held by the server and a number held by a
  client, acknowledgements and `resend`;
- causal_peer.py, three peers: the same ops delivered in two orders (one of
  them out of causal order) converge to the replay in (timestamp, rank, seq)
  order, and `resend` sends what a peer is not known to have;
- trello_positions.py: its two bugs on concrete exchanges (equal midpoints
  tie by card id; two blocks dropped in one gap interleave), exactly;
- adapter_example.py: a lost update asked for again by the state-vector
  exchange, and `resend` going quiet once nothing changes;
- all three: random schedules with loss, duplication and reordering, then an
  anti-entropy loop like 5.2's, converge (every replica, the server included,
  ends with the same data; a rough tool, not the model: no `reference` here).
"""
import json
import os
import random
import signal
import subprocess
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class AppProcess:
    """One app subprocess; `request` writes a line and reads the answer line."""

    def __init__(self, script):
        self.proc = subprocess.Popen(["/bin/sh", "-c", f"python3 examples/apps/{script}"],
                                     cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def request(self, request):
        self.proc.stdin.write(json.dumps(request).encode() + b"\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line.endswith(b"\n"):
            raise AssertionError(f"no complete answer line: {line!r} (exit status {self.proc.poll()})")
        answer = json.loads(line)
        if not isinstance(answer, dict):
            raise AssertionError(f"an answer is a JSON object, got {line!r}")
        return answer

    def close(self):
        answer = self.request({"op": "bye"})
        self.proc.stdin.close()
        status = self.proc.wait(timeout=10)
        self.proc.stdout.close()
        if answer != {"ok": True}:
            raise AssertionError(f"bye answered {answer}")
        return status


def container(items):
    """A normalised header container of one unnamed collection (a list)."""
    layout = {"kind": "list", "width": 320, "height": 800, "rowHeight": 44}
    return {"enabled": True, "layout": layout,
            "collections": [{"id": None, "items": list(items), "fixed": [], "locked": [], "capacity": None}]}


def cols(items):
    return [{"id": None, "items": list(items)}]


def relocate(op_id, items, before):
    return {"op": "relocate", "id": op_id, "items": items, "collection": None, "before": before}


def carry(op_id, kind, fields, **extra):
    """A `deliver` of an op as the tool carries it: its ID fields (replicas-v1 3) and `extra`."""
    return {"op": "deliver", "id": op_id, "kind": kind, **fields, **extra}


class ReplicaTestCase(unittest.TestCase):
    script = None

    def setUp(self):
        signal.signal(signal.SIGALRM, self.timeout)
        signal.alarm(60)  # an app that stops answering fails the test instead of hanging it
        self.apps = {}

    def tearDown(self):
        for app in self.apps.values():
            self.assertEqual(app.close(), 0)
        signal.alarm(0)

    @staticmethod
    def timeout(*_):
        raise TimeoutError("an app did not answer within 60 s")

    def start(self, replica, replicas, merge, items):
        """One process per replica, as the tool runs them: hello once, then reset for each case."""
        app = self.apps.get(replica)
        if app is None:
            app = self.apps[replica] = AppProcess(self.script)
            hello = app.request({"op": "hello", "protocol": 2, "tool": "test_replica_apps"})
            self.assertEqual(hello["protocol"], 2)
        got = app.request({"op": "reset", "container": container(items), "replica": replica,
                           "replicas": replicas, "merge": merge, "deletes": "win"})
        self.assertEqual(got, {"ok": True, "collections": cols(items)})
        return app


class RebaseServerTests(ReplicaTestCase):
    script = "rebase_server.py"

    def test_hello(self):
        app = self.apps["x"] = AppProcess(self.script)
        self.assertEqual(app.request({"op": "hello", "protocol": 2}),
                         {"ok": True, "protocol": 2, "name": "rebase-server", "supports": ["replica", "server"]})

    def test_optimistic_apply_rebase_after_a_concurrent_move_dedupe_and_acks(self):
        ids = ["A", "B"]
        a = self.start("A", ids, "server", "abcd")
        b = self.start("B", ids, "server", "abcd")
        s = self.start("server", ids, "server", "abcd")
        move_a = {"sources": ["c"], "collection": None, "before": "a"}
        move_b = {"sources": ["a"], "collection": None, "before": None}
        # Optimistic apply: each client shows its own op at once (4.1 step 5).
        self.assertEqual(a.request(relocate("A#1", ["c"], "a")),
                         {"ok": True, "collections": cols("cabd"), "integrated": ["A#1"]})
        self.assertEqual(b.request(relocate("B#1", ["a"], None)),
                         {"ok": True, "collections": cols("bcda"), "integrated": ["B#1"]})
        # The server gets B's first: arrival order; numbers 1 and 2, broadcast to every client.
        self.assertEqual(s.request(carry("B#1", "move", move_b, **{"from": "B"})),
                         {"ok": True, "collections": cols("bcda"), "integrated": ["B#1"],
                          "broadcast": [{"id": "B#1", "number": 1}]})
        self.assertEqual(s.request(carry("A#1", "move", move_a, **{"from": "A"})),
                         {"ok": True, "collections": cols("bdca"), "integrated": ["B#1", "A#1"],
                          "broadcast": [{"id": "A#1", "number": 2}]})
        # A gets number 1 (B's move): confirmed [b,c,d,a], its pending "c before a" rebased by IDs on top.
        ack = [{"to": "server", "payload": {"have": 1}}]
        self.assertEqual(a.request(carry("B#1", "move", move_b, **{"from": "server", "number": 1})),
                         {"ok": True, "collections": cols("bdca"), "integrated": ["B#1", "A#1"], "send": ack})
        # Its own number 2 acknowledges A#1: nothing pending, same data as the server.
        ack2 = [{"to": "server", "payload": {"have": 2}}]
        deliver_a1 = carry("A#1", "move", move_a, **{"from": "server", "number": 2})
        self.assertEqual(a.request(deliver_a1),
                         {"ok": True, "collections": cols("bdca"), "integrated": ["B#1", "A#1"], "send": ack2})
        # A duplicate delivery of number 2: ignored (still acknowledged).
        self.assertEqual(a.request(deliver_a1),
                         {"ok": True, "collections": cols("bdca"), "integrated": ["B#1", "A#1"], "send": ack2})
        # A duplicate of A#1 at the server: not applied again; its original broadcast to A alone.
        self.assertEqual(s.request(carry("A#1", "move", move_a, **{"from": "A"})),
                         {"ok": True, "collections": cols("bdca"), "integrated": ["B#1", "A#1"],
                          "broadcast": [{"id": "A#1", "number": 2, "to": "A"}]})
        # B gets number 2 first: held (not integrated, data unchanged); then 1 applies both.
        self.assertEqual(b.request(carry("A#1", "move", move_a, **{"from": "server", "number": 2})),
                         {"ok": True, "collections": cols("bcda"), "integrated": ["B#1"],
                          "send": [{"to": "server", "payload": {"have": 0}}]})
        self.assertEqual(b.request(carry("B#1", "move", move_b, **{"from": "server", "number": 1})),
                         {"ok": True, "collections": cols("bdca"), "integrated": ["B#1", "A#1"], "send": ack2})
        # Anti-entropy: the server sends what it was not told each client has; the clients have nothing pending.
        self.assertEqual(s.request({"op": "resend"}), {"ok": True, "send": [
            {"to": "A", "id": "B#1", "number": 1}, {"to": "A", "id": "A#1", "number": 2},
            {"to": "B", "id": "B#1", "number": 1}, {"to": "B", "id": "A#1", "number": 2}]})
        for client in ("A", "B"):
            self.assertEqual(s.request({"op": "deliver", "from": client, "payload": {"have": 2}}),
                             {"ok": True, "collections": cols("bdca"), "integrated": ["B#1", "A#1"], "broadcast": []})
        for app in (a, b, s):
            self.assertEqual(app.request({"op": "resend"}), {"ok": True, "send": []})

    def test_the_server_holds_an_out_of_sequence_op_and_clients_resend_pending_ops(self):
        ids = ["A", "B"]
        a = self.start("A", ids, "server", "abc")
        s = self.start("server", ids, "server", "abc")
        # A inserts x at index 1, then deletes b (and a missing z: not part of the op).
        self.assertEqual(a.request({"op": "insert", "id": "A#1", "items": ["x", "a"], "collection": None, "index": 1}),
                         {"ok": True, "collections": cols("axbc"), "integrated": ["A#1"]})
        self.assertEqual(a.request({"op": "delete", "id": "A#2", "items": ["b", "z"]}),
                         {"ok": True, "collections": cols("axc"), "integrated": ["A#1", "A#2"]})
        self.assertEqual(a.request({"op": "resend"}), {"ok": True, "send": [
            {"to": "server", "id": "A#1"}, {"to": "server", "id": "A#2"}]})
        insert = {"items": ["x"], "collection": None, "before": "b"}
        # A#2 reaches the server first: held, twice (a copy of a held op is held once).
        for _ in range(2):
            self.assertEqual(s.request(carry("A#2", "delete", {"items": ["b"]}, **{"from": "A"})),
                             {"ok": True, "collections": cols("abc"), "integrated": [], "broadcast": []})
        # A#1 arrives: applied, then the held A#2; numbers 1 and 2.
        self.assertEqual(s.request(carry("A#1", "insert", insert, **{"from": "A"})),
                         {"ok": True, "collections": cols("axc"), "integrated": ["A#1", "A#2"],
                          "broadcast": [{"id": "A#1", "number": 1}, {"id": "A#2", "number": 2}]})
        # A's acknowledgement of number 1 only: the server resends 2 to A, and both to B.
        s.request({"op": "deliver", "from": "A", "payload": {"have": 1}})
        self.assertEqual(s.request({"op": "resend"}), {"ok": True, "send": [
            {"to": "A", "id": "A#2", "number": 2},
            {"to": "B", "id": "A#1", "number": 1}, {"to": "B", "id": "A#2", "number": 2}]})
        # A gets number 1: A#1 confirmed, A#2 still pending (and re-sent).
        self.assertEqual(a.request(carry("A#1", "insert", insert, **{"from": "server", "number": 1})),
                         {"ok": True, "collections": cols("axc"), "integrated": ["A#1", "A#2"],
                          "send": [{"to": "server", "payload": {"have": 1}}]})
        self.assertEqual(a.request({"op": "resend"}), {"ok": True, "send": [{"to": "server", "id": "A#2"}]})

    def test_a_pending_insert_rebased_follows_its_anchor_by_id(self):
        ids = ["A", "B"]
        a = self.start("A", ids, "server", "abcd")
        # A inserts x before c (index 2); B's move of c to the top is numbered first.
        self.assertEqual(a.request({"op": "receive", "id": "A#1", "items": ["x"], "collection": None, "before": "c"}),
                         {"ok": True, "collections": cols("abxcd"), "integrated": ["A#1"]})
        got = a.request(carry("B#1", "move", {"sources": ["c"], "collection": None, "before": "a"},
                              **{"from": "server", "number": 1}))
        self.assertEqual(got["collections"], cols("xcabd"))  # x still right before c: IDs, not indices

    def test_refuses_the_causal_model(self):
        app = self.apps["x"] = AppProcess(self.script)
        app.request({"op": "hello", "protocol": 2})
        got = app.request({"op": "reset", "container": container("ab"), "replica": "A",
                           "replicas": ["A", "B"], "merge": "causal"})
        self.assertIs(got["ok"], False)


class CausalPeerTests(ReplicaTestCase):
    script = "causal_peer.py"
    ids = ["A", "B", "C"]

    def test_hello(self):
        app = self.apps["x"] = AppProcess(self.script)
        self.assertEqual(app.request({"op": "hello", "protocol": 2}),
                         {"ok": True, "protocol": 2, "name": "causal-peer", "supports": ["replica"]})

    def ops(self):
        """A: c before a; B, concurrently: a to the end; then B, after A's: b before c."""
        a = self.start("A", self.ids, "causal", "abc")
        b = self.start("B", self.ids, "causal", "abc")
        zero = {"A": 0, "B": 0, "C": 0}
        self.assertEqual(a.request(relocate("A#1", ["c"], "a")),
                         {"ok": True, "collections": cols("cab"), "integrated": ["A#1"]})
        self.assertEqual(b.request(relocate("B#1", ["a"], None)),
                         {"ok": True, "collections": cols("bca"), "integrated": ["B#1"]})
        a1 = carry("A#1", "move", {"sources": ["c"], "collection": None, "before": "a"}, lamport=1, vv=zero)
        b1 = carry("B#1", "move", {"sources": ["a"], "collection": None, "before": None}, lamport=1, vv=zero)
        # B integrates A#1: replay A#1 (1, rank 0) then B#1 (1, rank 1).
        self.assertEqual(b.request({**a1, "from": "A"}),
                         {"ok": True, "collections": cols("cba"), "integrated": ["A#1", "B#1"],
                          "send": [{"to": "A", "payload": {"vv": {"A": 1, "B": 1, "C": 0}}}]})
        self.assertEqual(b.request(relocate("B#2", ["b"], "c")),
                         {"ok": True, "collections": cols("bca"), "integrated": ["A#1", "B#1", "B#2"]})
        b2 = carry("B#2", "move", {"sources": ["b"], "collection": None, "before": "c"},
                   lamport=2, vv={"A": 1, "B": 1, "C": 0})
        # A gets B's two in order.
        self.assertEqual(a.request({**b1, "from": "B"})["collections"], cols("cba"))
        self.assertEqual(a.request({**b2, "from": "B"}),
                         {"ok": True, "collections": cols("bca"), "integrated": ["A#1", "B#1", "B#2"],
                          "send": [{"to": "B", "payload": {"vv": {"A": 1, "B": 2, "C": 0}}}]})
        return a1, b1, b2

    def test_two_arrival_orders_converge(self):
        a1, b1, b2 = self.ops()
        # C, first order: causal order.
        c = self.start("C", self.ids, "causal", "abc")
        self.assertEqual(c.request({**a1, "from": "A"})["collections"], cols("cab"))
        self.assertEqual(c.request({**b1, "from": "B"})["collections"], cols("cba"))
        self.assertEqual(c.request({**b2, "from": "B"}),
                         {"ok": True, "collections": cols("bca"), "integrated": ["A#1", "B#1", "B#2"],
                          "send": [{"to": "B", "payload": {"vv": {"A": 1, "B": 2, "C": 0}}}]})
        c.close()
        # C again, second order: B#2 first waits (it knew A#1), B#1 alone, then A#1 releases B#2.
        c = self.apps["C"] = AppProcess(self.script)
        c.request({"op": "hello", "protocol": 2})
        c.request({"op": "reset", "container": container("abc"), "replica": "C", "replicas": self.ids, "merge": "causal"})
        self.assertEqual(c.request({**b2, "from": "B"}),
                         {"ok": True, "collections": cols("abc"), "integrated": [],
                          "send": [{"to": "B", "payload": {"vv": {"A": 0, "B": 0, "C": 0}}}]})
        self.assertEqual(c.request({**b2, "from": "B"})["integrated"], [])  # a copy of a waiting op: ignored
        self.assertEqual(c.request({**b1, "from": "B"})["collections"], cols("bca"))  # B#1 alone: a to the end
        self.assertEqual(c.request({**a1, "from": "A"}),
                         {"ok": True, "collections": cols("bca"), "integrated": ["A#1", "B#1", "B#2"],
                          "send": [{"to": "A", "payload": {"vv": {"A": 1, "B": 2, "C": 0}}}]})
        self.assertEqual(c.request({**a1, "from": "A"})["collections"], cols("bca"))  # a duplicate: ignored

    def test_resend_sends_what_a_peer_is_not_known_to_have(self):
        self.ops()
        a, b = self.apps["A"], self.apps["B"]
        # A knows B has everything (B's ops carried B's vector); C told nobody anything.
        self.assertEqual(a.request({"op": "resend"}), {"ok": True, "send": [
            {"to": "C", "id": "A#1"}, {"to": "C", "id": "B#1"}, {"to": "C", "id": "B#2"}]})
        # B has not heard from A since A's op (A's ack is in flight): A#1 is known, B#1 and B#2 are not.
        self.assertEqual(b.request({"op": "resend"}), {"ok": True, "send": [
            {"to": "A", "id": "B#1"}, {"to": "A", "id": "B#2"},
            {"to": "C", "id": "A#1"}, {"to": "C", "id": "B#1"}, {"to": "C", "id": "B#2"}]})
        # The acknowledgements arrive: nothing to send to whoever told us.
        b.request({"op": "deliver", "from": "A", "payload": {"vv": {"A": 1, "B": 2, "C": 0}}})
        for peer in ("A", "B"):
            self.apps[peer].request({"op": "deliver", "from": "C", "payload": {"vv": {"A": 1, "B": 2, "C": 0}}})
            self.assertEqual(self.apps[peer].request({"op": "resend"}), {"ok": True, "send": []})

    def test_refuses_the_server_model(self):
        app = self.apps["x"] = AppProcess(self.script)
        app.request({"op": "hello", "protocol": 2})
        got = app.request({"op": "reset", "container": container("ab"), "replica": "A",
                           "replicas": ["A", "B"], "merge": "server"})
        self.assertIs(got["ok"], False)


class TrelloPositionsTests(ReplicaTestCase):
    script = "trello_positions.py"

    def test_hello(self):
        app = self.apps["x"] = AppProcess(self.script)
        self.assertEqual(app.request({"op": "hello", "protocol": 2}),
                         {"ok": True, "protocol": 2, "name": "trello-positions",
                          "supports": ["replica", "server", "merge-own"]})

    def exchange(self, items, op_a, op_b):
        """A and B commit at once; the server gets A's first, then B's; both clients get both broadcasts."""
        ids = ["A", "B"]
        a = self.start("A", ids, "server", items)
        b = self.start("B", ids, "server", items)
        s = self.start("server", ids, "server", items)
        got_a, got_b = a.request(op_a), b.request(op_b)
        answers = [s.request({"op": "deliver", "from": client, "id": got["payload"]["op"], "payload": got["payload"]})
                   for client, got in (("A", got_a), ("B", got_b))]
        broadcasts = [entry for answer in answers for entry in answer["broadcast"]]
        finals = {}
        for client, app in (("A", a), ("B", b)):
            for entry in broadcasts:
                finals[client] = app.request({"op": "deliver", "from": "server", "id": entry["id"],
                                              "number": entry["number"], "payload": entry["payload"]})
        return got_a, got_b, answers, finals

    def test_equal_midpoints_tie_by_card_id_not_by_server_order(self):
        # [a,b,c,d] at 65536, 131072, 196608, 262144. A: d before b; B: c before b: both 98304.
        got_a, got_b, answers, finals = self.exchange("abcd", relocate("A#1", ["d"], "b"), relocate("B#1", ["c"], "b"))
        self.assertEqual(got_a, {"ok": True, "collections": cols("adbc"), "integrated": ["A#1"],
                                 "payload": {"op": "A#1", "move": {"d": [None, 98304.0]}}})
        self.assertEqual(got_b, {"ok": True, "collections": cols("acbd"), "integrated": ["B#1"],
                                 "payload": {"op": "B#1", "move": {"c": [None, 98304.0]}}})
        self.assertEqual(answers[0], {"ok": True, "collections": cols("adbc"), "integrated": ["A#1"], "broadcast": [
            {"id": "A#1", "number": 1, "payload": {"number": 1, "op": "A#1", "set": {"d": [None, 98304.0]}, "delete": []}}]})
        # The server applied A's, then B's "c right before b"; the server model gives [a,d,c,b].
        # The tie puts c before d by card id instead: B's c no longer lands where B dropped it.
        self.assertEqual(answers[1]["collections"], cols("acdb"))
        for client in ("A", "B"):
            self.assertEqual(finals[client], {"ok": True, "collections": cols("acdb"), "integrated": (
                ["A#1", "B#1"] if client == "A" else ["B#1", "A#1"]), "send": [{"to": "server", "payload": {"have": 2}}]})

    def test_two_blocks_dropped_in_one_gap_interleave(self):
        # replicas-v1 7.4: [a,p,q,r,s]; A: [p,q] before a; B: [r,s] before a; both get 32768, 49152.
        got_a, got_b, answers, finals = self.exchange(
            "apqrs", relocate("A#1", ["p", "q"], "a"), relocate("B#1", ["r", "s"], "a"))
        self.assertEqual(got_a["payload"], {"op": "A#1", "move": {"p": [None, 32768.0], "q": [None, 49152.0]}})
        self.assertEqual(got_b["payload"], {"op": "B#1", "move": {"r": [None, 32768.0], "s": [None, 49152.0]}})
        self.assertEqual(got_a["collections"], cols("pqars"))
        self.assertEqual(got_b["collections"], cols("rsapq"))
        # Neither block stays whole: [p,r,q,s,a] on the server and both clients.
        self.assertEqual(answers[1]["collections"], cols("prqsa"))
        self.assertEqual(finals["A"]["collections"], cols("prqsa"))
        self.assertEqual(finals["B"]["collections"], cols("prqsa"))

    def test_resend_and_dedupe(self):
        ids = ["A", "B"]
        a = self.start("A", ids, "server", "ab")
        s = self.start("server", ids, "server", "ab")
        got = a.request({"op": "insert", "id": "A#1", "items": ["x"], "collection": None, "index": None})
        self.assertEqual(got, {"ok": True, "collections": cols("abx"), "integrated": ["A#1"],
                               "payload": {"op": "A#1", "create": {"x": [None, 196608.0]}}})
        # The message is lost; anti-entropy re-sends it with its payload.
        resent = a.request({"op": "resend"})
        self.assertEqual(resent, {"ok": True, "send": [{"to": "server", "id": "A#1", "payload": got["payload"]}]})
        first = s.request({"op": "deliver", "from": "A", "id": "A#1", "payload": got["payload"]})
        entry = {"id": "A#1", "number": 1, "payload": {"number": 1, "op": "A#1", "set": {"x": [None, 196608.0]}, "delete": []}}
        self.assertEqual(first["broadcast"], [entry])
        # A duplicate: not written again; its broadcast to A alone.
        again = s.request({"op": "deliver", "from": "A", "id": "A#1", "payload": got["payload"]})
        self.assertEqual(again["broadcast"], [{**entry, "to": "A"}])
        self.assertEqual(s.request({"op": "resend"}), {"ok": True, "send": [
            {"to": "A", **entry}, {"to": "B", **entry}]})
        a.request({"op": "deliver", "from": "server", **entry})
        self.assertEqual(a.request({"op": "resend"}), {"ok": True, "send": []})


class AdapterExampleTests(ReplicaTestCase):
    """adapter_example.py (docs/app-protocol.md's worked adapter): payloads only, state-vector sync."""
    script = "adapter_example.py"

    def test_hello(self):
        app = self.apps["A"] = AppProcess(self.script)
        hello = app.request({"op": "hello", "protocol": 2, "tool": "test_replica_apps"})
        self.assertEqual(hello, {"ok": True, "protocol": 2, "name": "adapter-example", "supports": ["replica", "merge-own"]})

    def test_a_lost_update_is_asked_for_again_and_resend_goes_quiet(self):
        a = self.start("A", ["A", "B"], "causal", "abc")
        b = self.start("B", ["A", "B"], "causal", "abc")
        first = a.request({"op": "apply", "sources": ["c"], "collection": None, "before": "a", "id": "A#1"})
        self.assertEqual(first["collections"], cols("cab"))
        second = a.request({"op": "delete", "items": ["b"], "id": "A#2"})
        self.assertEqual(second["collections"], cols("ca"))
        # A#1's message is lost; A#2's reaches B, which shows it on its own.
        got = b.request({"op": "deliver", "from": "A", "id": "A#2", "payload": second["payload"]})
        self.assertEqual(got, {"ok": True, "collections": cols("ac"), "send": []})
        # Anti-entropy: A's state vector; B answers with its own (A has more), A with the lost update.
        sv = a.request({"op": "resend"})["send"]
        self.assertEqual([m["to"] for m in sv], ["B"])
        ask = b.request({"op": "deliver", "from": "A", "payload": sv[0]["payload"]})
        self.assertEqual([m["to"] for m in ask["send"]], ["A"])
        answer = a.request({"op": "deliver", "from": "B", "payload": ask["send"][0]["payload"]})
        self.assertEqual([m["to"] for m in answer["send"]], ["B"])
        got = b.request({"op": "deliver", "from": "A", "payload": answer["send"][0]["payload"]})
        self.assertEqual(got["collections"], cols("ca"))
        # B's state changed: it says so once; then both are quiet.
        self.assertEqual(len(b.request({"op": "resend"})["send"]), 1)
        self.assertEqual(a.request({"op": "resend"}), {"ok": True, "send": []})
        self.assertEqual(b.request({"op": "resend"}), {"ok": True, "send": []})


def replay(items, ops):
    """A reference written from the spec text: ops by IDs on one list (dragrec-v1 3.1, 2.1, 2.2)."""
    data = list(items)
    for op in ops:
        if op["kind"] == "delete":
            data = [i for i in data if i not in op["items"]]
            continue
        if op["kind"] == "move":
            block = [i for i in dict.fromkeys(op["sources"]) if i in data]
            anchor = op["before"]
            if anchor in block:
                anchor = next((i for i in data[data.index(anchor) + 1:] if i not in block), None)
            data = [i for i in data if i not in block]
        else:
            block = [i for i in dict.fromkeys(op["items"]) if i not in data]
            anchor = op["before"]
        at = data.index(anchor) if anchor in data else len(data)
        data[at:at] = block
    return data


class Channel:
    """A rough tool: messages in flight between app processes, a nemesis, and 5.2's quiesce."""

    def __init__(self, test, script, ids, merge, items, rng, model):
        self.test, self.ids, self.merge, self.rng, self.items, self.model = test, ids, merge, rng, items, model
        self.replicas = ids + (["server"] if merge == "server" else [])
        self.apps = {r: test.start(r, ids, merge, items) for r in self.replicas}
        self.fields = {}  # op id -> its ID fields, as the tool records them
        self.flight = []  # (to, message)
        self.seq = {r: 0 for r in ids}
        self.data = {r: cols(items) for r in self.replicas}
        self.lamport, self.last_integrated = {}, {r: [] for r in self.replicas}

    def post(self, sender, entries):
        for e in entries:
            message = {"op": "deliver", "from": sender, "payload": e.get("payload")}
            if "id" in e:
                message.update(id=e["id"], **self.fields[e["id"]])
                if "number" in e:
                    message["number"] = e["number"]
            tos = [e["to"]] if "to" in e else [r for r in self.ids]
            self.flight += [(to, dict(message)) for to in tos]

    def answer(self, replica, request):
        got = self.apps[replica].request(request)
        self.test.assertIs(got["ok"], True, got)
        if "collections" in got:
            self.data[replica] = got["collections"]
        if "integrated" in got:
            self.last_integrated[replica] = got["integrated"]
            if self.model:  # 6.5 against the app's own `integrated`: numbers then pending (4.1), total order (4.2)
                want = replay(self.items, [self.fields[i] for i in got["integrated"]])
                self.test.assertEqual(got["collections"], cols(want), f"{replica} after {request}")
        self.post(replica, got.get("broadcast", []))
        self.post(replica, got.get("send", []))
        return got

    def commit(self, replica):
        items = [i for c in self.data[replica] for i in c["items"]]
        self.seq[replica] += 1
        op_id = f"{replica}#{self.seq[replica]}"
        kind = self.rng.choice(["move", "move", "move", "insert", "delete"])
        if kind == "move" and items:
            sources = self.rng.sample(items, self.rng.randint(1, min(2, len(items))))
            request = relocate(op_id, sources, self.rng.choice(items + [None]))
            fields = {"kind": "move", "sources": sources, "collection": None, "before": request["before"]}
        elif kind == "delete" and items:
            request = {"op": "delete", "id": op_id, "items": [self.rng.choice(items)]}
            fields = {"kind": "delete", "items": request["items"]}
        else:
            new = f"{replica.lower()}{self.seq[replica]}"
            before = self.rng.choice(items + [None])
            request = {"op": "receive", "id": op_id, "items": [new], "collection": None, "before": before}
            fields = {"kind": "insert", "items": [new], "collection": None, "before": before}
        self.fields[op_id] = fields  # recorded before the answer is checked; lamport and vv added below
        got = self.answer(replica, request)
        if self.merge == "causal":  # the op's timestamp and vector, from what it had integrated
            integrated = [i for i in got["integrated"] if i != op_id]
            fields["lamport"] = 1 + max((self.lamport[i] for i in integrated), default=0)
            fields["vv"] = {r: max([int(i.split("#")[1]) for i in integrated if i.split("#")[0] == r], default=0)
                            for r in self.ids}
            self.lamport[op_id] = fields["lamport"]
        message = {"op": "deliver", "from": replica, "id": op_id, **fields, "payload": got.get("payload")}
        tos = ["server"] if self.merge == "server" else [r for r in self.ids if r != replica]
        self.flight += [(to, dict(message)) for to in tos]

    def step(self):
        """The nemesis: deliver a random message, or lose or duplicate one."""
        if not self.flight:
            return
        at = self.rng.randrange(len(self.flight))
        roll = self.rng.random()
        if roll < 0.15:
            self.flight.pop(at)
        elif roll < 0.25:
            self.flight.append(self.flight[at])
        else:
            to, message = self.flight.pop(at)
            self.answer(to, message)

    def quiesce(self):
        for _ in range(20):
            while self.flight:
                to, message = self.flight.pop(0)
                self.answer(to, message)
            sent = False
            for r in self.replicas:
                sent |= bool(self.answer(r, {"op": "resend"})["send"])
            if not sent:
                return
        self.test.fail("no quiescence in 20 rounds")


class RandomScheduleTests(ReplicaTestCase):
    """Random schedules with loss, duplication and reordering converge after anti-entropy."""

    def run_schedules(self, script, merge, seeds, check=None):
        self.script = script
        for seed in seeds:
            rng = random.Random(seed)
            ids = ["A", "B", "C"]
            channel = Channel(self, script, ids, merge, "abcde", rng, check is not None)
            for _ in range(12):
                if rng.random() < 0.4:
                    channel.commit(rng.choice(ids))
                else:
                    channel.step()
            channel.quiesce()
            finals = {r: channel.data[r] for r in channel.replicas}
            self.assertEqual(len({json.dumps(d) for d in finals.values()}), 1, f"seed {seed}: {finals}")
            if check is not None:
                check(channel, seed)

    def check_model(self, channel, seed):
        """Every committed op integrated everywhere, and the data is their replay by the canonical rule in
        the model's order: the server's numbers (4.1), or (timestamp, rank, seq) (4.2)."""
        committed = sorted(channel.fields)
        for r in channel.replicas:
            self.assertEqual(sorted(channel.last_integrated[r]), committed, f"seed {seed}: {r}")
        if channel.merge == "server":
            order = channel.last_integrated["server"]
        else:
            order = sorted(committed, key=lambda i: (channel.lamport[i], channel.ids.index(i.split("#")[0]),
                                                     int(i.split("#")[1])))
        want = replay("abcde", [channel.fields[i] for i in order])
        for r in channel.replicas:
            self.assertEqual(channel.data[r], cols(want), f"seed {seed}: {r} after {order}")

    def test_rebase_server_converges(self):
        self.run_schedules("rebase_server.py", "server", range(60), self.check_model)

    def test_causal_peer_converges(self):
        self.run_schedules("causal_peer.py", "causal", range(60), self.check_model)

    def test_trello_positions_converges(self):
        self.run_schedules("trello_positions.py", "server", range(60))


if __name__ == "__main__":
    unittest.main()
