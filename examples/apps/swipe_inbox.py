#!/usr/bin/env python3
"""swipe_inbox.py: an inbox with swipe actions, as an app (app protocol v1 + swipe).

Its lists, apply and mutations are those of plain_lists.py (imported: the
canonical rule lives in one file); it also takes part in swipe actions: it
lists "swipe" in `supports`, keeps the flags of its messages, runs the
action handlers by ID (never by the row's index), and shows labels from the
current flags:

    open     {"op":"open","item":ID,"edge":E,"labels":[...]}  -> {"ok":true}
    close    {"op":"close","item":ID}                          -> {"ok":true}
    perform  {"op":"perform","item":ID,"edge":E,"action":NAME} -> collections and "flags"
    labels   {"op":"labels","item":ID,"edge":E}                -> {"ok":true,"labels":[...]}

The swipe section arrives with `reset` as `container.swipe` (every field
filled in). A destructive action deletes its item; a toggle flips its flag
(its label is `labelOn` while set); other actions change nothing. Flags
belong to present items: a deleted item's flags go.

    dragreplay replay --app "python3 examples/apps/swipe_inbox.py" corpora/regression
    dragreplay fuzz --app "python3 examples/apps/swipe_inbox.py"
"""
from plain_lists import App, serve


class SwipeInbox(App):
    name, supports = "swipe-inbox", ["apply", "swipe"]

    def reset(self, container):
        super().reset(container)
        swipe = container.get("swipe") or {}
        self.edges = {e: (swipe.get(e) or {}).get("actions") or [] for e in ("leading", "trailing")}
        self.flags = {f: set(items) for f, items in (swipe.get("flags") or {}).items()}

    def action(self, edge, name):
        """The action called `name` on `edge`: a name is unique on its edge only."""
        for a in self.edges.get(edge, []):
            if a["name"] == name:
                return a
        raise ValueError(f"no action named {name!r} on the {edge} edge")

    def reorderable(self, item):
        return any(item in self.items[c] for c in self.order)

    def labels(self, item, edge):
        if not self.reorderable(item):
            return []
        return [a["labelOn"] if a.get("toggle") and item in self.flags.get(a["toggle"], set()) else a["label"]
                for a in self.edges.get(edge, [])]

    def forget_gone(self):
        present = self.all_ids()
        self.flags = {f: {i for i in items if i in present} for f, items in self.flags.items()}

    def handle(self, r):
        op = r.get("op")
        if op in ("open", "close"):
            return {"ok": True}
        if op == "labels":
            return {"ok": True, "labels": self.labels(r["item"], r["edge"])}
        if op == "perform":
            a, item = self.action(r["edge"], r["action"]), r["item"]
            if a.get("role") == "destructive":  # by ID: the row's item, wherever it is now
                for c in self.order:
                    self.items[c] = [i for i in self.items[c] if i != item]
                self.locked.discard(item)
            elif a.get("toggle"):
                self.flags.setdefault(a["toggle"], set()).symmetric_difference_update({item})
            self.forget_gone()
            answer = super().handle({"op": "update", "item": item})  # the data, unchanged by update
            answer["flags"] = {f: sorted(items) for f, items in self.flags.items() if items}
            return answer
        answer = super().handle(r)
        if op in ("delete", "reload", "hello") and hasattr(self, "flags"):
            self.forget_gone()
        return answer


if __name__ == "__main__":
    serve(SwipeInbox())
