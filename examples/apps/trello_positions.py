#!/usr/bin/env python3
"""trello_positions.py: Trello's position column, as an app (app protocol 2), bugs included.

Every card has a float `pos` in its list; a list shows its cards sorted by
(pos, card id). One program plays either side; `reset` says which
(`"replica": "server"` or a client id such as "A"):

- A client computes positions for a moved or inserted block from its
  neighbours as it sees them: with lo the position of the card before the gap
  (0 at the top) and hi that of the card after it, the block gets consecutive
  midpoints (lo+hi)/2, then (that+hi)/2, ...; at the end of a list, the last
  position + 65536 for each card in turn. It sends those writes as its
  payload, `{"op": id, "move"|"create": {card: [list, pos]}}` or `{"op": id,
  "delete": [cards]}`, and shows them at once (an optimistic client: its
  unacknowledged writes stay on top of what the server said).
- The server applies each client's requests in that client's order (a
  client's request queue is serial; an early arrival is held), a request it
  already applied is answered with its original broadcast to the sender
  alone, and the last write wins per card in arrival order (a move of a
  deleted card is ignored, a create of an existing card too). It numbers each
  request and broadcasts what it wrote: `{"number": n, "op": id, "set":
  {card: [list, pos]}, "delete": [cards]}`.
- A client applies broadcasts as they arrive, per card the write of the
  highest number winning, and drops its own pending request when its
  broadcast comes back.

It converges, but it is not the server model: it declares "merge-own", so
only the model-free checks apply (not `reference`). Its real bugs, kept on
purpose (it is the example a campaign should find bugs in):

- equal midpoints from two clients tie, and a tie is ordered by card id,
  not by what either user did or by the server's order (replicas-v1 7.3's
  fractional-tie, converged). Two such moves alone are explained by the
  other serial order, so `intent` flags a tie only where causality rules
  that order out;
- two blocks dropped into one gap at once interleave: both get the same
  midpoints (7.4's block-interleave: `intent`);
- positions are floats: about 55 drops into one gap collapse the midpoints
  (float-collapse), and the collapsed cards tie by id too.

    dragreplay fuzz --replicas 3 --merge server \\
        --app "python3 examples/apps/trello_positions.py" --app-server "python3 examples/apps/trello_positions.py"

Readings of section 8 where it leaves a choice (the host should match them):

- It reads `payload` only (and `from`); every local answer carries the
  request's `payload`, every server broadcast its own.
- Acknowledgements: a client answers every `deliver` from the server with
  `"send": [{"to": "server", "payload": {"have": k}}]`, k the highest number
  below which it has every number. The server keeps, per client, the largest
  k it was told.
- `resend`: a client sends its pending requests again (`{"to": "server",
  "id", "payload"}`, in seq order); the server sends each client, in
  `replicas` order, every number above that client's known k, ascending
  (`{"to", "id", "number", "payload"}`). Both are empty when nothing is
  missing.
- Every answer of a state-changing request (not `reset`) carries
  `integrated`: on a client its own ops, then the ops of the broadcasts it
  applied, in arrival order; on the server the ops it applied, in number
  order. The server's `deliver` answer always has `broadcast`.
- Star topology only: `reset` with `"merge": "causal"` is refused.
"""
import json
import sys

STEP = 65536.0  # Trello's spacing: the header's cards get 65536, 131072, ...


