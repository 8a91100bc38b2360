#!/usr/bin/env python3
"""plain_lists.py: the smallest complete app for DragReplay's app protocol v1.

The tool starts this program, writes one JSON request per line to its stdin
and reads exactly one JSON answer line per request from its stdout:

    hello    -> {"ok":true,"protocol":1,"name":"plain-lists","supports":["apply"]}
    reset, apply, receive, insert, delete, relocate, update, reload,
    enable, disable, lock, unlock
             -> {"ok":true,"collections":[{"id":"todo","items":["a","b"]}, ...]}
    bye      -> {"ok":true}, then exit (end of stdin exits too)

`collections` is every collection in header order with its reorderable items
(fixed items are never listed). A collection id is a string, or null for the
single collection of a container whose header has no id. An exception is
answered {"ok":false,"error":"..."}. The data is one Python list per collection,
and `move` is the canonical apply rule (dragrec-v1 3.1): copy it into your app.

    dragreplay fuzz --app "python3 examples/apps/plain_lists.py"
    dragreplay replay --app "python3 examples/apps/plain_lists.py" RECORDING.jsonl
    echo '{"op":"hello","protocol":1}' | python3 examples/apps/plain_lists.py
"""
import json
import sys


class App:
    name, supports = "plain-lists", ["apply"]

    def reset(self, container):
        # enabled, locked and capacity do not change an order; they are what a
        # `configure` answer reads (kanban_board.py builds on this class).
        self.enabled = container.get("enabled", True)
        self.locked = set()
        self.load(container["collections"])

    def load(self, collections):
        """Sets up every collection (reset, reload); their `locked` lists add locks."""
        self.order = [c.get("id") for c in collections]  # header order
        self.items = {c.get("id"): list(c.get("items") or []) for c in collections}
        self.fixed = {c.get("id"): list(c.get("fixed") or []) for c in collections}
        self.capacity = {c.get("id"): c.get("capacity") for c in collections}
        present = self.all_ids()
        self.locked = {i for i in self.locked if i in present}  # locks of items that still exist stay
        self.locked |= {i for c in collections for i in c.get("locked") or []}

    def all_ids(self):
        return {i for c in self.order for i in self.fixed[c] + self.items[c]}

    def new_ids(self, ids):
        """`ids` that are not in the data yet, duplicates dropped (existing IDs are skipped)."""
        present = self.all_ids()
        return [i for i in dict.fromkeys(ids) if i not in present]

    def move(self, sources, collection, before):
        """The canonical apply rule, dragrec-v1 3.1 (apply and relocate)."""
        # 1. S: the sources present and not fixed, first occurrence kept, in the difference's order.
        reorderable = {i for c in self.order for i in self.items[c]}
        moving = [i for i in dict.fromkeys(sources) if i in reorderable]
        # 2. An unknown target collection (or nothing to move): no change.
        if not moving or collection not in self.items:
            return
        s, target = set(moving), self.items[collection]
        # 3. An anchor that is itself moving: the first item after it in the
        #    target that is not moving (none, or not in the target: the end).
        anchor = before
        if before in s:
            after = target[target.index(before) + 1:] if before in target else []
            anchor = next((i for i in after if i not in s), None)
        # 4. Remove S from every collection, then insert it before the anchor.
        #    Remove first: inserting first lands every forward move one slot too far.
        for c in self.order:
            self.items[c] = [i for i in self.items[c] if i not in s]
        self.place(moving, collection, anchor)

    def place(self, block, collection, anchor):
        """Inserts `block` right before `anchor`, or at the end when the anchor
        is not among the collection's reorderable items (gone, fixed, elsewhere, null)."""
        items = self.items[collection]
        at = items.index(anchor) if anchor in items else len(items)
        items[at:at] = block

    def handle(self, r):
        op = r["op"]
        if op == "hello":
            return {"ok": True, "protocol": 1, "name": self.name, "supports": self.supports}
        if op == "bye":
            return {"ok": True}
        if op == "reset":
            self.reset(r["container"])
        elif op in ("apply", "relocate"):  # a drop's difference, or an outside reorder
            self.move(r["sources"] if op == "apply" else r["items"], r.get("collection"), r.get("before"))
        elif op == "receive":  # an external drop (dragrec-v1 2.1): new items only
            if r.get("collection") in self.items:
                self.place(self.new_ids(r["items"]), r.get("collection"), r.get("before"))
        elif op == "insert":  # index null or past the end: the end; unknown collection: skipped
            items = self.items.get(r.get("collection"))
            if items is not None:
                at = len(items) if r.get("index") is None else min(r["index"], len(items))
                items[at:at] = self.new_ids(r["items"])
        elif op == "delete":  # items and fixed alike; a deleted item is no longer locked
            gone = set(r["items"])
            for c in self.order:
                self.items[c] = [i for i in self.items[c] if i not in gone]
                self.fixed[c] = [i for i in self.fixed[c] if i not in gone]
            self.locked -= gone
        elif op == "update":  # a content change: the order stays
            pass
        elif op == "reload":  # replaces all data, fixed and capacity included
            self.load(r["collections"])
        elif op in ("enable", "disable"):
            self.enabled = op == "enable"
        elif op == "lock":  # missing IDs are skipped
            self.locked |= set(r["items"]) & self.all_ids()
        elif op == "unlock":
            self.locked -= set(r["items"])
        else:
            raise ValueError(f"unknown op {op!r}")
        return {"ok": True, "collections": [{"id": c, "items": self.items[c]} for c in self.order]}


def serve(app):
    """One answer line per request line, flushed; exits after `bye` or at end of stdin."""
    for line in sys.stdin.buffer:  # bytes: json.loads decodes UTF-8 whatever the locale
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
