#!/usr/bin/env python3
"""Drives the example apps over the app protocol and checks their exact answers.

    python3 -m unittest examples/apps/test_apps.py -v     # from the repository root
    python3 examples/apps/test_apps.py

Each app runs as the tool runs it: `/bin/sh -c "python3 examples/apps/X.py"`
in the repository root, one JSON line each way. The rules of dragrec-v1 (3.1
canonical apply, 2.1 external drops, 2.2 mutations) are checked on every app
(the Kanban board keeps its data like the others); then the three apps and an
independent reference written from the spec text answer the same few thousand
seeded random request sequences, and must answer identically; then the
board's `configure`, including the published columnIndex bug, and the swipe
inbox's `perform` (by item and edge) and `labels`.
"""
import json
import os
import random
import signal
import subprocess
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The article's board: columns 220 wide, 16 apart. Column c spans
# [236c, 236c + 220); the model splits each gap at its middle.
WIDTH, SPACING = 220, 16
PITCH = WIDTH + SPACING
BOARD = {"kind": "board", "width": 3 * PITCH + 30, "height": 400,
         "columnWidth": WIDTH, "spacing": SPACING, "rowHeight": 40}


class AppProcess:
    """One app subprocess; `request` writes a line and reads the answer line."""

    def __init__(self, script):
        self.proc = subprocess.Popen(["/bin/sh", "-c", f"python3 examples/apps/{script}"],
                                     cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(self, request):
        self.proc.stdin.write(json.dumps(request).encode() + b"\n")
        self.proc.stdin.flush()

    def receive(self):
        line = self.proc.stdout.readline()
        if not line.endswith(b"\n"):
            raise AssertionError(f"no complete answer line: {line!r} (exit status {self.proc.poll()})")
        answer = json.loads(line)
        if not isinstance(answer, dict):
            raise AssertionError(f"an answer is a JSON object, got {line!r}")
        return answer

    def request(self, request):
        self.send(request)
        return self.receive()

    def close(self):
        """`bye`, answered {"ok":true}; then the app exits by itself. Returns its status."""
        answer = self.request({"op": "bye"})
        self.proc.stdin.close()
        status = self.proc.wait(timeout=10)
        self.proc.stdout.close()
        if answer != {"ok": True}:
            raise AssertionError(f"bye answered {answer}")
        return status


def container(collections, enabled=True, layout=BOARD):
    """A normalised header container from {id: items} or a list of collection dicts."""
    if isinstance(collections, dict):
        collections = [{"id": c, "items": items} for c, items in collections.items()]
    full = [{"id": c.get("id"), "items": list(c.get("items", [])), "fixed": list(c.get("fixed", [])),
             "locked": list(c.get("locked", [])), "capacity": c.get("capacity")} for c in collections]
    return {"enabled": enabled, "layout": dict(layout), "collections": full}


def data(answer):
    """{id: items} from a state-changing answer (checks its shape on the way)."""
    assert answer.get("ok") is True and set(answer) == {"ok", "collections"}, answer
    return {c["id"]: c["items"] for c in answer["collections"]}


class AppTestCase(unittest.TestCase):
    script = None

    @classmethod
    def setUpClass(cls):
        cls.app = AppProcess(cls.script)
        hello = cls.app.request({"op": "hello", "protocol": 1, "tool": "test_apps"})
        assert hello.get("ok") is True and hello.get("protocol") == 1, hello
        cls.hello = hello

    @classmethod
    def tearDownClass(cls):
        assert cls.app.close() == 0

    def setUp(self):
        signal.signal(signal.SIGALRM, self.timeout)
        signal.alarm(30)  # an app that stops answering fails the test instead of hanging it

    def tearDown(self):
        signal.alarm(0)

    @staticmethod
    def timeout(*_):
        raise TimeoutError("the app did not answer within 30 s")

    def req(self, op, **fields):
        return self.app.request({"op": op, **fields})

    def reset(self, collections, **options):
        return data(self.req("reset", container=container(collections, **options)))

    def apply(self, sources, collection, before):
        return data(self.req("apply", sources=sources, collection=collection, before=before))


class RulesTests:
    """dragrec-v1 3.1, 2.1 and 2.2, exactly, on one app (mixed into a TestCase below)."""

    # Protocol

    def test_hello(self):
        self.assertEqual(set(self.hello) - {"layouts"}, {"ok", "protocol", "name", "supports"})
        self.assertIn("apply", self.hello["supports"])
        # The optional "layouts" (a DragReplay extension): only the board says it draws one kind.
        self.assertEqual(self.hello.get("layouts"), ["board"] if "configure" in self.hello["supports"] else None)

    def test_reset_answers_the_header_in_order_without_fixed(self):
        got = self.req("reset", container=container(
            [{"id": "b", "items": ["x", "y"], "fixed": ["h"]}, {"id": "a", "items": []}]))
        self.assertEqual(got, {"ok": True, "collections": [{"id": "b", "items": ["x", "y"]}, {"id": "a", "items": []}]})

    def test_reset_drops_all_state(self):
        self.reset({"c": ["a", "b"]})
        self.apply(["a"], "c", None)
        self.assertEqual(self.reset({"d": ["x"]}), {"d": ["x"]})
        self.assertEqual(self.apply(["a"], "d", None), {"d": ["x"]})

    def test_unknown_op_is_an_error_answer_and_the_app_goes_on(self):
        self.reset({"c": ["a"]})
        got = self.req("teleport")
        self.assertIs(got["ok"], False)
        self.assertIsInstance(got["error"], str)
        self.assertEqual(self.apply(["a"], "c", None), {"c": ["a"]})

    def test_a_line_that_is_not_json_is_an_error_answer(self):
        self.app.proc.stdin.write(b"{not json\n")
        self.app.proc.stdin.flush()
        self.assertIs(self.app.receive()["ok"], False)

    # 3.1 canonical apply

    def test_forward_move(self):
        self.reset({None: ["a", "b", "c", "d"]})
        self.assertEqual(self.apply(["a"], None, "c"), {None: ["b", "a", "c", "d"]})

    def test_backward_move(self):
        self.reset({None: ["a", "b", "c", "d"]})
        self.assertEqual(self.apply(["d"], None, "b"), {None: ["a", "d", "b", "c"]})

    def test_to_the_end(self):
        self.reset({None: ["a", "b", "c"]})
        self.assertEqual(self.apply(["a"], None, None), {None: ["b", "c", "a"]})

    def test_multi_selection_keeps_selection_order(self):
        self.reset({None: ["a", "b", "c", "d", "e"]})
        self.assertEqual(self.apply(["d", "b"], None, "a"), {None: ["d", "b", "a", "c", "e"]})
        self.assertEqual(self.apply(["a", "e"], None, None), {None: ["d", "b", "c", "a", "e"]})

    def test_anchor_among_sources_is_the_first_non_source_after_it(self):
        self.reset({None: ["a", "b", "c", "d", "e"]})
        self.assertEqual(self.apply(["c", "a"], None, "c"), {None: ["b", "c", "a", "d", "e"]})
        self.reset({None: ["a", "b", "c", "d", "e"]})
        self.assertEqual(self.apply(["b", "c"], None, "b"), {None: ["a", "b", "c", "d", "e"]})  # idempotent drop in place
        self.reset({None: ["a", "b", "c", "d"]})
        self.assertEqual(self.apply(["d", "c"], None, "c"), {None: ["a", "b", "d", "c"]})  # no non-source after it: the end

    def test_anchor_that_is_a_source_outside_the_target_means_the_end(self):
        self.reset({"x": ["a", "b"], "y": ["c", "d"]})
        self.assertEqual(self.apply(["a", "c"], "x", "c"), {"x": ["b", "a", "c"], "y": ["d"]})

    def test_anchor_gone_fixed_or_elsewhere_means_the_end(self):
        self.reset([{"id": "x", "items": ["a", "b", "c"], "fixed": ["h"]}, {"id": "y", "items": ["d"]}])
        self.assertEqual(self.apply(["a"], "x", "zzz"), {"x": ["b", "c", "a"], "y": ["d"]})
        self.assertEqual(self.apply(["b"], "x", "h"), {"x": ["c", "a", "b"], "y": ["d"]})
        self.assertEqual(self.apply(["c"], "x", "d"), {"x": ["a", "b", "c"], "y": ["d"]})

    def test_unknown_collection_changes_nothing(self):
        self.reset({"x": ["a", "b"], "y": ["c"]})
        self.assertEqual(self.apply(["a"], "nope", "c"), {"x": ["a", "b"], "y": ["c"]})
        self.assertEqual(self.apply(["a"], None, None), {"x": ["a", "b"], "y": ["c"]})

    def test_duplicates_in_sources_keep_the_first(self):
        self.reset({None: ["a", "b", "c", "d"]})
        self.assertEqual(self.apply(["c", "a", "c", "a"], None, "b"), {None: ["c", "a", "b", "d"]})

    def test_absent_sources_are_dropped(self):
        self.reset({None: ["a", "b", "c"]})
        self.assertEqual(self.apply(["zz", "c", "yy"], None, "a"), {None: ["c", "a", "b"]})
        self.assertEqual(self.apply(["zz"], None, "a"), {None: ["c", "a", "b"]})
        self.assertEqual(self.apply([], None, "a"), {None: ["c", "a", "b"]})

    def test_fixed_items_never_move(self):
        self.reset([{"id": "x", "items": ["a", "b"], "fixed": ["h"]}, {"id": "y", "items": ["c"], "fixed": ["k"]}])
        self.assertEqual(self.apply(["h"], "y", "c"), {"x": ["a", "b"], "y": ["c"]})
        self.assertEqual(self.apply(["h", "b", "k"], "y", "c"), {"x": ["a"], "y": ["b", "c"]})
        # h and k are still there, fixed: inserting them again is skipped.
        self.assertEqual(data(self.req("insert", items=["h", "k"], collection="x", index=0)), {"x": ["a"], "y": ["b", "c"]})

    def test_cross_collection_move(self):
        self.reset({"todo": ["a", "b", "c"], "doing": ["d"], "done": []})
        self.assertEqual(self.apply(["b"], "doing", "d"), {"todo": ["a", "c"], "doing": ["b", "d"], "done": []})
        self.assertEqual(self.apply(["d", "a"], "done", None), {"todo": ["c"], "doing": ["b"], "done": ["d", "a"]})
        self.assertEqual(self.apply(["c", "b", "a"], "done", "a"), {"todo": [], "doing": [], "done": ["d", "c", "b", "a"]})

    def test_same_difference_twice_changes_nothing(self):
        self.reset({"x": ["a", "b", "c", "d"], "y": ["e"]})
        once = self.apply(["d", "a"], "x", "b")
        self.assertEqual(once, {"x": ["d", "a", "b", "c"], "y": ["e"]})
        self.assertEqual(self.apply(["d", "a"], "x", "b"), once)

    # 2.1 external drops

    def receive(self, items, collection, before):
        return data(self.req("receive", items=items, collection=collection, before=before))

    def test_receive_before_the_anchor_or_at_the_end(self):
        self.reset({"x": ["a", "b"], "y": ["c"]})
        self.assertEqual(self.receive(["n1", "n2"], "x", "b"), {"x": ["a", "n1", "n2", "b"], "y": ["c"]})
        self.assertEqual(self.receive(["n3"], "x", None), {"x": ["a", "n1", "n2", "b", "n3"], "y": ["c"]})

    def test_receive_with_an_anchor_gone_fixed_or_elsewhere_goes_to_the_end(self):
        self.reset([{"id": "x", "items": ["a"], "fixed": ["h"]}, {"id": "y", "items": ["c"]}])
        self.assertEqual(self.receive(["n1"], "x", "gone"), {"x": ["a", "n1"], "y": ["c"]})
        self.assertEqual(self.receive(["n2"], "x", "h"), {"x": ["a", "n1", "n2"], "y": ["c"]})
        self.assertEqual(self.receive(["n3"], "x", "c"), {"x": ["a", "n1", "n2", "n3"], "y": ["c"]})

    def test_receive_skips_items_that_exist(self):
        self.reset([{"id": "x", "items": ["a", "b"], "fixed": ["h"]}, {"id": "y", "items": ["c"]}])
        self.assertEqual(self.receive(["n1", "a", "c", "h", "n1", "n2"], "x", "a"),
                         {"x": ["n1", "n2", "a", "b"], "y": ["c"]})
        self.assertEqual(self.receive(["b"], "x", "a"), {"x": ["n1", "n2", "a", "b"], "y": ["c"]})

    def test_receive_into_an_unknown_collection_changes_nothing(self):
        self.reset({"x": ["a"]})
        self.assertEqual(self.receive(["n1"], "nope", None), {"x": ["a"]})

    # 2.2 mutations

    def insert(self, items, collection, index):
        return data(self.req("insert", items=items, collection=collection, index=index))

    def test_insert_at_an_index_of_the_reorderable_items(self):
        self.reset([{"items": ["a", "b", "c"], "fixed": ["h", "k"]}])
        self.assertEqual(self.insert(["n1"], None, 0), {None: ["n1", "a", "b", "c"]})
        self.assertEqual(self.insert(["n2", "n3"], None, 2), {None: ["n1", "a", "n2", "n3", "b", "c"]})

    def test_insert_with_no_index_or_past_the_end_appends(self):
        self.reset({None: ["a", "b"]})
        self.assertEqual(self.insert(["n1"], None, None), {None: ["a", "b", "n1"]})
        self.assertEqual(self.insert(["n2"], None, 3), {None: ["a", "b", "n1", "n2"]})
        self.assertEqual(self.insert(["n3"], None, 99), {None: ["a", "b", "n1", "n2", "n3"]})

    def test_insert_skips_existing_ids_and_unknown_collections(self):
        self.reset([{"id": "x", "items": ["a"], "fixed": ["h"]}, {"id": "y", "items": ["c"]}])
        self.assertEqual(self.insert(["c", "n1", "h", "n1", "a"], "x", 0), {"x": ["n1", "a"], "y": ["c"]})
        self.assertEqual(self.insert(["n2"], "nope", 0), {"x": ["n1", "a"], "y": ["c"]})

    def test_delete_items_and_fixed_skipping_missing(self):
        self.reset([{"id": "x", "items": ["a", "b", "c"], "fixed": ["h"]}, {"id": "y", "items": ["d"]}])
        self.assertEqual(data(self.req("delete", items=["b", "zz", "d", "h"])), {"x": ["a", "c"], "y": []})
        # h is gone for good: an ID that can be inserted again, as a reorderable item.
        self.assertEqual(self.insert(["h", "b"], "x", 0), {"x": ["h", "b", "a", "c"], "y": []})

    def test_relocate_is_the_canonical_rule(self):
        self.reset({"x": ["a", "b", "c", "d"], "y": ["e"]})
        relocate = lambda items, c, before: data(self.req("relocate", items=items, collection=c, before=before))
        self.assertEqual(relocate(["a"], "x", "c"), {"x": ["b", "a", "c", "d"], "y": ["e"]})
        self.assertEqual(relocate(["c", "b"], "x", "c"), {"x": ["a", "c", "b", "d"], "y": ["e"]})
        self.assertEqual(relocate(["e", "zz", "e"], "x", None), {"x": ["a", "c", "b", "d", "e"], "y": []})
        self.assertEqual(relocate(["a"], "nope", None), {"x": ["a", "c", "b", "d", "e"], "y": []})

    def test_update_enable_disable_lock_unlock_keep_the_order(self):
        self.reset({"x": ["a", "b"], "y": ["c"]})
        for op, fields in [("update", {"item": "a"}), ("disable", {}), ("lock", {"items": ["a", "zz"]}),
                           ("unlock", {"items": ["a", "zz"]}), ("enable", {})]:
            self.assertEqual(data(self.req(op, **fields)), {"x": ["a", "b"], "y": ["c"]}, op)

    def test_apply_works_while_disabled(self):
        self.reset({None: ["a", "b"]}, enabled=False)
        self.assertEqual(self.apply(["a"], None, None), {None: ["b", "a"]})

    def test_reload_replaces_all_data_fixed_included(self):
        self.reset([{"id": "x", "items": ["a", "b"], "fixed": ["h"]}, {"id": "y", "items": ["c"]}])
        got = data(self.req("reload", collections=container(
            [{"id": "x", "items": ["h", "n1"], "fixed": ["a"]}, {"id": "y", "items": ["b", "c"], "capacity": 3}])["collections"]))
        self.assertEqual(got, {"x": ["h", "n1"], "y": ["b", "c"]})
        self.assertEqual(self.apply(["a", "h"], "y", "c"), {"x": ["n1"], "y": ["b", "h", "c"]})  # a is fixed now; h is not

    def test_single_unnamed_collection(self):
        got = self.req("reset", container=container({None: ["a", "b"]}))
        self.assertEqual(got, {"ok": True, "collections": [{"id": None, "items": ["a", "b"]}]})
        self.assertEqual(self.apply(["a"], None, None), {None: ["b", "a"]})
        self.assertEqual(self.apply(["a"], "x", "b"), {None: ["b", "a"]})  # unknown collection


class PlainListsTests(RulesTests, AppTestCase):
    script = "plain_lists.py"


class SqlitePositionsTests(RulesTests, AppTestCase):
    script = "sqlite_positions.py"


class KanbanBoardRulesTests(RulesTests, AppTestCase):
    script = "kanban_board.py"


# ---------------------------------------------------------------------------
# The same random sequences on every app and on a reference from the spec text


class SwipeInboxRulesTests(RulesTests, AppTestCase):
    script = "swipe_inbox.py"


LIST = {"kind": "list", "width": 200, "height": 400, "rowHeight": 10}
PIN = {"name": "mark", "label": "Pin", "toggle": "pinned", "labelOn": "Unpin"}
FLAG = {"name": "mark", "label": "Flag", "toggle": "flagged", "labelOn": "Unflag"}
DELETE = {"name": "delete", "label": "Delete", "role": "destructive"}


class SwipeInboxTests(AppTestCase):
    """The swipe messages: `perform` by item and edge, labels from the current flags."""
    script = "swipe_inbox.py"

    def reset_swipe(self, items, flags=None):
        box = container({None: items}, layout=LIST)
        box["swipe"] = {"actionWidth": 80, "fullSwipe": 0.6, "direction": "ltr",
                        "leading": {"actions": [PIN], "allowsFullSwipe": True},
                        "trailing": {"actions": [FLAG, DELETE], "allowsFullSwipe": True},
                        "flags": flags or {}}
        return data(self.req("reset", container=box))

    def perform(self, item, edge, action):
        got = self.req("perform", item=item, edge=edge, action=action)
        self.assertIs(got["ok"], True, got)
        return {c["id"]: c["items"] for c in got["collections"]}, got["flags"]

    def test_hello_lists_swipe(self):
        self.assertEqual(self.hello["supports"], ["apply", "swipe"])

    def test_the_edge_picks_the_action_of_that_name(self):
        self.reset_swipe(["a", "b", "c"])
        self.assertEqual(self.perform("b", "trailing", "mark"), ({None: ["a", "b", "c"]}, {"flagged": ["b"]}))
        self.assertEqual(self.perform("b", "leading", "mark"),
                         ({None: ["a", "b", "c"]}, {"flagged": ["b"], "pinned": ["b"]}))
        self.assertEqual(self.perform("b", "trailing", "mark"), ({None: ["a", "b", "c"]}, {"pinned": ["b"]}))

    def test_labels_follow_the_flags(self):
        self.reset_swipe(["a", "b"], flags={"pinned": ["b"]})
        self.assertEqual(self.req("labels", item="b", edge="leading"), {"ok": True, "labels": ["Unpin"]})
        self.assertEqual(self.req("labels", item="a", edge="leading"), {"ok": True, "labels": ["Pin"]})
        self.perform("b", "leading", "mark")
        self.assertEqual(self.req("labels", item="b", edge="leading"), {"ok": True, "labels": ["Pin"]})
        self.assertEqual(self.req("labels", item="b", edge="trailing"), {"ok": True, "labels": ["Flag", "Delete"]})

    def test_destructive_deletes_its_item_by_id_and_its_flags_go(self):
        self.reset_swipe(["a", "b", "c"], flags={"flagged": ["b"]})
        self.req("insert", items=["x"], collection=None, index=0)
        self.assertEqual(self.perform("b", "trailing", "delete"), ({None: ["x", "a", "c"]}, {}))

    def test_an_unknown_action_on_that_edge_is_an_error_answer(self):
        self.reset_swipe(["a"])
        got = self.req("perform", item="a", edge="leading", action="delete")
        self.assertIs(got["ok"], False)
        self.assertIn("leading", got["error"])


class Reference:
    """2.1, 2.2 and 3.1 of dragrec-v1 written out step by step: slow and plain,
    shares no code with the apps."""

    def __init__(self, c):
        self.cols = [[x["id"], list(x["items"]), list(x["fixed"])] for x in c["collections"]]

    def col(self, cid):
        for col in self.cols:
            if col[0] == cid:
                return col
        return None

    def reorderable(self):
        return [i for col in self.cols for i in col[1]]

    def everything(self):
        return [i for col in self.cols for i in col[1] + col[2]]

    def apply(self, sources, cid, before):
        present = self.reorderable()
        s = []
        for i in sources:  # step 1
            if i in present and i not in s:
                s.append(i)
        target = self.col(cid)
        if not s or target is None:  # steps 1 and 2
            return
        anchor = None  # step 3
        if before in s:
            if before in target[1]:
                for i in target[1][target[1].index(before) + 1:]:
                    if i not in s:
                        anchor = i
                        break
        elif before in target[1]:
            anchor = before
        for col in self.cols:  # step 4
            col[1] = [i for i in col[1] if i not in s]
        at = target[1].index(anchor) if anchor is not None else len(target[1])
        target[1] = target[1][:at] + s + target[1][at:]

    def fresh(self, items):
        existing, out = self.everything(), []
        for i in items:
            if i not in existing and i not in out:
                out.append(i)
        return out

    def receive(self, items, cid, before):
        target = self.col(cid)
        if target is not None:
            block = self.fresh(items)
            at = target[1].index(before) if before in target[1] else len(target[1])
            target[1] = target[1][:at] + block + target[1][at:]

    def insert(self, items, cid, index):
        target = self.col(cid)
        if target is not None:
            block = self.fresh(items)
            at = len(target[1]) if index is None or index > len(target[1]) else index
            target[1] = target[1][:at] + block + target[1][at:]

    def delete(self, items):
        for col in self.cols:
            col[1] = [i for i in col[1] if i not in items]
            col[2] = [i for i in col[2] if i not in items]

    def answer(self):
        return {"ok": True, "collections": [{"id": col[0], "items": list(col[1])} for col in self.cols]}

    def handle(self, r):
        op = r["op"]
        if op == "reset":
            self.__init__(r["container"])
        elif op == "apply":
            self.apply(r["sources"], r["collection"], r["before"])
        elif op == "relocate":
            self.apply(r["items"], r["collection"], r["before"])
        elif op == "receive":
            self.receive(r["items"], r["collection"], r["before"])
        elif op == "insert":
            self.insert(r["items"], r["collection"], r["index"])
        elif op == "delete":
            self.delete(r["items"])
        elif op == "reload":
            self.__init__({"collections": r["collections"]})
        return self.answer()


class RandomSequences:
    """Seeded random request sequences: containers of 1 to 3 collections with
    fixed items, then differences with absent, fixed, duplicate and self-anchored
    sources, unknown collections, and every mutation."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.next_id = 0

    def new_id(self):
        self.next_id += 1
        return f"n{self.next_id}"

    def container(self):
        rng = self.rng
        n = rng.randint(1, 3)
        ids = [None] if n == 1 and rng.random() < 0.5 else [f"c{k}" for k in range(n)]
        cols = []
        for cid in ids:
            cols.append({"id": cid, "items": [self.new_id() for _ in range(rng.randint(0, 6))],
                         "fixed": [self.new_id() for _ in range(rng.choice([0, 0, 1, 2]))],
                         "locked": [], "capacity": rng.choice([None, None, 3])})
        return {"enabled": rng.random() < 0.9, "layout": dict(BOARD), "collections": cols}

    def request(self, ref):
        rng = self.rng
        ids = ref.everything() + ["gone1", "gone2"]
        cids = [col[0] for col in ref.cols]
        some = lambda k: [rng.choice(ids) for _ in range(k)]
        collection = rng.choice(cids) if rng.random() < 0.9 else rng.choice(["nope", None])
        kind = rng.choices(["apply", "relocate", "receive", "insert", "delete", "reload", "other"],
                           [40, 10, 12, 12, 10, 6, 10])[0]
        if kind in ("apply", "relocate"):
            sources = some(rng.randint(1, 4))
            before = rng.choice([None, rng.choice(sources), rng.choice(ids), rng.choice(ids)])
            key = "sources" if kind == "apply" else "items"
            return {"op": kind, key: sources, "collection": collection, "before": before}
        if kind == "receive":
            items = [self.new_id() for _ in range(rng.randint(1, 3))] + some(rng.choice([0, 0, 1]))
            return {"op": "receive", "items": rng.sample(items, len(items)), "collection": collection,
                    "before": rng.choice([None, rng.choice(ids), rng.choice(ids)])}
        if kind == "insert":
            items = [self.new_id() for _ in range(rng.randint(1, 2))] + some(rng.choice([0, 0, 1]))
            return {"op": "insert", "items": items, "collection": collection,
                    "index": rng.choice([None, rng.randint(0, 8)])}
        if kind == "delete":
            return {"op": "delete", "items": some(rng.randint(1, 2))}
        if kind == "reload":
            everything = ref.everything() + [self.new_id() for _ in range(rng.randint(0, 2))]
            rng.shuffle(everything)
            everything = everything[:len(everything) - rng.randint(0, 2)]
            cols = [{"id": cid, "items": [], "fixed": [], "locked": [], "capacity": None} for cid in cids]
            for i in everything:
                rng.choice(cols)["fixed" if rng.random() < 0.15 else "items"].append(i)
            return {"op": "reload", "collections": cols}
        op = rng.choice(["update", "enable", "disable", "lock", "unlock"])
        return {"op": op, "item": rng.choice(ids)} if op == "update" else {"op": op, "items": some(1)}


class SameAnswersTests(unittest.TestCase):
    """plain_lists, sqlite_positions, kanban_board and the reference agree on
    every answer of thousands of random sequences."""

    def run_sequences(self, seed, sequences, length):
        """Runs `sequences` seeded sequences of `length()` requests (a reset first)
        on every app and the reference; returns the number of requests."""
        apps = {script: AppProcess(script) for script in ("plain_lists.py", "sqlite_positions.py", "kanban_board.py")}
        try:
            for app in apps.values():
                app.request({"op": "hello", "protocol": 1})
            gen, requests = RandomSequences(seed), 0
            for sequence in range(sequences):
                history = [{"op": "reset", "container": gen.container()}]
                ref = Reference(history[0]["container"])
                for step in range(length(gen.rng)):
                    if step:
                        history.append(gen.request(ref))
                    r = history[-1]
                    expected = ref.handle(r)
                    for app in apps.values():  # all three at once: their work overlaps
                        app.send(r)
                    for script, app in apps.items():
                        got = app.receive()
                        if got != expected:
                            self.fail(f"{script}, sequence {sequence}, request {step}:\n"
                                      + "\n".join(json.dumps(h) for h in history[-40:])
                                      + f"\nexpected {json.dumps(expected)}\n     got {json.dumps(got)}")
                    requests += 1
            return requests
        finally:
            for app in apps.values():
                self.assertEqual(app.close(), 0)

    def test_identical_answers_on_random_sequences(self):
        requests = self.run_sequences(seed=20240601, sequences=3000, length=lambda rng: rng.randint(4, 16))
        self.assertGreater(requests, 25000)

    def test_identical_answers_on_long_sequences(self):
        """Thousands of requests on one container: positions shift again and again."""
        requests = self.run_sequences(seed=7, sequences=4, length=lambda rng: 2500)
        self.assertEqual(requests, 10000)


# ---------------------------------------------------------------------------
# The Kanban board's configure


class KanbanConfigureTests(AppTestCase):
    script = "kanban_board.py"

    def board(self, **options):
        columns = options.pop("columns", [{"id": "todo", "items": ["a", "b"]}, {"id": "doing", "items": ["c"]},
                                          {"id": "done", "items": []}])
        return self.reset(columns, **options)

    def configure(self, x, y=60.0, items=("a",), sources=None, ops=("move",), external=False):
        return self.req("configure", session=0, x=float(x), y=float(y), items=list(items),
                        sources=list(items if sources is None else sources), ops=list(ops), external=external)

    def assertTargets(self, x, column, **fields):
        self.assertEqual(self.configure(x, **fields), {"ok": True, "operation": "move", "collection": column}, f"x={x}")

    def assertForbidden(self, x, **fields):
        self.assertEqual(self.configure(x, **fields), {"ok": True, "operation": "forbidden"}, f"x={x}")

    def test_hello_supports_configure(self):
        self.assertEqual(self.hello["supports"], ["apply", "configure"])

    def test_inside_each_column(self):
        self.board()
        for c, column in enumerate(["todo", "doing", "done"]):
            for dx in (SPACING / 2, WIDTH / 2, WIDTH - 1):
                self.assertTargets(c * PITCH + dx, column)

    def test_first_spacing_half_of_a_column_targets_the_column_to_its_left(self):
        """The published columnIndex(for:) bug, asserted as published: the
        model (gap split at its middle) targets the column the point is in."""
        self.board()
        for dx in (0, 1, SPACING / 2 - 0.5):
            self.assertTargets(PITCH + dx, "todo")
            self.assertTargets(2 * PITCH + dx, "doing")
        self.assertTargets(PITCH + SPACING / 2, "doing")  # the first point it gets right

    def test_gaps(self):
        self.board()
        self.assertTargets(WIDTH + 1, "todo")  # left half of the gap: todo, as the model says
        self.assertTargets(WIDTH + SPACING / 2 + 1, "todo")  # right half: the model says doing (the bug)
        self.assertTargets(PITCH + WIDTH + SPACING - 1, "doing")  # ... and done there

    def test_left_edge_truncates_toward_zero(self):
        self.board()
        self.assertTargets(0, "todo")
        self.assertTargets(SPACING / 2 - 1, "todo")  # alignedX < 0: Int() truncates to 0

    def test_right_of_the_last_column(self):
        self.board()
        self.assertTargets(3 * PITCH - SPACING / 2, "done")  # the model: no column there (the bug again)
        self.assertTargets(3 * PITCH + SPACING / 2 - 1, "done")
        self.assertForbidden(3 * PITCH + SPACING / 2)  # index 3: no column

    def test_outside_the_container(self):
        self.board()
        self.assertForbidden(-1)
        self.assertForbidden(-0.001)
        self.assertForbidden(BOARD["width"])
        self.assertForbidden(WIDTH / 2, y=-1)
        self.assertForbidden(WIDTH / 2, y=BOARD["height"])
        self.assertTargets(WIDTH / 2, "todo", y=BOARD["height"] - 0.5)

    def test_a_locked_card_forbids_its_column(self):
        self.board(columns=[{"id": "todo", "items": ["a", "b"]}, {"id": "doing", "items": ["c"], "locked": ["c"]},
                            {"id": "done", "items": [], "fixed": ["h"]}])
        self.assertForbidden(PITCH + WIDTH / 2)
        self.assertTargets(WIDTH / 2, "todo")
        data(self.req("unlock", items=["c"]))
        self.assertTargets(PITCH + WIDTH / 2, "doing")
        data(self.req("lock", items=["h"]))  # a fixed entry counts
        self.assertForbidden(2 * PITCH + WIDTH / 2)
        data(self.req("delete", items=["h"]))  # a deleted item is no longer locked
        self.assertTargets(2 * PITCH + WIDTH / 2, "done")

    def test_a_dragged_card_locked_mid_drag_does_not_forbid(self):
        self.board()
        data(self.req("lock", items=["a"]))
        self.assertTargets(WIDTH / 2, "todo", items=["a"])
        self.assertForbidden(WIDTH / 2, items=["c"])

    def test_locks_survive_a_reload_while_the_item_exists(self):
        self.board()
        data(self.req("lock", items=["c"]))
        data(self.req("reload", collections=container([{"id": "todo", "items": ["a"]}, {"id": "doing", "items": ["c"]},
                                                       {"id": "done", "items": ["b"], "locked": ["b"]}])["collections"]))
        self.assertForbidden(PITCH + WIDTH / 2)
        self.assertForbidden(2 * PITCH + WIDTH / 2)
        self.assertTargets(WIDTH / 2, "todo")

    def test_disabled(self):
        self.board(enabled=False)
        self.assertForbidden(WIDTH / 2)
        data(self.req("enable"))
        self.assertTargets(WIDTH / 2, "todo")
        data(self.req("disable"))
        self.assertForbidden(WIDTH / 2)

    def test_capacity_counts_only_what_the_drop_adds(self):
        self.board(columns=[{"id": "todo", "items": ["a", "b"], "capacity": 2}, {"id": "doing", "items": ["c"], "capacity": 2},
                            {"id": "done", "items": [], "capacity": 0}])
        self.assertTargets(WIDTH / 2, "todo", items=["a", "b"])  # reordering inside: never blocked
        self.assertForbidden(WIDTH / 2, items=["c"])  # 2 + 1 > 2
        self.assertTargets(PITCH + WIDTH / 2, "doing", items=["a"])  # 1 + 1 <= 2
        self.assertForbidden(PITCH + WIDTH / 2, items=["a", "b"])  # 1 + 2 > 2
        self.assertTargets(PITCH + WIDTH / 2, "doing", items=["a", "b", "gone"], sources=["a"])  # only sources present count
        self.assertForbidden(2 * PITCH + WIDTH / 2, items=["a"])
        self.assertForbidden(PITCH + WIDTH / 2, items=["x", "y"], ops=["move"], external=True)
        self.assertTargets(PITCH + WIDTH / 2, "doing", items=["x"], ops=["move"], external=True)

    def test_operations(self):
        self.board()
        self.assertForbidden(WIDTH / 2, ops=["copy"])  # a card of the board is only ever moved
        self.assertTargets(WIDTH / 2, "todo", ops=["copy", "move"])
        external = {"items": ["x"], "sources": ["x"], "external": True}
        self.assertEqual(self.configure(WIDTH / 2, ops=["copy", "move"], **external),
                         {"ok": True, "operation": "copy", "collection": "todo"})
        self.assertEqual(self.configure(WIDTH / 2, ops=["move"], **external),
                         {"ok": True, "operation": "move", "collection": "todo"})
        self.assertEqual(self.configure(WIDTH / 2, ops=["copy"], **external),
                         {"ok": True, "operation": "copy", "collection": "todo"})

    def test_single_unnamed_column(self):
        self.board(columns=[{"items": ["a"]}])
        self.assertTargets(WIDTH / 2, None)
        self.assertTargets(PITCH + 1, None)  # the bug: right of the only column
        self.assertForbidden(PITCH + SPACING / 2 + 1)

    def test_a_board_without_spacing(self):
        layout = dict(BOARD, spacing=0)
        self.reset({"todo": ["a"], "doing": []}, layout=layout)
        self.assertTargets(WIDTH - 0.5, "todo", items=["a"])
        self.assertTargets(WIDTH, "doing", items=["a"])  # no spacing: no bug

    def test_a_layout_that_is_not_a_board_is_refused(self):
        got = self.req("reset", container=container({None: ["a"]}, layout={"kind": "list", "width": 100, "height": 100,
                                                                           "rowHeight": 10}))
        self.assertIs(got["ok"], False)
        self.assertIn("board", got["error"])


class ProcessTests(unittest.TestCase):
    def test_each_app_exits_at_end_of_stdin(self):
        for script in ("plain_lists.py", "sqlite_positions.py", "kanban_board.py", "swipe_inbox.py"):
            proc = subprocess.run(["/bin/sh", "-c", f"python3 examples/apps/{script}"], cwd=ROOT, timeout=10,
                                  input=b'{"op":"hello","protocol":1}\n', capture_output=True)
            self.assertEqual(proc.returncode, 0, script)
            self.assertEqual(len(proc.stdout.splitlines()), 1, script)

    def test_each_app_exits_after_bye_even_with_stdin_open(self):
        for script in ("plain_lists.py", "sqlite_positions.py", "kanban_board.py", "swipe_inbox.py"):
            app = AppProcess(script)
            app.request({"op": "hello", "protocol": 1})
            self.assertEqual(app.request({"op": "bye"}), {"ok": True})
            self.assertEqual(app.proc.wait(timeout=10), 0, script)  # stdin still open
            app.proc.stdin.close()
            app.proc.stdout.close()


if __name__ == "__main__":
    unittest.main()
