#!/usr/bin/env python3
# protocol-2 — a deliberately BROKEN app for the DragApp tests (app protocol v1).
#
# BROKEN: answers hello with "protocol":2, a version the tool does not speak.
#
# Otherwise it answers the protocol minimally: hello with
# {"ok":true,"protocol":1,"name":"protocol-2","supports":["apply"]}, anything else
# with {"ok":true,"collections":[]}. Python 3 standard library only.
import json
import sys


def answer(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def hello_answer():
    return {"ok": True, "protocol": 1, "name": "protocol-2", "supports": ["apply"]}


for raw in iter(sys.stdin.readline, ""):
    request = json.loads(raw)
    if request.get("op") == "hello":
        answer(dict(hello_answer(), protocol=2))
    else:
        answer({"ok": True, "collections": []})
