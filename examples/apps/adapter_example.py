#!/usr/bin/env python3
"""adapter_example.py: an adapter around a sync library (app protocol 2, merge-own).

The worked example of docs/app-protocol.md ("An adapter around a sync
library"). The top half is a stand-in for a Yjs-style library: a document
that takes local edits, encodes its state vector, encodes an update holding
what a state vector lacks, and applies updates (bytes in, bytes out). The
bottom half is the adapter, the part you write for your own library:

- `hello` lists "replica" and "merge-own": the merge is the library's, so the
  tool runs its model-free checks only (no `reference`).
- a local request (`apply`, `receive`, `insert`, `delete`, with the op's `id`)
  becomes a library edit; the answer's `payload` is the update that edit made,
  in base64, behind one type byte as y-protocols frames it (1: an update).
- `deliver` applies the payload and reads nothing else. A payload of type 0 is
  a peer's state vector (sync step 1): the answer `send`s that peer an update
  with what it lacks (sync step 2), and the state vector of this replica too
  when the peer has something this one lacks.
- `resend` sends every other replica this replica's state vector, in a message
  without `id`; it answers `{"send": []}` when the document did not change
  since its previous `resend` answer (the quiet period loses nothing, so the
  peers already answered that state vector).

Standard library only. Run it as the tool does:

    dragreplay fuzz --replicas 3 --merge causal --app "python3 examples/apps/adapter_example.py" --runs 300
"""
import base64
import json
import sys


# ---------------------------------------------------------------------------
# The stand-in library. A document is a log of ops, each with an id
# (client, clock) and a Lamport timestamp; the data is the initial data with
# every op replayed by item IDs in (lamport, client) order. Your library is
# whatever you use (Yjs, Automerge, Loro, your own); the adapter below only
# calls the four methods marked "API".
# ---------------------------------------------------------------------------

class ListDoc:
    def __init__(self, client, collections):
        self.client = client
        self.initial = [(c.get("id"), list(c.get("items") or []), list(c.get("fixed") or [])) for c in collections]
        self.ops = {}  # (client, clock) -> op
        self.clock = 0
        self.lists = self._replay()

    # API: local edits. Each records one op and applies it.
    def move(self, items, collection, before):
        self._local({"kind": "move", "items": items, "collection": collection, "before": before})

    def insert(self, items, collection, before):
        self._local({"kind": "insert", "items": items, "collection": collection, "before": before})

    def delete(self, items):
        self._local({"kind": "delete", "items": items})

    # API: the state vector, per client the highest clock held with no gap below it.
    def encode_state_vector(self):
        sv = {}
        for client in sorted({c for c, _ in self.ops}):
            clock = 0
            while (client, clock + 1) in self.ops:
                clock += 1
            sv[client] = clock
        return json.dumps(sv, sort_keys=True).encode()

    # API: an update holding every op that a state vector lacks.
    def encode_state_as_update(self, state_vector=b"{}"):
        sv = json.loads(state_vector)
        lacking = [dict(op, client=c, clock=k) for (c, k), op in sorted(self.ops.items()) if k > sv.get(c, 0)]
        return json.dumps(lacking, sort_keys=True).encode()

    # API: integrates an update (ops already held are skipped).
    def apply_update(self, update):
        for op in json.loads(update):
            key = (op.pop("client"), op.pop("clock"))
            self.ops.setdefault(key, op)
        self.lists = self._replay()

    # The data, per collection: (id, reorderable items).
    def collections(self):
        return [(cid, list(items)) for cid, items, _ in self.lists]

    def _local(self, op):
        self.clock += 1
        op["lamport"] = 1 + max((o["lamport"] for o in self.ops.values()), default=0)
        self.ops[(self.client, self.clock)] = op
        self.lists = self._replay()

    def _replay(self):
        lists = [(cid, list(items), list(fixed)) for cid, items, fixed in self.initial]
        for (client, _), op in sorted(self.ops.items(), key=lambda e: (e[1]["lamport"], e[0])):
            _apply(lists, op)
        return lists


