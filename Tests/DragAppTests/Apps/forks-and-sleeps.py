#!/usr/bin/env python3
# forks-and-sleeps — a deliberately BROKEN app for the DragApp tests (app protocol v1).
#
# BROKEN: at hello it starts a grandchild ("sleep 1000", inheriting stdin, stdout and
# stderr, in the same process group) and says its pid in the answer ("sleeper"); it never answers
# anything after hello. Killing only the app would leave the sleeper behind, holding the pipes open.
#
# Otherwise it answers the protocol minimally: hello with
# {"ok":true,"protocol":1,"name":"forks-and-sleeps","supports":["apply"]}, anything else
# with {"ok":true,"collections":[]}. Python 3 standard library only.
import json
import sys


def answer(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def hello_answer():
    return {"ok": True, "protocol": 1, "name": "forks-and-sleeps", "supports": ["apply"]}


import subprocess
import time

for raw in iter(sys.stdin.readline, ""):
    request = json.loads(raw)
    if request.get("op") == "hello":
        sleeper = subprocess.Popen(["sleep", "1000"])
        answer(dict(hello_answer(), sleeper=sleeper.pid))
    else:
        while True:
            time.sleep(3600)
