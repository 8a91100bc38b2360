#!/usr/bin/env python3
# ok-false — a deliberately BROKEN app for the DragApp tests (app protocol v1).
#
# BROKEN: refuses every request after hello: {"ok":false,"error":"constraint violated"}.
#
# Otherwise it answers the protocol minimally: hello with
# {"ok":true,"protocol":1,"name":"ok-false","supports":["apply"]}, anything else
# with {"ok":true,"collections":[]}. Python 3 standard library only.
import json
import sys


def answer(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def hello_answer():
    return {"ok": True, "protocol": 1, "name": "ok-false", "supports": ["apply"]}


for raw in iter(sys.stdin.readline, ""):
    request = json.loads(raw)
    if request.get("op") == "hello":
        answer(hello_answer())
    else:
        answer({"ok": False, "error": "constraint violated"})
