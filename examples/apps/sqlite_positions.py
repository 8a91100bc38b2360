#!/usr/bin/env python3
"""sqlite_positions.py: an app whose data lives in a SQL table with a position column.

The same protocol and the same orders as plain_lists.py, but the way a
database-backed app stores a reorderable list: one row per item, ordered by an
integer `position`, changed with UPDATE / INSERT / DELETE and read back with
ORDER BY position. Every request runs in one transaction (an error rolls it
back and is answered {"ok":false}).

Positions are integers. Inserting a block before an anchor shifts the anchor
and everything after it by the block's length (the renumbering), so positions
never tie and never run out of room between two rows, the precision bug of
fractional positions (midpoint after midpoint) that this app does not have.
Gaps left by removed rows are harmless: only the order counts.

    dragreplay fuzz --app "python3 examples/apps/sqlite_positions.py"
"""
import sqlite3

from plain_lists import serve  # the transport: one JSON line in, one JSON line out

SCHEMA = """
CREATE TABLE collections (rank INTEGER PRIMARY KEY, id TEXT);  -- header order; id NULL: unnamed
CREATE TABLE items (
    id TEXT PRIMARY KEY,
    collection TEXT,               -- a collections.id (compare with IS: it may be NULL)
    position INTEGER NOT NULL,     -- the order inside the collection
    fixed INTEGER NOT NULL,        -- 1: a fixed entry, never listed, never moved
    locked INTEGER NOT NULL DEFAULT 0);
CREATE INDEX items_order ON items (collection, fixed, position);
CREATE TEMP TABLE moving (id TEXT PRIMARY KEY, rank INTEGER NOT NULL);  -- S of the apply rule
"""