class Board:
    """Positions per card: {card: (list, pos)}, fixed entries per list; shows lists by (pos, card id)."""

    def __init__(self, collections):
        self.order = [c.get("id") for c in collections]
        self.fixed = {c.get("id"): list(c.get("fixed") or []) for c in collections}
        self.cards = {}
        for c in collections:
            for i, card in enumerate(dict.fromkeys(c.get("items") or [])):
                self.cards.setdefault(card, (c.get("id"), STEP * (i + 1)))

    def copy(self):
        other = Board([])
        other.order, other.fixed, other.cards = list(self.order), {c: list(v) for c, v in self.fixed.items()}, dict(self.cards)
        return other

    def items(self, collection):
        return [card for card, _ in sorted(((card, pos) for card, (c, pos) in self.cards.items() if c == collection),
                                           key=lambda e: (e[1], e[0]))]

    def collections(self):
        return [{"id": c, "items": self.items(c)} for c in self.order]

    def present(self):
        return set(self.cards) | {i for c in self.order for i in self.fixed[c]}

    def positions(self, block, collection, anchor):
        """Positions for `block` placed right before `anchor` in `collection` (the end when it is not there)."""
        rest = [i for i in self.items(collection) if i not in set(block)]
        j = rest.index(anchor) if anchor in rest else len(rest)
        lo = self.cards[rest[j - 1]][1] if j > 0 else 0.0
        out = []
        for _ in block:
            if j < len(rest):  # consecutive midpoints towards the card after the gap
                lo = (lo + self.cards[rest[j]][1]) / 2
            else:  # past the last card
                lo = lo + STEP
            out.append(lo)
        return dict(zip(block, ([collection, p] for p in out)))

    def request(self, r):
        """The payload a local request sends, from what this client sees now (without its "op")."""
        kind, collection = r["op"], r.get("collection")
        if kind == "delete":
            present = self.present()
            return {"delete": [i for i in dict.fromkeys(r["items"]) if i in present]}
        if collection not in self.order:
            return {"move" if kind in ("apply", "relocate") else "create": {}}
        if kind in ("apply", "relocate"):
            block = [i for i in dict.fromkeys(r["sources"] if kind == "apply" else r["items"]) if i in self.cards]
            s, target, anchor = set(block), self.items(collection), r.get("before")
            if anchor in s:  # 3.1: an anchor among the sources is the first card after it that is not moving
                after = target[target.index(anchor) + 1:] if anchor in target else []
                anchor = next((i for i in after if i not in s), None)
            return {"move": self.positions(block, collection, anchor)}
        if kind in ("receive", "insert"):
            present = self.present()
            block = [i for i in dict.fromkeys(r["items"]) if i not in present]
            anchor = r.get("before")
            if kind == "insert":
                items, index = self.items(collection), r.get("index")
                anchor = items[index] if index is not None and 0 <= index < len(items) else None
            return {"create": self.positions(block, collection, anchor)}
        raise ValueError(f"{kind!r} is not an op")

    def write(self, payload):
        """Applies a request's writes; answers what was written ({"set", "delete"})."""
        written, deleted = {}, []
        for card, (c, pos) in (payload.get("move") or {}).items():
            if card in self.cards and c in self.fixed:  # a move of a deleted card: ignored
                self.cards[card] = (c, pos)
                written[card] = [c, pos]
        for card, (c, pos) in (payload.get("create") or {}).items():
            if card not in self.present() and c in self.fixed:  # a create of an existing card: ignored
                self.cards[card] = (c, pos)
                written[card] = [c, pos]
        for card in payload.get("delete") or []:
            if card in self.present():
                self.cards.pop(card, None)
                for c in self.order:
                    self.fixed[c] = [i for i in self.fixed[c] if i != card]
                deleted.append(card)
        return {"set": written, "delete": deleted}


