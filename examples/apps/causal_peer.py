#!/usr/bin/env python3
"""causal_peer.py: the causal model of replicas-v1 4.2, as an app (app protocol 2).

Peer to peer, no server. Every op carries a Lamport timestamp and its
origin's version vector (the tool sends both with each `deliver`, as
`lamport` and `vv`). A replica integrates an op only once it has integrated
every op the version vector names and the origin's previous op (causal
delivery; earlier arrivals wait; a copy of an op integrated or waiting is
ignored), and its data is the header's data with every integrated op replayed
by IDs (the canonical rule of dragrec-v1 3.1) in the total order (timestamp,
rank of the origin in `replicas`, seq). Two replicas that integrated the same
ops hold the same data, whatever the arrival order.

It claims the causal model itself (`supports` has no "merge-own"), so the
tool also compares its data with the model's after every answer. Meant to be
correct: a campaign finds nothing.

    dragreplay fuzz --replicas 3 --merge causal --app "python3 examples/apps/causal_peer.py"

Readings of section 8 where it leaves a choice (the host should match them):

- It reads the ID fields the tool carries in `deliver` (`kind`, `sources` or
  `items`, `collection`, `before`, `lamport`, `vv`) and never an op's
  `payload`; its local answers carry no `payload`. The origin of an op is the
  part of its id before `#` (a forwarded op's `from` is the forwarder).
- `vv` is read as an object {replica id: seq} (a missing replica is 0); an
  array, in `replicas` order, is read too.
- Acknowledgements: every `deliver` that carries an op is answered with
  `"send": [{"to": FROM, "payload": {"vv": {...}}}]`, this replica's version
  vector of integrated ops (in `replicas` order); a `deliver` without `id`
  with such a payload tells this replica what FROM has integrated.
- `resend`: to each other replica q in `replicas` order, every op this one
  has integrated and q is not known to have integrated (from q's ops, the
  ops q forwarded, and q's acknowledgements), in the total order, as
  `{"to": q, "id"}`. Empty when nothing is missing.
- Every answer of a state-changing request (not `reset`) carries
  `integrated`: the op ids integrated here, in the total order.
- A local request with an `id` always records an op, even one that changes
  nothing. Without `replica` in `reset` it is a lone replica: a protocol 1
  run works too.
"""
import json
import sys


class Data:
    """One replica's data: per collection (header order) its fixed entries and reorderable items."""

    def __init__(self, collections):
        self.order = [c.get("id") for c in collections]
        self.items = {c.get("id"): list(c.get("items") or []) for c in collections}
        self.fixed = {c.get("id"): list(c.get("fixed") or []) for c in collections}

    def copy(self):
        other = Data([])
        other.order = list(self.order)
        other.items = {c: list(v) for c, v in self.items.items()}
        other.fixed = {c: list(v) for c, v in self.fixed.items()}
        return other

    def reorderable(self):
        return {i for c in self.order for i in self.items[c]}

    def present(self):
        return {i for c in self.order for i in self.fixed[c] + self.items[c]}

    def collections(self):
        return [{"id": c, "items": list(self.items[c])} for c in self.order]

    # An op's ID fields, fixed at commit from this data (replicas-v1 3).

    def commit(self, request, seq_id):
        """The op a local request commits: {"id", "kind", "items", "collection", "before"}."""
        kind = request["op"]
        op = {"id": seq_id, "collection": request.get("collection"), "before": request.get("before")}
        if kind in ("apply", "relocate"):  # S of 3.1 step 1: present reorderable, first occurrence, in order
            listed = request["sources"] if kind == "apply" else request["items"]
            reorderable = self.reorderable()
            op.update(kind="move", items=[i for i in dict.fromkeys(listed) if i in reorderable])
        elif kind in ("receive", "insert"):  # the items it actually inserts: absent, first occurrence
            present = self.present()
            op.update(kind="insert", items=[i for i in dict.fromkeys(request["items"]) if i not in present])
            if kind == "insert":  # `before`: the item at `index` in that collection's reorderable items, or the end
                items, index = self.items.get(op["collection"], []), request.get("index")
                op["before"] = items[index] if index is not None and 0 <= index < len(items) else None
        elif kind == "delete":  # present, reorderable or fixed
            present = self.present()
            op.update(kind="delete", items=[i for i in dict.fromkeys(request["items"]) if i in present],
                      collection=None, before=None)
        else:
            raise ValueError(f"{kind!r} is not an op")
        return op

    def apply(self, op):
        """Applies an op by IDs: a move by 3.1, an insert as an external drop, a delete as v1's."""
        if op["kind"] == "move":
            self.move(op["items"], op["collection"], op["before"])
        elif op["kind"] == "insert":
            if op["collection"] in self.items:
                present = self.present()
                self.place([i for i in dict.fromkeys(op["items"]) if i not in present], op["collection"], op["before"])
        elif op["kind"] == "delete":
            gone = set(op["items"])
            for c in self.order:
                self.items[c] = [i for i in self.items[c] if i not in gone]
                self.fixed[c] = [i for i in self.fixed[c] if i not in gone]
        else:
            raise ValueError(f"unknown op kind {op['kind']!r}")

    def move(self, sources, collection, before):
        """The canonical apply rule, dragrec-v1 3.1."""
        reorderable = self.reorderable()
        moving = [i for i in dict.fromkeys(sources) if i in reorderable]
        if not moving or collection not in self.items:
            return
        s, target = set(moving), self.items[collection]
        anchor = before
        if before in s:  # the first item after it in the target that is not moving (none: the end)
            after = target[target.index(before) + 1:] if before in target else []
            anchor = next((i for i in after if i not in s), None)
        for c in self.order:
            self.items[c] = [i for i in self.items[c] if i not in s]
        self.place(moving, collection, anchor)

    def place(self, block, collection, anchor):
        """`block` right before `anchor`, or at the end when the anchor is not among the reorderable items."""
        items = self.items[collection]
        at = items.index(anchor) if anchor in items else len(items)
        items[at:at] = block


