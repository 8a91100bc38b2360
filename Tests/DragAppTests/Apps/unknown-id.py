#!/usr/bin/env python3
# unknown-id — a deliberately BROKEN app for the DragApp tests (app protocol v1).
#
# BROKEN: answers every request after hello with a collection holding an ID it was never given:
# {"ok":true,"collections":[{"id":null,"items":["zzz"]}]} (a conservation failure, not a protocol one).
#
# Otherwise it answers the protocol minimally: hello with
# {"ok":true,"protocol":1,"name":"unknown-id","supports":["apply"]}, anything else
# with {"ok":true,"collections":[]}. Python 3 standard library only.
import json
import sys


def answer(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def hello_answer():
    return {"ok": True, "protocol": 1, "name": "unknown-id", "supports": ["apply"]}


for raw in iter(sys.stdin.readline, ""):
    request = json.loads(raw)
    if request.get("op") == "hello":
        answer(hello_answer())
    else:
        answer({"ok": True, "collections": [{"id": None, "items": ["zzz"]}]})