class Client:
    def __init__(self, me, header):
        self.me = me
        self.server = header  # what the server said, per card the write of the highest number
        self.stamp = {card: 0 for card in header.cards}  # card -> number of the write it shows
        self.numbers = set()  # numbers applied
        self.seen = []  # op ids of the broadcasts applied, in arrival order
        self.mine = []  # own op ids, committed
        self.pending = []  # own requests not yet acknowledged: (id, payload)
        self.view = header.copy()

    def k(self):
        k = 0
        while k + 1 in self.numbers:
            k += 1
        return k

    def integrated(self):
        return self.mine + [i for i in self.seen if i not in self.mine]

    def local(self, r):
        op_id = r.get("id")
        payload = {"op": op_id, **self.view.request(r)}
        self.pending.append((op_id, payload))
        self.mine.append(op_id)
        self.view.write(payload)
        if self.me is None:  # a lone replica (protocol 1): data only
            return {"collections": self.view.collections()}
        return {"collections": self.view.collections(), "payload": payload, "integrated": self.integrated()}

    def deliver(self, r):
        b = r.get("payload") or {}
        n = b.get("number")
        if isinstance(n, int) and n not in self.numbers:
            self.numbers.add(n)
            self.seen.append(b.get("op"))
            for card, (c, pos) in (b.get("set") or {}).items():
                if n > self.stamp.get(card, -1):
                    self.stamp[card] = n
                    self.server.cards[card] = (c, pos)
            for card in b.get("delete") or []:
                if n > self.stamp.get(card, -1):
                    self.stamp[card] = n
                    self.server.cards.pop(card, None)
                for c in self.server.order:
                    self.server.fixed[c] = [i for i in self.server.fixed[c] if i != card]
            self.pending = [(i, p) for i, p in self.pending if i != b.get("op")]
            self.view = self.server.copy()
            for _, payload in self.pending:  # optimistic: own unacknowledged writes on top
                self.view.write(payload)
        return {"collections": self.view.collections(), "integrated": self.integrated(),
                "send": [{"to": "server", "payload": {"have": self.k()}}]}

    def resend(self):
        return [{"to": "server", "id": i, "payload": p} for i, p in self.pending]

    def data(self):
        return self.view


class Server:
    def __init__(self, clients, header):
        self.clients = list(clients)
        self.board = header
        self.next_seq = {}
        self.held = {}  # client -> seq -> payload
        self.log = []  # (op id, broadcast payload); number n is log[n - 1]
        self.number = {}
        self.known = {c: 0 for c in self.clients}

    def integrated(self):
        return [i for i, _ in self.log]

    def local(self, r):
        raise ValueError("the server has no sessions")

    def deliver(self, r):
        sender, payload, broadcast = r.get("from"), r.get("payload") or {}, []
        op_id = payload.get("op")
        if op_id is None:  # an acknowledgement {"have": k}
            have = payload.get("have")
            if isinstance(have, int) and have > self.known.get(sender, 0):
                self.known[sender] = have
        elif op_id in self.number:  # already applied: its broadcast again, to the sender alone
            n = self.number[op_id]
            broadcast.append({"id": op_id, "number": n, "payload": self.log[n - 1][1], "to": sender})
        else:
            seq = int(op_id.rsplit("#", 1)[1])
            held = self.held.setdefault(sender, {})
            if seq >= self.next_seq.setdefault(sender, 1):
                held.setdefault(seq, (op_id, payload))
            while self.next_seq[sender] in held:
                op_id, payload = held.pop(self.next_seq[sender])
                self.next_seq[sender] += 1
                n = len(self.log) + 1
                out = {"number": n, "op": op_id, **self.board.write(payload)}
                self.log.append((op_id, out))
                self.number[op_id] = n
                broadcast.append({"id": op_id, "number": n, "payload": out})
        return {"collections": self.board.collections(), "integrated": self.integrated(), "broadcast": broadcast}

    def resend(self):
        return [{"to": c, "id": self.log[n - 1][0], "number": n, "payload": self.log[n - 1][1]}
                for c in self.clients for n in range(self.known.get(c, 0) + 1, len(self.log) + 1)]

    def data(self):
        return self.board


class App:
    name, supports = "trello-positions", ["replica", "server", "merge-own"]

    def __init__(self):
        self.role = Client(None, Board([]))
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
                raise ValueError("trello_positions.py is a star through its server (merge: server)")
            header = Board(r["container"]["collections"])
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
            self.role = Client(None, Board(r["collections"]))
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
