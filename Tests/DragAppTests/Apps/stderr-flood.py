#!/usr/bin/env python3
# stderr-flood — a deliberately BROKEN app for the DragApp tests (app protocol v1).
#
# BROKEN: writes 10 MiB to stderr before answering hello (lines "flood NNNNNNN ...",
# then a last line "END OF FLOOD"); a tool that does not drain stderr deadlocks with it.
#
# Otherwise it answers the protocol minimally: hello with
# {"ok":true,"protocol":1,"name":"stderr-flood","supports":["apply"]}, anything else
# with {"ok":true,"collections":[]}. Python 3 standard library only.
import json
import sys


def answer(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def hello_answer():
    return {"ok": True, "protocol": 1, "name": "stderr-flood", "supports": ["apply"]}


TOTAL = 10 * 1024 * 1024
END = b"END OF FLOOD\n"

for raw in iter(sys.stdin.readline, ""):
    request = json.loads(raw)
    if request.get("op") == "hello":
        written, number, lines = 0, 0, []
        while written < TOTAL - len(END):
            line = b"flood %07d %s\n" % (number, b"." * 50)
            lines.append(line)
            written += len(line)
            number += 1
        sys.stderr.buffer.write(b"".join(lines) + END)
        sys.stderr.buffer.flush()
        answer(hello_answer())
    else:
        answer({"ok": True, "collections": []})