def carried_op(r):
    """The op a `deliver` carries, from the ID fields the tool sends with it."""
    kind = r["kind"]
    return {"id": r["id"], "kind": kind, "items": list(r["sources"] if kind == "move" else r["items"]),
            "collection": r.get("collection"), "before": r.get("before")}


class Peer:
    def __init__(self, me, ids, header):
        self.me, self.ids = me, list(ids)
        self.header = header
        self.data = header.copy()
        self.ops = {}  # integrated: id -> op (with origin, seq, lamport, vv)
        self.waiting = {}  # arrived, not yet deliverable
        self.vv = {r: 0 for r in self.ids}  # per origin, the highest seq integrated
        self.known = {r: {} for r in self.ids if r != me}  # what each peer has integrated, as far as we know
        self.own_seq = 0

    def key(self, op):
        """The total order: (timestamp, rank of origin in `replicas`, seq)."""
        rank = self.ids.index(op["origin"]) if op["origin"] in self.ids else len(self.ids)
        return (op["lamport"], rank, op["seq"])

    def in_order(self):
        return sorted(self.ops.values(), key=self.key)

    def integrated(self):
        return [op["id"] for op in self.in_order()]

    def vector(self):
        return {r: self.vv.get(r, 0) for r in self.ids} if self.ids else dict(self.vv)

    def local(self, r):
        self.own_seq += 1
        op_id = r.get("id") or f"{self.me}#{self.own_seq}"
        op = self.data.commit(r, op_id)
        op.update(origin=op_id.rsplit("#", 1)[0], seq=int(op_id.rsplit("#", 1)[1]),
                  lamport=1 + max((o["lamport"] for o in self.ops.values()), default=0), vv=self.vector())
        self.own_seq = op["seq"]
        self.integrate(op)
        self.data.apply(op)  # its timestamp exceeds every integrated one: it sorts last, as the replay would
        if self.me is None:  # a lone replica (protocol 1): data only
            return {"collections": self.data.collections()}
        return {"collections": self.data.collections(), "integrated": self.integrated()}

    def integrate(self, op):
        self.ops[op["id"]] = op
        self.vv[op["origin"]] = max(self.vv.get(op["origin"], 0), op["seq"])

    def deliverable(self, op):
        if self.vv.get(op["origin"], 0) != op["seq"] - 1:  # the origin's previous op first
            return False
        return all(self.vv.get(r, 0) >= n for r, n in op["vv"].items() if r != op["origin"])

    def learn(self, peer, vv):
        known = self.known.setdefault(peer, {})
        for r, n in vv.items():
            known[r] = max(known.get(r, 0), n)

    def deliver(self, r):
        sender, send = r.get("from"), []
        if "id" in r:
            op_id = r["id"]
            origin, seq = op_id.rsplit("#", 1)[0], int(op_id.rsplit("#", 1)[1])
            vv = self.read_vv(r.get("vv"))
            if sender in self.known:  # the sender has integrated this op and everything it knew
                self.learn(sender, {**vv, origin: seq})
            if op_id not in self.ops and op_id not in self.waiting:
                op = carried_op(r)
                op.update(origin=origin, seq=seq, lamport=r["lamport"], vv=vv)
                self.waiting[op_id] = op
                self.drain()
            if sender in self.known:
                send.append({"to": sender, "payload": {"vv": self.vector()}})
        else:
            payload = r.get("payload")
            if sender in self.known and isinstance(payload, dict) and "vv" in payload:
                self.learn(sender, self.read_vv(payload["vv"]))
        return {"collections": self.data.collections(), "integrated": self.integrated(), "send": send}

    def drain(self):
        """Integrates every waiting op whose causal past is integrated, then replays in the total order."""
        changed = True
        while changed:
            changed = False
            for op_id, op in sorted(self.waiting.items(), key=lambda e: self.key(e[1])):
                if self.deliverable(op):
                    del self.waiting[op_id]
                    self.integrate(op)
                    changed = True
        self.data = self.header.copy()
        for op in self.in_order():
            self.data.apply(op)

    def read_vv(self, vv):
        if isinstance(vv, list):
            vv = dict(zip(self.ids, vv))
        return {r: n for r, n in (vv or {}).items() if isinstance(n, int)}

    def resend(self):
        send = []
        for q in self.ids:
            if q == self.me:
                continue
            known = self.known.get(q, {})
            send += [{"to": q, "id": op["id"]} for op in self.in_order() if op["seq"] > known.get(op["origin"], 0)]
        return send