def _apply(lists, op):
    """One op by item IDs: a block before its anchor (the end when the anchor is gone)."""
    present = {i for _, items, fixed in lists for i in items + fixed}
    if op["kind"] == "delete":
        gone = set(op["items"])
        for _, items, fixed in lists:
            items[:] = [i for i in items if i not in gone]
            fixed[:] = [i for i in fixed if i not in gone]
        return
    target = next((items for cid, items, _ in lists if cid == op["collection"]), None)
    if target is None:
        return
    if op["kind"] == "insert":
        block = [i for i in dict.fromkeys(op["items"]) if i not in present]
        anchor = op["before"]
    else:
        reorderable = {i for _, items, _ in lists for i in items}
        block = [i for i in dict.fromkeys(op["items"]) if i in reorderable]
        moving, anchor = set(block), op["before"]
        if anchor in moving:  # the first item after it that does not move
            rest = target[target.index(anchor) + 1:] if anchor in target else []
            anchor = next((i for i in rest if i not in moving), None)
        for _, items, _ in lists:
            items[:] = [i for i in items if i not in moving]
    at = target.index(anchor) if anchor in target else len(target)
    target[at:at] = block


# ---------------------------------------------------------------------------
# The adapter: app protocol 2 around the library.
# ---------------------------------------------------------------------------

STEP1, UPDATE = 0, 1  # the type byte in front of the library's bytes


def frame(kind, data):
    """A payload: base64 of one type byte and the library's bytes."""
    return base64.b64encode(bytes([kind]) + data).decode()


def unframe(payload):
    raw = base64.b64decode(payload)
    return raw[0], raw[1:]


class Adapter:
    def __init__(self):
        self.doc = None
        self.me, self.peers = None, []
        self.last_sv = None  # the state vector of the previous resend answer

    def answer(self, extra=None):
        answer = {"ok": True, "collections": [{"id": c, "items": items} for c, items in self.doc.collections()]}
        answer.update(extra or {})
        return answer

    def handle(self, r):
        op = r["op"]
        if op == "hello":
            return {"ok": True, "protocol": 2, "name": "adapter-example", "supports": ["replica", "merge-own"]}
        if op == "bye":
            return {"ok": True}
        if op == "reset":
            if r.get("merge") != "causal":
                raise ValueError("adapter_example.py syncs peer to peer: it plays the causal topology only")
            self.me = r["replica"]
            self.peers = [p for p in r["replicas"] if p != self.me]
            self.doc = ListDoc(self.me, r["container"]["collections"])
            self.last_sv = self.doc.encode_state_vector()
            return self.answer()
        if op in ("apply", "receive", "insert", "delete"):
            return self.answer({"payload": frame(UPDATE, self.local(r))})
        if op == "deliver":
            return self.answer({"send": self.receive(r["from"], r["payload"])})
        if op == "resend":
            sv = self.doc.encode_state_vector()
            if sv == self.last_sv:
                return {"ok": True, "send": []}
            self.last_sv = sv
            return {"ok": True, "send": [{"to": p, "payload": frame(STEP1, sv)} for p in self.peers]}
        if op in ("update", "enable", "disable", "lock", "unlock"):  # local, not synced: the order stays
            return self.answer()
        raise ValueError(f"unknown op {op!r}")

    def local(self, r):
        """A local commit as a library edit; returns the update it made."""
        before = self.doc.encode_state_vector()
        kind = r["op"]
        if kind == "apply":
            self.doc.move(r["sources"], r["collection"], r["before"])
        elif kind == "receive":
            self.doc.insert(r["items"], r["collection"], r["before"])
        elif kind == "insert":  # an index does not travel: the item at that index is the anchor
            items = dict(self.doc.collections()).get(r["collection"], [])
            index = r["index"]
            self.doc.insert(r["items"], r["collection"], items[index] if index is not None and index < len(items) else None)
        else:
            self.doc.delete(r["items"])
        return self.doc.encode_state_as_update(before)

    def receive(self, sender, payload):
        """A message from a peer: an update to apply, or a state vector to answer."""
        kind, data = unframe(payload)
        if kind == UPDATE:
            self.doc.apply_update(data)
            return []
        send = []
        lacking = self.doc.encode_state_as_update(data)
        if json.loads(lacking):  # sync step 2: what the peer lacks
            send.append({"to": sender, "payload": frame(UPDATE, lacking)})
        theirs, mine = json.loads(data), json.loads(self.doc.encode_state_vector())
        if any(clock > mine.get(client, 0) for client, clock in theirs.items()):  # it has ops this one lacks: ask
            send.append({"to": sender, "payload": frame(STEP1, self.doc.encode_state_vector())})
        return send


def serve(adapter):
    """One answer line per request line, flushed; a failure is an {"ok": false} answer."""
    for line in sys.stdin.buffer:
        request = {}
        try:
            request = json.loads(line)
            answer = adapter.handle(request)
        except Exception as error:
            answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
        if isinstance(request, dict) and request.get("op") == "bye":
            break


if __name__ == "__main__":
    serve(Adapter())
