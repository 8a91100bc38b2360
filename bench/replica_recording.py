#!/usr/bin/env python3
"""A version 3 (replicas) recording for the replay benchmark, seeded.

    python3 bench/replica_recording.py ITEMS OUT [--replicas R] [--relocates K] [--merge causal|server] [--seed S]

A header with ITEMS items in one list and R replicas (2 to 4, default 3);
K relocates (default 300), round robin over the clients, each of a random
item before another; after each, the channel events that carry it to
every other replica (causal: a deliver per peer; server: to the server,
then from the server to every client); a final quiesce. The replay syncs
each replica's engine from the system at every event, so its cost grows
with ITEMS times the events: this file measures that.
"""
import argparse
import json
import random

p = argparse.ArgumentParser()
p.add_argument("items", type=int)
p.add_argument("out")
p.add_argument("--replicas", type=int, default=3)
p.add_argument("--relocates", type=int, default=300)
p.add_argument("--merge", choices=["causal", "server"], default="causal")
p.add_argument("--seed", type=int, default=1)
p.add_argument("--header-items", type=int, default=100_000,
               help="at most this many items in the header (a line is at most 1 MiB); replica A inserts the rest, 50,000 a line, each delivered to every peer")
p.add_argument("--no-quiesce", action="store_true", help="leave out the final quiesce (its intent search)")
a = p.parse_args()
assert 2 <= a.replicas <= 4 and a.items >= 2
rng = random.Random(a.seed)
ids = ["ABCD"[i] for i in range(a.replicas)]
items = [f"i{k}" for k in range(a.items)]
in_header = min(a.items, a.header_items)
header = {
    "format": "dragrec",
    "version": 3,
    "container": {"layout": {"kind": "list", "width": 320, "height": 480, "rowHeight": 40}, "collections": [{"items": items[:in_header]}]},
    "replicas": {"ids": ids, "merge": a.merge},
}
t = 0
channel = 0
with open(a.out, "w") as f:
    f.write(json.dumps(header, separators=(",", ":")) + "\n")

    def event(e):
        f.write(json.dumps(e, separators=(",", ":")) + "\n")

    def carry(r):
        global channel
        if a.merge == "causal":
            for other in ids:
                if other != r:
                    event({"type": "deliver", "t": t, "to": other, "from": r})
                    channel += 1
        else:
            event({"type": "deliver", "t": t, "to": "server", "from": r})
            channel += 1
            for other in ids:
                event({"type": "deliver", "t": t, "to": other, "from": "server"})
                channel += 1

    fill = 0
    for start in range(in_header, a.items, 50_000):
        event({"type": "insert", "t": t, "replica": ids[0], "items": items[start : start + 50_000]})
        fill += 1
        t += 1
        carry(ids[0])
        t += 1
    for k in range(a.relocates):
        r = ids[k % len(ids)]
        moved, anchor = rng.sample(items, 2)
        event({"type": "relocate", "t": t, "replica": r, "items": [moved], "before": anchor})
        t += 1
        carry(r)
        t += 1
    if not a.no_quiesce:
        event({"type": "quiesce", "t": t})
print(f"{a.out}: {a.items} items ({in_header} in the header, {fill} inserts of the rest), {len(ids)} replicas ({a.merge}), {a.relocates} relocates, {channel + (0 if a.no_quiesce else 1)} channel events")
