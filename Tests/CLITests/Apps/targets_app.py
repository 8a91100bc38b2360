#!/usr/bin/env python3
"""targets_app.py MODE: the plain-lists example app, reporting targets
(docs/app-protocol.md, "Targets") for the tests of targeted depth.

MODE:
  depth   every answer after a reset carries {"targets": {"requests": N}},
          N the requests since the reset
  bad     every answer after a reset carries {"targets": {"x": "1"}}: a
          string where a number belongs (a protocol error)
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "apps"))
import plain_lists  # noqa: E402

mode = sys.argv[1]
app = plain_lists.App()
since_reset = 0
for line in sys.stdin.buffer:
    request = json.loads(line)
    op = request.get("op")
    since_reset = 0 if op == "reset" else since_reset + 1
    try:
        answer = app.handle(request)
    except Exception as error:
        answer = {"ok": False, "error": str(error)}
    if op not in ("hello", "reset", "bye") and answer.get("ok"):
        answer["targets"] = {"requests": since_reset} if mode == "depth" else {"x": "1"}
    print(json.dumps(answer), flush=True)
    if op == "bye":
        break
