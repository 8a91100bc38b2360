#!/usr/bin/env python3
"""rebase_server.py: the server model of replicas-v1 4.1, as an app (app protocol 2).

One program plays either side; `reset` says which (`"replica": "server"` or a
client id such as "A"):

- The server applies ID-based differences (move, insert, delete; the canonical
  rule of dragrec-v1 3.1) in arrival order, each client's ops in that client's
  seq order (an op whose predecessor is missing is held; a copy of a held op is
  held once), numbers every op it applies 1, 2, ... and broadcasts `{id,
  number}` to every client. A duplicate of an op it applied is not applied
  again: its original broadcast goes back to its origin alone (`"to"`).
- A client keeps its confirmed data (numbers 1..k applied in number order; a
  number above k+1 is held, one at or below k ignored) and its pending ops
  (its own, not yet acknowledged by their broadcast), and shows the confirmed
  data with the pending ops replayed on top by IDs (4.1 steps 4-5: a rebase).

It claims the server model itself (`supports` has no "merge-own"), so the
tool also compares its data with the model's after every answer. Meant to be
correct: a campaign finds nothing.

    dragreplay fuzz --replicas 3 --merge server \\
        --app "python3 examples/apps/rebase_server.py" --app-server "python3 examples/apps/rebase_server.py"

Readings of section 8 where it leaves a choice (the host should match them):

- It reads the op's ID fields that the tool carries in `deliver` (`kind`,
  `sources` or `items`, `collection`, `before`, `number`) and never `payload`;
  its local answers and its broadcasts carry no `payload`.
- Acknowledgements: a client answers every `deliver` from the server with
  `"send": [{"to": "server", "payload": {"have": k}}]`, k its contiguous
  applied number. The server keeps, per client, the largest k it was told.
- `resend`: a client sends its pending ops again (`{"to": "server", "id"}` in
  seq order); the server sends each client, in `replicas` order, every number
  above that client's known k, ascending (`{"to", "id", "number"}`). Both are
  empty when nothing is missing.
- Every answer of a state-changing request (not `reset`) carries
  `integrated`: on a client the ops of numbers 1..k then its pending ops, on
  the server the ops it applied, in number order. The server's `deliver`
  answer always has `broadcast` (possibly empty).
- A local request with an `id` always records an op, even one that changes
  nothing (an unknown collection included). Without `replica` in `reset` the
  app is a lone replica whose ops stay pending: a protocol 1 run works too.
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


def seq_of(op_id):
    return int(op_id.rsplit("#", 1)[1])


class Client:
    """A client of 4.1: confirmed data (numbers 1..k) + pending ops replayed on top."""

    def __init__(self, me, header):
        self.me = me
        self.confirmed = header
        self.k = 0
        self.numbered = []  # op ids of numbers 1..k
        self.held = {}  # number -> op, above k+1
        self.pending = []  # own ops not yet acknowledged, seq order
        self.view = header.copy()

    def integrated(self):
        return self.numbered + [op["id"] for op in self.pending]

    def local(self, r):
        op = self.view.commit(r, r.get("id"))
        self.pending.append(op)
        self.view.apply(op)  # the last pending op: applying it now equals the replay
        if self.me is None:  # a lone replica (protocol 1): data only
            return {"collections": self.view.collections()}
        return {"collections": self.view.collections(), "integrated": self.integrated()}

    def deliver(self, r):
        if "id" in r and "number" in r:
            number = r["number"]
            if number > self.k:
                self.held.setdefault(number, carried_op(r))
            while self.k + 1 in self.held:  # number k+1, then any held k+2, ...
                op = self.held.pop(self.k + 1)
                self.confirmed.apply(op)
                self.k += 1
                self.numbered.append(op["id"])
                self.pending = [p for p in self.pending if p["id"] != op["id"]]
            self.rebase()
        # Every message from the server is acknowledged with k (a duplicate too: the server learns it).
        return {"collections": self.view.collections(), "integrated": self.integrated(),
                "send": [{"to": "server", "payload": {"have": self.k}}]}

    def rebase(self):
        """4.1 step 5: confirmed data, then every pending op again by IDs, in seq order."""
        self.view = self.confirmed.copy()
        for op in self.pending:
            self.view.apply(op)

    def resend(self):
        return [{"to": "server", "id": op["id"]} for op in self.pending]

    def data(self):
        return self.view


class Server:
    """The server of 4.1: per-client seq order, dedupe by id, numbering, broadcast."""

    def __init__(self, clients, header):
        self.clients = list(clients)
        self.data_ = header
        self.next_seq = {c: 1 for c in self.clients}
        self.held = {c: {} for c in self.clients}  # client -> seq -> op
        self.log = []  # op ids; number n is log[n - 1]
        self.number = {}  # op id -> number
        self.known = {c: 0 for c in self.clients}  # each client's contiguous k, as it told us

    def integrated(self):
        return list(self.log)

    def local(self, r):
        raise ValueError("the server has no sessions")

    def deliver(self, r):
        sender, broadcast = r.get("from"), []
        if "id" not in r:  # an acknowledgement {"have": k}
            have = (r.get("payload") or {}).get("have")
            if isinstance(have, int) and have > self.known.get(sender, 0):
                self.known[sender] = have
        elif r["id"] in self.number:  # a duplicate: its original broadcast, to its origin alone
            broadcast.append({"id": r["id"], "number": self.number[r["id"]], "to": r["id"].rsplit("#", 1)[0]})
        else:
            origin = r["id"].rsplit("#", 1)[0]
            self.next_seq.setdefault(origin, 1)
            held = self.held.setdefault(origin, {})
            seq = seq_of(r["id"])
            if seq >= self.next_seq[origin]:
                held.setdefault(seq, carried_op(r))
            while self.next_seq[origin] in held:  # this client's ops in seq order
                op = held.pop(self.next_seq[origin])
                self.next_seq[origin] += 1
                self.data_.apply(op)
                self.log.append(op["id"])
                self.number[op["id"]] = len(self.log)
                broadcast.append({"id": op["id"], "number": len(self.log)})
        return {"collections": self.data_.collections(), "integrated": self.integrated(), "broadcast": broadcast}

    def resend(self):
        return [{"to": c, "id": self.log[n - 1], "number": n}
                for c in self.clients for n in range(self.known.get(c, 0) + 1, len(self.log) + 1)]

    def data(self):
        return self.data_


class App:
    name, supports = "rebase-server", ["replica", "server"]

    def __init__(self):
        self.role = Client(None, Data([]))
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
            if r.get("merge", "server") != "server":
                raise ValueError("rebase_server.py plays the server model only (merge: server)")
            header = Data(r["container"]["collections"])
            me = r.get("replica")
            clients = [c for c in r.get("replicas") or [] if c != "server"]
            self.role = Server(clients, header) if me == "server" else Client(me, header)
            return {"ok": True, "collections": self.role.data().collections()}
        if op in ("apply", "relocate", "receive", "insert", "delete"):
            return {"ok": True, **self.role.local(r)}
        if op == "deliver":
            return {"ok": True, **self.role.deliver(r)}
        if op == "resend":
            # Nothing reached this replica since its last repair: it has
            # nothing new to say (replicas-v1 8.1), and the quiet period
            # loses nothing, so what it sent then has arrived. Without this
            # a replica whose peers never acknowledge (the model's) would
            # repeat itself forever.
            if self.quiet:
                return {"ok": True, "send": []}
            self.quiet = True
            return {"ok": True, "send": self.role.resend()}
        if op in ("update", "enable", "disable", "lock", "unlock"):  # local, not replicated: no order change
            return {"ok": True, "collections": self.role.data().collections()}
        if op == "reload":  # a state transfer: only outside replicas (an input error in version 3)
            self.role = Client(None, Data(r["collections"]))
            return {"ok": True, "collections": self.role.data().collections()}
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