class App:
    name, supports = "causal-peer", ["replica"]

    def __init__(self):
        self.peer = Peer(None, [], Data([]))
        self.quiet = False  # no request but resend since the last resend

    def handle(self, r):
        op = r["op"]
        if op != "resend":
            self.quiet = False
        if op == "hello":
            return {"ok": True, "protocol": 2, "name": self.name, "supports": self.supports}
        if op == "bye":
            return {"ok": True}
        if op == "reset":
            if r.get("merge", "causal") != "causal":
                raise ValueError("causal_peer.py plays the causal model only (merge: causal)")
            self.peer = Peer(r.get("replica"), r.get("replicas") or [], Data(r["container"]["collections"]))
            return {"ok": True, "collections": self.peer.data.collections()}
        if op in ("apply", "relocate", "receive", "insert", "delete"):
            return {"ok": True, **self.peer.local(r)}
        if op == "deliver":
            return {"ok": True, **self.peer.deliver(r)}
        if op == "resend":
            # Nothing reached this replica since its last repair: it has
            # nothing new to say (replicas-v1 8.1), and the quiet period
            # loses nothing, so what it sent then has arrived. Without this
            # a replica whose peers never acknowledge (the model's) would
            # repeat itself forever.
            if self.quiet:
                return {"ok": True, "send": []}
            self.quiet = True
            return {"ok": True, "send": self.peer.resend()}
        if op in ("update", "enable", "disable", "lock", "unlock"):  # local, not replicated: no order change
            return {"ok": True, "collections": self.peer.data.collections()}
        if op == "reload":  # a state transfer: only outside replicas (an input error in version 3)
            self.peer = Peer(None, [], Data(r["collections"]))
            return {"ok": True, "collections": self.peer.data.collections()}
        raise ValueError(f"unknown op {op!r}")


def serve(app):
    """One answer line per request line, flushed; exits after `bye` or at end of stdin."""
    for line in sys.stdin.buffer:
        request = {}
        try:
            request = json.loads(line)
            answer = app.handle(request)
        except Exception as error:  # a failure is an answer too: {"ok":false}
            answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        print(json.dumps(answer), flush=True)
        if isinstance(request, dict) and request.get("op") == "bye":
            break


if __name__ == "__main__":
    serve(App())
