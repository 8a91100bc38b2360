/// The page around the embedded document: inline style, the drawing
/// script, and the DOM contract the tests rely on (in the comment at its
/// top). The script and style are files of their own in `Page/`, embedded
/// at build time (`PageResources`); only the escaped title lines and the
/// document JSON change from page to page.
enum PageTemplate {
    /// Everything before the JSON; the arguments must already be HTML-escaped.
    static func top(title: String, subtitle: String, description: String) -> String {
        var out = ""
        out += topParts[0]
        out += title
        out += topParts[1]
        out += title
        out += topParts[2]
        out += subtitle
        out += topParts[3]
        out += description
        out += topParts[4]
        return out
    }

    /// The fixed text between the placeholders of `top`.
    private static let topParts: [String] = [
        #"""
        <!DOCTYPE html>
        <!--
          A DragReplay recording, drawn by DragRender. Self-contained: inline style and script, no network,
          no other file. The script draws from the JSON in script#doc (every "<" in it is written \u003c).
          DOM contract (tests and tools rely on it; written as CSS selectors):
          - svg#layout: the model's data at the current step, one g.entry[data-id="ID"] per entry, holding a
            text element whose text is the ID; fixed entries also have class "fixed", locked ones "locked",
            entries an active session drags "source", entries moved since the previous step "changed".
          - svg#app-layout (in #app-canvas, hidden without app data): the app's data, as g.app-entry[data-id], drawn
            beside svg#layout (#canvases.with-app) in the model's view and at its scale; stacked on narrow windows.
          - g.entry.cut: an entry whose ID does not fit its box: its text is cut with an ellipsis and its title has the ID.
          - .forbidden: the red overlay, present only at steps whose answered operation is forbidden.
          - polyline.path[data-session=N]: a finger path; rect.placeholder: the placeholder slot;
            rect.area.hit: the hit collection's area; g.swipe-button: an open swipe row's button.
          - #step[data-step=N]: the current step (N is the 0-based index into ol#steps and the document's steps; people
            read step N + 1: the header's count, #position "N+1 / count", the timeline's numbers and the URL #step=N+1).
          - #step[data-draw-ms]: the script time of the last step's draw, in milliseconds (performance.now()).
          - ol#steps > li[data-index=N]: the timeline, one item per step; a failing step's item has class
            "failed" (also "mutation", "applied", "deferred", "passed", "presentation", "warned").
          - #failure: the failure, shown (no hidden attribute) exactly at failing steps, the one place it is shown: its
            messages, and at a failed expect pre.expected and pre.actual side by side.
          - #script-errors: script errors caught by window.onerror and by try/catch around drawing; empty when none.
          - ul#messages: what the replay said about the recording as a whole (an input error that ended it early,
            failures at the header line, warnings at the end), li.error / li.warning; hidden when there are none.
          - #status[data-status=pass|fail|error]: the replay's verdict, when a replay made the page.
          - section#replicas (version 3 recordings; hidden otherwise): div.replica[data-replica=R] per replica, its data at
            the step as li[data-id] ("highlight": an item the failed check's operations touched); svg#spacetime, the
            space-time diagram: line.lane[data-replica=R] per replica, g.st-row[data-step=N] per step ("failed" at a failing
            step), rect.selected-step[data-step=N] at the current step, g.message[data-n=SEND NUMBER][data-op=OP] per message
            ("delivered", "lost" with path.lost-x, "in-flight"; "copy" for a duplicate or re-send; "highlight" for the
            blamed ops), circle.op[data-op=OP] per operation ("highlight" when blamed), rect.partition per partition,
            text.unseen[data-step=N] at a step that sent and delivered messages within itself (their count).
          - body[data-ready="1"] once the first draw is done (or failed into #script-errors).
          Opens at #step=N when given (and keeps the fragment up to date), else at the first failing step, else
          at the last. The slider, the buttons and the keys step through: left and right arrows one step, Home
          and End the ends, n and p the next and previous failing step.
        -->
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>
        """#,
        #"""
         — DragReplay</title>
        <style>

        """#
            + PageResources.css + #"""
                </style>
                <script>

                """#
            + PageResources.errorsScript + #"""
                </script>
                </head>
                <body>
                <header>
                <h1><span id="status"></span><span id="title">
                """#,
        #"""
        </span></h1>
        <p id="subtitle">
        """#,
        #"""
        </p>
        <p id="description">
        """#,
        #"""
        </p>
        <ul id="messages" hidden></ul>
        </header>
        <div id="script-errors" role="alert"></div>
        <noscript><p>This page draws the recording with a script: allow scripts for this file to see it.</p></noscript>
        <nav id="controls" aria-label="Steps">
        <button id="prev" type="button" title="Previous step (Left arrow)">&#9664; Prev</button>
        <input id="slider" type="range" min="0" max="0" value="0" aria-label="Step">
        <button id="next" type="button" title="Next step (Right arrow)">Next &#9654;</button>
        <span id="position"></span>
        <span id="fail-nav" hidden><button id="prev-fail" type="button" title="Previous failing step">&#9664;</button>
        <span id="fail-count"></span>
        <button id="next-fail" type="button" title="Next failing step">&#9654;</button></span>
        </nav>
        <div id="page">
        <main id="step" data-step="">
        <div id="failure" role="alert" hidden></div>
        <h2 id="step-title"></h2>
        <p id="step-text"></p>
        <section id="replicas" hidden>
        <div id="replica-lists"></div>
        <div id="spacetime-box"><svg id="spacetime" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Messages between the replicas over time"></svg></div>
        <div id="replica-legend"><span>&#9679; operation</span><span>&#8594; message (#send number)</span>
        <span class="lg-lost">&#10005; lost</span><span class="lg-copy">&#8674; copy</span><span class="lg-partition">partition</span>
        <span class="lg-hl">blamed by the failed check</span></div>
        </section>
        <div id="panels">
        <div id="drawing">
        <div id="canvases">
        <div class="canvas" id="model-canvas"><h3 id="model-title">model</h3>
        <svg id="layout" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="The layout at this step"></svg></div>
        <div class="canvas" id="app-canvas" hidden><h3 id="app-title">app</h3>
        <svg id="app-layout" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="The app's data at this step"></svg></div>
        </div>
        <div id="legend">
        <span><span class="sw"></span>entry</span>
        <span><span class="sw lg-fixed"></span>fixed</span>
        <span><span class="sw lg-locked"></span>locked</span>
        <span><span class="sw lg-source"></span>dragged</span>
        <span><span class="sw lg-changed"></span>moved since the previous step</span>
        <span><span class="sw lg-hit"></span>hit collection</span>
        <span><span class="sw lg-placeholder"></span>placeholder slot</span>
        <span><span class="sw lg-forbidden"></span>forbidden</span>
        <span>&#9675; lift &#183; &#9679; finger &#183; &#9632; drop &#183; &#10005; cancel &#183; n/c: items/capacity</span>
        </div>
        </div>
        <div id="details"></div>
        </div>
        </main>
        <aside id="timeline"><h2>Timeline</h2><ol id="steps"></ol></aside>
        </div>
        <script type="application/json" id="doc">
        """#,
    ]

    /// Everything after the JSON: the drawing script.
    static let bottom = #"""
        </script>
        <script>

        """#
        + PageResources.pageScript + #"""
            </script>
            </body>
            </html>

            """#
}
