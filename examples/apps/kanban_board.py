#!/usr/bin/env python3
"""kanban_board.py: the Kanban board of the drop-configuration article, as an app.

It supports ["apply", "configure"]: its data, apply and mutations are those of
plain_lists.py (imported, so the canonical rule lives in one file), and it
answers `configure` the way the article's `dropConfiguration` closure does:

    let index = columnIndex(for: session.location)
    let column = columns.indices.contains(index) ? columns[index] : nil
    let allowed = session.suggestedOperations.contains(.move)
        && column != nil && !column!.cards.contains { $0.isLocked }

    private func columnIndex(for location: CGPoint) -> Int {
        let alignedX = location.x - spacing / 2
        return max(0, Int(alignedX / (columnWidth + spacing)))
    }

`columnIndex` is kept EXACTLY as published, and it is wrong: it shifts the
column boundaries right by `spacing` compared with the board's hit testing
(dragrec-v1 1.3, which splits each gap at its middle). A drop in the right half
of the gap before a column, or in the first spacing/2 points of the column
itself, targets the column to its left; so does a drop just right of the last
column (the model: no column, forbidden). That is the one bug a fuzzer should
report against this app:

    dragreplay fuzz --app "python3 examples/apps/kanban_board.py"

Everything else follows what a real board does for the article's syncing
advice and spec 3.3, so that this bug is the only finding:
- the layout comes from `reset` (`container.layout`, kind "board": columnWidth,
  spacing, width, height); any other kind is refused ({"ok":false}): this app
  draws a board and nothing else, and its hello says so ("layouts": ["board"]),
  so campaigns generate boards only;
- the container disabled (`isEnabled` off while syncing) -> "forbidden";
- a location outside the container (x < 0, y < 0, x >= width, y >= height) ->
  "forbidden";
- a locked card (item or fixed entry) in the column -> "forbidden", unless it
  is one of the dragged cards (it can only have been locked mid-drag);
- a column's `capacity`: only what the drop adds counts (dragged cards not
  already in that column, or all the cards of an external drag); reordering
  inside a column is never blocked (spec 3.3 step 5);
- the operation: "move" when the drag suggests it; a card dragged in from
  another app (external) is copied when "copy" is suggested (spec 3.3 step 3;
  the article's board only ever moves);
- the answer names the highlighted column (`"collection"`) only when the drop
  is allowed: a forbidden DropConfiguration has no destination to compare.
"""
from plain_lists import App, serve


class KanbanBoard(App):
    name, supports = "kanban-board", ["apply", "configure"]

    def reset(self, container):
        layout = container["layout"]
        if layout.get("kind") != "board":
            raise ValueError(f"a Kanban board needs layout kind 'board', not {layout.get('kind')!r}")
        self.column_width, self.spacing = layout["columnWidth"], layout.get("spacing") or 0
        self.width, self.height = layout["width"], layout["height"]
        super().reset(container)

    def column_index(self, x):
        """The article's columnIndex(for:), as published (the bug is here).
        Swift's Int() truncates toward zero, and so does Python's int()."""
        aligned_x = x - self.spacing / 2
        return max(0, int(aligned_x / (self.column_width + self.spacing)))

    def configure(self, r):
        index = self.column_index(r["x"])
        has_column = index < len(self.order)  # columns.indices.contains(index); an id may be null
        ops, external = r["ops"], r.get("external")
        dragged = set(r["items"] if external else r["sources"])
        if external:
            operation = "copy" if "copy" in ops else "move" if "move" in ops else "forbidden"
        else:
            operation = "move" if "move" in ops else "forbidden"
        inside = 0 <= r["x"] < self.width and 0 <= r["y"] < self.height
        if not (self.enabled and inside and has_column) or operation == "forbidden":
            return {"ok": True, "operation": "forbidden"}
        column = self.order[index]
        cards = self.items[column]
        locked = any(c in self.locked and c not in dragged for c in self.fixed[column] + cards)
        added = len(dragged) if external else len(dragged - set(cards))
        capacity = self.capacity[column]
        full = capacity is not None and added > 0 and len(cards) + added > capacity
        if locked or full:
            return {"ok": True, "operation": "forbidden"}
        return {"ok": True, "operation": operation, "collection": column}

    def handle(self, r):
        if r.get("op") == "hello":
            return {**super().handle(r), "layouts": ["board"]}
        return self.configure(r) if r.get("op") == "configure" else super().handle(r)


if __name__ == "__main__":
    serve(KanbanBoard())
