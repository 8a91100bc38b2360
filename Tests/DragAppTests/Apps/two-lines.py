#!/usr/bin/env python3
# two-lines — a deliberately BROKEN app for the DragApp tests (app protocol v1).
#
# BROKEN: answers every request with two lines written at once: the proper answer, then
# {"ok":true,"extra":N} (N counts requests from 1).
#
# Otherwise it answers the protocol minimally: hello with
# {"ok":true,"protocol":1,"name":"two-lines","supports":["apply"]}, anything else
# with {"ok":true,"collections":[]}. Python 3 standard library only.
import json
import sys


def answer(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def hello_answer():
    return {"ok": True, "protocol": 1, "name": "two-lines", "supports": ["apply"]}


count = 0
for raw in iter(sys.stdin.readline, ""):
    count += 1
    request = json.loads(raw)
    first = hello_answer() if request.get("op") == "hello" else {"ok": True, "collections": []}
    second = {"ok": True, "extra": count}
    sys.stdout.write(json.dumps(first, separators=(",", ":")) + "\n" + json.dumps(second, separators=(",", ":")) + "\n")
    sys.stdout.flush()
