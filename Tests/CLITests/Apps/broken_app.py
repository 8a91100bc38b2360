#!/usr/bin/env python3
"""broken_app.py MODE: the plain-lists example app with one deliberate defect,
for the tests of DragReplay's app host (the broken-app table).

MODE:
  crash-third   exits with status 3 when its third request arrives (hello is the first)
  sleep         never answers its second request (sleeps)
  not-json      prints a line that is not JSON instead of its third answer
  ok-false      answers {"ok":false,...} to every apply
  unknown-id    adds an ID nobody gave it to every answer after a reset
  stderr-flood  writes 10 MiB to stderr when it is reset, then answers correctly
  protocol-3    says protocol 3 in its hello (the tool speaks 1 and 2)
  worn          refuses every apply once it has been reset 4 times (its failures
                depend on earlier cases: a fresh process does not repeat them)
  extra-answer  answers its first apply after each reset twice (both lines
                written at once): the second line is an answer nobody asked for
  flagged-delete  swipe_inbox.py, but a delete changes nothing while any item
                has a flag (from the reset's swipe section): its findings need
                that section even without a swipe in them
  nfc-ids       answers every item ID NFC-normalised, as an app that normalises
                its keys: "cafe\u0301" comes back as "caf\u00e9", the same
                text in other bytes (another ID: IDs are compared byte for byte)
  forged-text   swipe_inbox.py, but every labels answer is one label, and
                every perform answer's flags one flag, holding ESC, a newline
                with a forged diagnostic and U+202E (the output-forging test)
"""
import json
import os
import sys
import time
import unicodedata

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "apps"))
import plain_lists  # noqa: E402
import swipe_inbox  # noqa: E402

mode = sys.argv[1]
# For the tests: "start" per process started (a bound on work), "sleeping"
# when the sleep mode stops answering (the tool is then waiting on it).
if os.environ.get("BROKEN_APP_STARTS"):
    with open(os.environ["BROKEN_APP_STARTS"], "a") as starts:
        starts.write("start\n")
app = swipe_inbox.SwipeInbox() if mode in ("flagged-delete", "forged-text") else plain_lists.App()
FORGED = "\x1b[31mPin\nfake.jsonl:1:1: error: forged\u202e"
count = 0
resets = 0
doubled = False
for line in sys.stdin.buffer:
    count += 1
    request = json.loads(line)
    op = request.get("op")
    if mode == "crash-third" and count == 3:
        sys.exit(3)
    if mode == "sleep" and count == 2:
        if os.environ.get("BROKEN_APP_STARTS"):
            with open(os.environ["BROKEN_APP_STARTS"], "a") as starts:
                starts.write("sleeping\n")
        time.sleep(3600)
    if mode == "not-json" and count == 3:
        print("this is not JSON", flush=True)
        continue
    if mode == "stderr-flood" and op == "reset":
        chunk = "x" * 1023 + "\n"
        for _ in range(10 * 1024):
            sys.stderr.write(chunk)
        sys.stderr.write("END OF FLOOD\n")
        sys.stderr.flush()
    if op == "reset":
        resets += 1
        doubled = False
    try:
        if mode == "flagged-delete" and op == "delete" and any(app.flags.values()):
            answer = app.handle({"op": "update", "item": request["items"][0]})  # the data, unchanged
        else:
            answer = app.handle(request)
    except Exception as error:
        answer = {"ok": False, "error": str(error)}
    if mode == "ok-false" and op == "apply":
        answer = {"ok": False, "error": "constraint violated"}
    if mode == "worn" and op == "apply" and resets > 4:
        answer = {"ok": False, "error": "worn out"}
    if mode == "unknown-id" and "collections" in answer and op != "reset":
        answer["collections"][0]["items"].append("zzz")
    if mode == "nfc-ids":
        for c in answer.get("collections") or []:
            c["items"] = [unicodedata.normalize("NFC", i) for i in c["items"]]
    if mode == "forged-text" and op == "labels":
        answer["labels"] = [FORGED]
    if mode == "forged-text" and op == "perform":
        answer["flags"] = {FORGED: [request["item"]]}
    if mode == "protocol-3" and op == "hello":
        answer["protocol"] = 3
    if mode == "extra-answer" and op == "apply" and not doubled:
        doubled = True
        sys.stdout.write(json.dumps(answer) + "\n" + json.dumps(answer) + "\n")
        sys.stdout.flush()
        continue
    print(json.dumps(answer), flush=True)
    if op == "bye":
        break