class SqliteApp:
    name, supports = "sqlite-positions", ["apply"]

    def __init__(self):
        self.db = sqlite3.connect(":memory:")
        self.db.executescript(SCHEMA)
        self.enabled = True

    def sql(self, query, *args):
        return self.db.execute(query, args)

    def one(self, query, *args):
        row = self.sql(query, *args).fetchone()
        return row[0] if row else None

    def load(self, collections):
        """Replaces all rows (reset, reload); locks of items that still exist stay."""
        kept = [r[0] for r in self.sql("SELECT id FROM items WHERE locked = 1")]
        self.sql("DELETE FROM items")
        self.sql("DELETE FROM collections")
        for rank, c in enumerate(collections):
            self.sql("INSERT INTO collections (rank, id) VALUES (?, ?)", rank, c.get("id"))
            for fixed, key in ((1, "fixed"), (0, "items")):
                rows = [(i, c.get("id"), p, fixed) for p, i in enumerate(c.get(key) or [])]
                self.db.executemany("INSERT INTO items (id, collection, position, fixed) VALUES (?, ?, ?, ?)", rows)
        locked = kept + [i for c in collections for i in c.get("locked") or []]
        self.db.executemany("UPDATE items SET locked = 1 WHERE id = ?", [(i,) for i in locked])

    def known(self, collection):
        return self.one("SELECT 1 FROM collections WHERE id IS ?", collection) is not None

    def position(self, item, collection):
        """`item`'s position when it is one of the collection's reorderable items, else None."""
        return self.one("SELECT position FROM items WHERE id IS ? AND collection IS ? AND fixed = 0", item, collection)

    def make_room(self, collection, anchor, count):
        """Returns where a block of `count` rows goes: the anchor's position, after
        shifting the anchor and every later item by `count`; or past the last item
        when the anchor is not among the collection's reorderable items."""
        at = self.position(anchor, collection)
        if at is None:
            return self.one("""SELECT COALESCE(MAX(position) + 1, 0) FROM items
                               WHERE collection IS ? AND fixed = 0""", collection)
        self.sql("""UPDATE items SET position = position + ?
                    WHERE collection IS ? AND fixed = 0 AND position >= ?""", count, collection, at)
        return at

    def move(self, sources, collection, before):
        """The canonical apply rule, dragrec-v1 3.1, in SQL."""
        # 1. S: sources present and not fixed; OR IGNORE keeps the first of duplicates.
        self.sql("DELETE FROM moving")
        self.db.executemany("""INSERT OR IGNORE INTO moving
                               SELECT id, ? FROM items WHERE id = ? AND fixed = 0""", enumerate(sources))
        moving = [r[0] for r in self.sql("SELECT id FROM moving ORDER BY rank")]
        # 2. Nothing to move, or an unknown collection: no change.
        if not moving or not self.known(collection):
            return
        # 3. An anchor that is itself moving: the first non-moving item after it in the target.
        anchor = before
        if before in moving:
            at = self.position(before, collection)
            anchor = None if at is None else self.one(
                """SELECT id FROM items WHERE collection IS ? AND fixed = 0 AND position > ?
                   AND id NOT IN (SELECT id FROM moving) ORDER BY position LIMIT 1""", collection, at)
        # 4. Open a gap before the anchor and move S into it, in S's order.
        at = self.make_room(collection, anchor, len(moving))
        self.db.executemany("UPDATE items SET collection = ?, position = ? WHERE id = ?",
                            [(collection, at + k, i) for k, i in enumerate(moving)])

    def add(self, ids, collection, anchor):
        """Inserts the IDs that are not in the table yet before `anchor` (or at the end)."""
        exists = lambda i: self.one("SELECT 1 FROM items WHERE id = ?", i) is not None
        new = [i for i in dict.fromkeys(ids) if not exists(i)]
        at = self.make_room(collection, anchor, len(new))
        self.db.executemany("INSERT INTO items (id, collection, position, fixed) VALUES (?, ?, ?, 0)",
                            [(i, collection, at + k) for k, i in enumerate(new)])

    def handle(self, r):
        op = r["op"]
        if op == "hello":
            return {"ok": True, "protocol": 1, "name": self.name, "supports": self.supports}
        if op == "bye":
            return {"ok": True}
        with self.db:  # one transaction: committed, or rolled back by an exception
            self.change(op, r)
        return self.answer()

    def answer(self):
        """Every collection in header order, with its reorderable items read back by position."""
        ids = [c for (c,) in self.sql("SELECT id FROM collections ORDER BY rank").fetchall()]
        listed = lambda c: [i for (i,) in self.sql(
            "SELECT id FROM items WHERE collection IS ? AND fixed = 0 ORDER BY position", c)]
        return {"ok": True, "collections": [{"id": c, "items": listed(c)} for c in ids]}

    def change(self, op, r):
        if op == "reset":
            self.sql("DELETE FROM items")  # drop every lock of the previous case
            self.enabled = r["container"].get("enabled", True)
            self.load(r["container"]["collections"])
        elif op in ("apply", "relocate"):
            self.move(r["sources"] if op == "apply" else r["items"], r.get("collection"), r.get("before"))
        elif op in ("receive", "insert"):
            collection = r.get("collection")
            if not self.known(collection):  # unknown collection: skipped
                return
            anchor = r.get("before")
            if op == "insert":  # the item at `index` is the anchor; null or past the end: the end
                anchor = None if r.get("index") is None else self.one(
                    """SELECT id FROM items WHERE collection IS ? AND fixed = 0
                       ORDER BY position LIMIT 1 OFFSET ?""", collection, r["index"])
            self.add(r["items"], collection, anchor)
        elif op == "delete":  # items and fixed; the row's lock goes with it
            self.db.executemany("DELETE FROM items WHERE id = ?", [(i,) for i in r["items"]])
        elif op == "update":
            pass
        elif op == "reload":
            self.load(r["collections"])
        elif op in ("enable", "disable"):  # kept as a real app would; only `configure` reads it
            self.enabled = op == "enable"
        elif op in ("lock", "unlock"):  # missing IDs match no row
            self.db.executemany("UPDATE items SET locked = ? WHERE id = ?",
                                [(int(op == "lock"), i) for i in r["items"]])
        else:
            raise ValueError(f"unknown op {op!r}")


if __name__ == "__main__":
    serve(SqliteApp())
