// Help topics that are not commands: `dragreplay help app`.

import DragApp

struct HelpTopic {
    var name: String
    var abstract: String
    var text: String
}

let helpTopics: [HelpTopic] = [appTopic]

let appTopic = HelpTopic(
    name: "app",
    abstract: "The app protocol: put your own move and dropConfiguration code under test.",
    text: """
        OVERVIEW: The app protocol (version 1): any program, in any language, as the code under test.

        With --app COMMAND, replay, fuzz and explore run COMMAND with /bin/sh -c and
        talk to it over its stdin and stdout: one JSON object per line, each way. The
        tool sends what the framework would send your move closure and your
        dropConfiguration closure; your app answers with its data; the model says
        what should have happened, and every difference is a failure.

        IN FIVE LINES:
          1. Read a line, answer with exactly one line, flush. Every answer is
             {"ok":true,...} or {"ok":false,"error":"why"}.
          2. "hello" first: answer {"ok":true,"protocol":1,"supports":["apply"]}
             (add "configure" if you answer drop configurations).
          3. "reset" starts each case with the whole container; set it up.
          4. Every other request changes your data: apply it, then answer with
             {"ok":true,"collections":[{"id":...,"items":[...]},...]} (every
             collection, in header order, reorderable items only).
          5. "bye" (or end of input): exit.

        REQUESTS:
          {"op":"hello","protocol":1,"tool":"dragreplay ..."}
          {"op":"reset","container":{"enabled":..,"layout":{..},"collections":[..]}}
              every collection has id, items, fixed, locked (arrays) and capacity
          {"op":"apply","sources":[IDs],"collection":C,"before":ID|null}
              your move closure: move the sources still present to just before
              "before" (null, or an anchor that is gone: the end of C)
          {"op":"receive","items":[IDs],"collection":C,"before":ID|null}
              an external drop: insert the items (IDs you already hold are skipped)
        \(AppRequestHelp.mutationLines.map { "  " + $0 }.joined(separator: "\n"))
          {"op":"configure","session":N,"x":X,"y":Y,"items":[IDs],"sources":[IDs],"ops":[..],"external":B}
              only with "configure" in supports, at every move and drop: answer
              {"ok":true,"operation":"move"|"copy"|"forbidden","collection":C,"before":ID|null}
              ("collection" and "before" are optional; what you give is compared)
          {"op":"bye"}
          "collection" is null for the single collection of a container without ids.
          With "swipe" in supports (version 2 recordings with swipe actions):
          {"op":"open","item":ID,"edge":E,"labels":[..]}  {"op":"close","item":ID}    answer {"ok":true}
          {"op":"perform","item":ID,"edge":E,"action":NAME}   answer collections and "flags":{FLAG:[IDs]}
          {"op":"labels","item":ID,"edge":E}          answer {"ok":true,"labels":[..]}

        WHAT IS CHECKED:
          apply, receive        conservation, fixed, contiguity, placement, stability, reference
          a mutation or reset   your data equals the model's exactly (reference)
          configure             the operation, and the collection and anchor you gave (configuration)
          perform, labels       your data and flags (action-target), the labels you show (fresh-labels)
          app-error             you answered {"ok":false,...}
          app-timeout           no answer within --app-timeout (default 10 s); the app is killed
          app-crash             the app exited or closed stdout before answering
          app-protocol          the answer is not one JSON object on one line, or lacks a field
          After a timeout, crash or protocol error the next case gets a new process. A
          command that cannot start, or a failed hello, stops the run with exit 2.

        HOW IT RUNS:
          The screen shows your data: after a wrong apply, the next drag is hit-tested
          against what your app answered. Your stderr is not parsed; its last 64 KiB
          are shown with any failure. With --jobs N there are N app processes, each
          serving many cases one after another (reset starts each). A fuzz finding is
          confirmed in a fresh process before it is written; its meta holds the
          command, so 'dragreplay replay --app COMMAND FINDING' fails it and
          'dragreplay replay FINDING' passes it.

        REPLICAS (PROTOCOL 2):
          Your own sync code plays replicas of a version 3 case (fuzz --replicas N,
          or replay of a version 3 recording): --app plays every client (one process
          each), --app-replica ID=COMMAND one client, --app-server the server. Answer
          hello with "protocol":2 and "supports" holding "replica" and/or "server"
          (add "merge-own" when the merge is your own: no reference check). reset
          adds "replica", "replicas", "merge", "deletes", "blocks"; a local change
          adds "id":"A#3" and may answer "payload" (what goes on the wire);
          {"op":"deliver","from":R,...,"payload":..} brings a message; {"op":"resend"}
          asks, at quiesce, what to send again (answer {"ok":true,"send":[]} when
          nothing changed). Any answer may add "send":[{"to":R,"id"?,"payload"}],
          "integrated":[op ids], and from the server "broadcast":[{"id","number",..}].
          docs/app-protocol.md, part "Replicas", has every field and a worked adapter.

        EXAMPLES:
          dragreplay replay --app 'python3 examples/apps/plain_lists.py' corpora/regression
          dragreplay fuzz --app 'python3 examples/apps/sqlite_positions.py' --time 60
          dragreplay fuzz --app 'python3 examples/apps/kanban_board.py' --layout board --time 60
          dragreplay fuzz --replicas 3 --merge causal --app 'python3 examples/apps/causal_peer.py' --runs 200

        The smallest complete app is examples/apps/plain_lists.py; docs/app-protocol.md
        has the full contract.

        """)
