#!/usr/bin/env python3
# sleep-forever — a deliberately BROKEN app for the DragApp tests (app protocol v1).
#
# BROKEN: answers hello, then never answers its second request: it sleeps forever.
#
# Otherwise it answers the protocol minimally: hello with
# {"ok":true,"protocol":1,"name":"sleep-forever","supports":["apply"]}, anything else
# with {"ok":true,"collections":[]}. Python 3 standard library only.
import json
import sys


def answer(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def hello_answer():
    return {"ok": True, "protocol": 1, "name": "sleep-forever", "supports": ["apply"]}


import time

count = 0
for raw in iter(sys.stdin.readline, ""):
    count += 1
    request = json.loads(raw)
    if count == 2:
        while True:
            time.sleep(3600)
    answer(hello_answer() if request.get("op") == "hello" else {"ok": True, "collections": []})
