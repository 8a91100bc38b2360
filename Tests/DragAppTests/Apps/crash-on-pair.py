#!/usr/bin/env python3
# crash-on-pair — a deliberately BROKEN app for the DragApp tests and the
# benchmark (app protocol v1): the plain-lists example app, except that
#
# BROKEN: it exits with status 3, without answering, when an apply moves two
# or more items at once (a multi-item drop). Every other request is answered
# as plain_lists.py answers it, so a campaign's cases pass until a drag lifts
# a pair, and shrinking reaches a small case that crashes it: what a user's
# app that crashes on some input costs the fuzzer (issue 41 item 6).
#
# With CRASH_ON_PAIR_STARTS=FILE, appends "start" to FILE per process started
# (the tests count the launches). Python 3 standard library only.
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "apps"))
import plain_lists  # noqa: E402

if os.environ.get("CRASH_ON_PAIR_STARTS"):
    with open(os.environ["CRASH_ON_PAIR_STARTS"], "a") as starts:
        starts.write("start\n")
app = plain_lists.App()
for line in sys.stdin.buffer:
    request = json.loads(line)
    if request.get("op") == "apply" and len(request.get("sources") or []) >= 2:
        sys.exit(3)
    try:
        answer = app.handle(request)
    except Exception as error:
        answer = {"ok": False, "error": str(error)}
    print(json.dumps(answer), flush=True)
    if request.get("op") == "bye":
        break
