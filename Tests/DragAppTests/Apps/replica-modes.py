#!/usr/bin/env python3
# replica-modes — a replica app (protocol 2) for the DragApp tests, with
# deliberate faults chosen by argv[1]; argv[2], when given, is a file each
# request line is appended to, raw, so a test can read what the tool sent.
#
#   plain          merge-own: applies its own local moves, ignores what it
#                  receives; commits answer the payload {"k": [1, 2.50, "\u00e9"]}
#                  written with odd spacing and an escape (byte-for-byte check)
#   send-to-z      a commit's answer sends a message to replica "Z"
#   broadcast      a client answers a commit with "broadcast"
#   crash-deliver  exits with status 3 when a message is delivered
#   hang-deliver   never answers a delivery
#   no-collections answers deliver without "collections"
#   refuse-reset   answers reset with {"ok":false}
#   rendezvous     like plain, but argv[2] is a folder, and a deliver or a
#                  resend is answered only once every replica has received
#                  its own n-th one (a file per replica and n in the folder):
#                  exits with status 5 after 3 s without. Only a host that
#                  writes every replica's request before reading an answer
#                  gets through a quiet period.
# Python 3 standard library only.
import json
import sys

mode = sys.argv[1]
log = sys.argv[2] if len(sys.argv) > 2 and mode != "rendezvous" else None
folder = sys.argv[2] if mode == "rendezvous" else None
items = []
me = None
replicas = []
counts = {}


def rendezvous(kind):
    """Marks this replica's n-th `kind`, then waits for every replica's."""
    import os
    import time
    counts[kind] = counts.get(kind, 0) + 1
    tag = "%s%d" % (kind, counts[kind])
    open(os.path.join(folder, "%s.%s" % (me, tag)), "w").close()
    deadline = time.time() + 3
    while not all(os.path.exists(os.path.join(folder, "%s.%s" % (r, tag))) for r in replicas):
        if time.time() > deadline:
            sys.exit(5)
        time.sleep(0.005)
PAYLOAD = '{"k":  [1, 2.50, "\\u00e9"]}'


def collections():
    return [{"id": None, "items": items}]


def out(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


for raw in iter(sys.stdin.readline, ""):
    if log:
        with open(log, "a") as f:
            f.write(raw)
    r = json.loads(raw)
    op = r.get("op")
    if op == "hello":
        out(json.dumps({"ok": True, "protocol": 2, "name": "replica-modes", "supports": ["replica", "merge-own"]}))
    elif op == "reset":
        if mode == "refuse-reset":
            out(json.dumps({"ok": False, "error": "no reset today"}))
            continue
        items = list(r["container"]["collections"][0]["items"])
        me, replicas = r["replica"], r["replicas"]
        out(json.dumps({"ok": True, "collections": collections()}))
    elif op == "apply":
        moved = [s for s in r["sources"] if s in items]
        rest = [i for i in items if i not in moved]
        at = rest.index(r["before"]) if r["before"] in rest else len(rest)
        items = rest[:at] + moved + rest[at:]
        answer = {"ok": True, "collections": collections()}
        if mode == "send-to-z":
            answer["send"] = [{"to": "Z", "payload": 1}]
        if mode == "broadcast":
            answer["broadcast"] = [{"id": r["id"], "number": 1}]
        text = json.dumps(answer)
        out(text[:-1] + ', "payload": ' + PAYLOAD + "}")
    elif op == "deliver":
        if mode == "crash-deliver":
            sys.exit(3)
        if mode == "hang-deliver":
            import time
            time.sleep(3600)
        if mode == "no-collections":
            out(json.dumps({"ok": True}))
            continue
        if mode == "rendezvous":
            rendezvous("d")
        out(json.dumps({"ok": True, "collections": collections()}))
    elif op == "resend":
        if mode == "rendezvous":
            rendezvous("r")
        out(json.dumps({"ok": True, "send": []}))
    elif op == "bye":
        out(json.dumps({"ok": True}))
        break
    else:
        out(json.dumps({"ok": True, "collections": collections()}))
