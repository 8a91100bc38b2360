#!/usr/bin/env python3
# crash-on-third — a deliberately BROKEN app for the DragApp tests (app protocol v1).
#
# BROKEN: exits with status 3 when its third request arrives (hello is the first), without answering it.
#
# Otherwise it answers the protocol minimally: hello with
# {"ok":true,"protocol":1,"name":"crash-on-third","supports":["apply"]}, anything else
# with {"ok":true,"collections":[]}. Python 3 standard library only.
import json
import sys


def answer(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def hello_answer():
    return {"ok": True, "protocol": 1, "name": "crash-on-third", "supports": ["apply"]}


count = 0
for raw in iter(sys.stdin.readline, ""):
    count += 1
    request = json.loads(raw)
    if count == 3:
        sys.exit(3)
    answer(hello_answer() if request.get("op") == "hello" else {"ok": True, "collections": []})
