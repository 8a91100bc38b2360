// The page's script. Two halves: `model(D)`, which reads a document (the
// JSON in script#doc, docs/page-document.md) and touches no DOM, so that
// `node --test Tests/page/*.test.mjs` checks it on its own; and the drawing, which runs
// only in a browser.
(function (root) {
  'use strict';

  function num(v) { return String(Math.round(v * 100) / 100); }

  // Where a window drawn over [win.a0, win.a1] of a container ending at
  // win.extent (points along its axis) must be centred again when the
  // user has scrolled to see [lo, lo + span]: the middle of that view once
  // it comes within a quarter of a view of an edge the container goes on
  // past; else null (the window still has room around what is seen).
  function followedFocus(win, lo, span) {
    var margin = span / 4, hi = lo + span;
    var early = lo - win.a0 < margin && win.a0 > 0, late = win.a1 - hi < margin && win.a1 < win.extent;
    return early || late ? lo + span / 2 : null;
  }
  function q(s) { return JSON.stringify(s); }

  // A collection's IDs in blocks of at most IDS_BLOCK, the blocks shared
  // between copies and never changed once made: a copy copies the list of
  // blocks, an edit replaces the blocks it touches. On a list of 10^6
  // entries a splice then costs a block, not a move of the whole array, and
  // a checkpoint of the data costs its list of blocks (about 2,000
  // references) plus what changed since. Read as an array is: length,
  // at(k), indexOf, forEach.
  var IDS_BLOCK = 512;
  function Ids(blocks) {
    this.b = blocks;
    this.length = blocks.reduce(function (n, x) { return n + x.length; }, 0);
    this.starts = null;
  }
  Ids.of = function (array) {
    var blocks = [];
    for (var i = 0; i < array.length; i += IDS_BLOCK) blocks.push(array.slice(i, i + IDS_BLOCK));
    return new Ids(blocks);
  };
  Ids.prototype.copy = function () { return new Ids(this.b.slice()); };
  // The index of the block that holds entry k (k < length), by the blocks'
  // first indices, computed once per edit. - Complexity: O(log blocks).
  Ids.prototype.block = function (k) {
    if (!this.starts) {
      this.starts = [];
      for (var i = 0, n = 0; i < this.b.length; n += this.b[i].length, i++) this.starts.push(n);
    }
    var lo = 0, hi = this.b.length - 1;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (this.starts[mid] <= k) lo = mid; else hi = mid - 1; }
    return lo;
  };
  Ids.prototype.at = function (k) {
    if (k < 0 || k >= this.length) return undefined;
    var i = this.block(k);
    return this.b[i][k - this.starts[i]];
  };
  Ids.prototype.indexOf = function (id) {
    for (var i = 0, n = 0; i < this.b.length; n += this.b[i].length, i++) {
      var k = this.b[i].indexOf(id);
      if (k >= 0) return n + k;
    }
    return -1;
  };
  Ids.prototype.forEach = function (f) {
    for (var i = 0; i < this.b.length; i++) this.b[i].forEach(function (id) { f(id); });
  };
  // Removes `removed` entries at `start` and inserts `ins` there, in place,
  // building new blocks for the ones it touches. - Complexity: O(blocks +
  // removed + ins.length + IDS_BLOCK).
  Ids.prototype.splice = function (start, removed, ins) {
    var b = this.b, i0, i1, first;
    if (!b.length) { i0 = 0; i1 = -1; first = 0; }
    else if (start >= this.length) { i0 = b.length - 1; i1 = i0; first = this.length - b[i0].length; }
    else {
      i0 = this.block(start); first = this.starts[i0];
      i1 = removed > 0 ? this.block(Math.min(start + removed, this.length) - 1) : i0;
    }
    var run = [];
    for (var i = i0; i <= i1; i++) Array.prototype.push.apply(run, b[i]);
    var at = start - first;
    run = run.slice(0, at).concat(ins, run.slice(at + removed));
    var fresh = [];
    for (var j = 0; j < run.length; j += IDS_BLOCK) fresh.push(run.slice(j, j + IDS_BLOCK));
    b.splice.apply(b, [i0, i1 - i0 + 1].concat(fresh));
    this.length += ins.length - Math.min(removed, Math.max(this.length - start, 0));
    this.starts = null;
  };

  // What the drawing asks of a document D.
  // `options.checkpointWork`: the least work between two checkpoints
  // (default 256; the tests take 1, a checkpoint at every step).
  function model(D, options) {
    var checkpointWork = options && options.checkpointWork !== undefined ? options.checkpointWork : 256;
    var steps = D.steps;
    // Session numbers are strings (exact 64-bit integers: a JS number is
    // not); a session's colour is its number modulo the palette.
    function color(s) {
      var p = D.palette, n = BigInt(p.length);
      return p[Number(((BigInt(s) % n) + n) % n)];
    }
    function collName(id) { return id === null ? '(single)' : quoted(id); }

    // Text as the page shows it (IDs, collection names, replica names):
    // every scalar Swift's `Format.isUnsafe` names (zero-width, bidi, tag
    // characters, soft hyphen, noncharacters, controls) written as the
    // escape `Format.escapingControls` writes (`\n`, `\u200b`, a surrogate
    // pair past the BMP), so "pay\u200b-rent" never reads as "pay-rent".
    // The predicate is the document's (D.unsafe: its ranges of scalars,
    // written from Format.isUnsafe), not a list of the script's own.
    var unsafe = D.unsafe || [];
    function isUnsafe(cp) {
      var lo = 0, hi = unsafe.length - 1;
      while (lo <= hi) {
        var mid = (lo + hi) >> 1;
        if (cp < unsafe[mid][0]) hi = mid - 1; else if (cp > unsafe[mid][1]) lo = mid + 1; else return true;
      }
      return false;
    }
    function hex4(u) { return '\\u' + ('000' + u.toString(16)).slice(-4); }
    function escapeOf(cp) {
      if (cp === 10) return '\\n';
      if (cp === 9) return '\\t';
      if (cp === 13) return '\\r';
      if (cp > 0xFFFF) return hex4(0xD800 + ((cp - 0x10000) >> 10)) + hex4(0xDC00 + ((cp - 0x10000) & 0x3FF));
      return hex4(cp);
    }
    // s as runs [plain, escape, plain, ..., plain] (escapes at odd
    // indices), or null when s has nothing to escape.
    // - Complexity: O(s.length).
    function shownRuns(s) {
      if (/^[\x20-\x7e]*$/.test(s)) return null;
      var out = [''], any = false;
      for (var i = 0; i < s.length; i++) {
        var cp = s.codePointAt(i);
        if (cp > 0xFFFF) i++;
        if (isUnsafe(cp)) { any = true; out.push(escapeOf(cp), ''); }
        else out[out.length - 1] += String.fromCodePoint(cp);
      }
      return any ? out : null;
    }
    function shown(s) { var r = shownRuns(s); return r ? r.join('') : s; }
    // s as a JSON string literal a person reads: Format.quoted's spelling.
    function quoted(s) {
      var r = shownRuns(s);
      if (!r) return q(s);
      return '"' + r.map(function (x, i) { return i % 2 ? x : q(x).slice(1, -1); }).join('') + '"';
    }

    // The data: the initial data once, then per step only what it changed
    // (`dm` for the model, `da` for the app). A track rebuilds the data
    // after step n from the nearest checkpoint before it, applying the
    // changes in order; stepping forward by one applies one change.
    // `nb`: the data's number of blocks, kept as edits change it (a board
    // of 30,000 columns would count them at every step).
    function decode(d) {
      var s = { enabled: d.enabled, locked: d.locked, cols: d.collections.map(function (c) {
        return { id: c[0], cap: c[1], fixed: c[2], ids: Ids.of(c[3]) };
      }) };
      s.nb = s.cols.reduce(function (n, c) { return n + c.ids.b.length; }, 0);
      return s;
    }
    function copy(s) {
      return { enabled: s.enabled, locked: s.locked, nb: s.nb, cols: s.cols.map(function (c) {
        return { id: c.id, cap: c.cap, fixed: c.fixed, ids: c.ids.copy() };
      }) };
    }
    // Applies change ch to data s in place; returns the entries it moved.
    function apply(s, ch) {
      if (!ch) return 0;
      s.v = (s.v || 0) + 1;  // origins() are computed again
      if (ch.all) { var f = decode(ch.all); s.enabled = f.enabled; s.locked = f.locked; s.cols = f.cols; s.nb = f.nb; return size(s); }
      var work = 0;
      (ch.edits || []).forEach(function (e) {
        var c = s.cols[e[0]], start = e[1], removed = e[2], ins = e[3], had = c.ids.b.length;
        c.ids.splice(start, removed, ins);
        s.nb += c.ids.b.length - had;
        if (e[4] !== null) c.fixed = e[4];
        work += removed + ins.length;
      });
      if (ch.locked) s.locked = ch.locked;
      if (ch.enabled !== undefined) s.enabled = ch.enabled;
      return work;
    }
    function size(s) { return s.cols.reduce(function (n, c) { return n + c.ids.length; }, 0); }
    function blocks(s) { return s.nb; }
    // A checkpoint is taken when the work since the last one (entries
    // changed, and one per step) passes the data's number of blocks, which
    // is what a checkpoint costs to take and to keep (the blocks themselves
    // are shared): rebuilding any step costs O(blocks) changes, and the
    // checkpoints take about as much memory as the changes.
    // The checkpoints of one key are shared by its cursors; each cursor
    // keeps its own current data, so the page's "after", "before" and
    // "app" cursors each advance by one change when the page steps by one.
    function track(key) {
      var points = null, work = 0;
      return function cursor() {
        var cur = null;
        return function at(n) {
          if (!points) points = [{ n: -1, data: decode(D.data) }];
          if (cur && cur.n === n) return cur.data;
          if (!cur || cur.n > n || n - cur.n > 64) {
            var p = points[0];
            for (var i = points.length - 1; i >= 0; i--) if (points[i].n <= n) { p = points[i]; break; }
            if (!cur || cur.n > n || cur.n < p.n) cur = { n: p.n, data: copy(p.data) };
          }
          while (cur.n < n) {
            cur.n++;
            work += apply(cur.data, steps[cur.n][key]) + 1;
            var last = points[points.length - 1];
            if (cur.n > last.n && work >= Math.max(blocks(cur.data), checkpointWork)) { points.push({ n: cur.n, data: copy(cur.data) }); work = 0; }
          }
          return cur.data;
        };
      };
    }
    var modelTrack = track('dm'), appTrack = track('da');
    var modelAt = modelTrack(), appAt = appTrack();
    // The cursors the drawing reads (their data is theirs until the next call).
    var drawAfter = modelTrack(), drawBefore = modelTrack(), drawApp = appTrack();
    function dataAfter(n) { return n < -1 || n >= steps.length ? null : drawAfter(n); }
    function dataBefore(n) { return n < 0 || n >= steps.length ? null : drawBefore(n - 1); }
    function appData(n) { return n < 0 || n >= steps.length || !steps[n].ap ? null : drawApp(n); }

    // The layout's geometry (D.layout, written by PageGeometry from the
    // core's Layout; nothing here asks the layout's kind): along the main
    // axis (`axis`) lines of `wrap` entries follow one another, the first
    // `header` past their section's start, `length + gap` apart (with
    // `sizes`, each entry at its own length plus `gap`), entries `cross`
    // apart within a line; sections stack along the axis (`stack`) or stand
    // `stride` apart across it. Every entry's frame and every collection's
    // area are Layout.frames(in:)'s and Layout.sections(frames:)'s
    // (Tests/page/geometry.test.mjs), with the core's arithmetic: sizes
    // summed, uniform lines multiplied.
    var G = D.layout || {}, alongY = G.axis === 'y', pitch = G.length + G.gap;
    // [x, y, w, h] of a rect at `a` along the main axis and `c` across it, `la` long and `lc` broad.
    function rect(a, c, la, lc) { return alongY ? [c, a, lc, la] : [a, c, la, lc]; }
    // The number of lines m entries take.
    function lines(m) { return m ? Math.floor((m - 1) / G.wrap) + 1 : 0; }
    // Entry k of a section whose first line is at `a` along the main axis
    // and whose entries start at `c` across it, sizes aside.
    function frameIn(a, c, k) {
      return rect(a + Math.floor(k / G.wrap) * pitch, c + (k % G.wrap) * G.cross, G.length, G.breadth);
    }
    // Collection ci's area (of n), `c` across the main axis: its section
    // from `start` to `end` along the axis when sections stack, the whole
    // container along it when they stand side by side.
    function areaOf(n, c, start, end) {
      var f = G.lone && n === 1 ? [0, 0, G.width, G.height]
        : G.stack ? rect(start, c, end - start, G.band) : rect(0, c, alongY ? G.height : G.width, G.band);
      return { x: f[0], y: f[1], w: f[2], h: f[3] };
    }
    function lay(s) {
      var locked = new Set(s.locked), cols = s.cols, n = cols.length, out = [], sizes = G.sizes, pos = 0;
      cols.forEach(function (c, ci) {
        var es = [], k, m = c.ids.length, start = G.stack ? pos : 0, first = start + G.header, across = ci * G.stride, end;
        function entry(k, f) {
          var id = c.ids.at(k);
          es.push({ id: id, x: f[0], y: f[1], w: f[2], h: f[3], fixed: k < c.fixed, locked: locked.has(id) });
        }
        if (sizes) {
          var a = first;
          for (k = 0; k < m; k++) {
            var l = sizes[c.ids.at(k)] !== undefined ? sizes[c.ids.at(k)] : G.length;
            entry(k, rect(a, across, l, G.breadth)); a += l + G.gap;
          }
          pos = end = a;
        } else {
          for (k = 0; k < m; k++) entry(k, frameIn(first, across, k));
          pos = first + lines(m) * pitch;
          // Past the last entry's line, as Layout.sections(frames:) reads it.
          var last = m ? frameIn(first, across, m - 1) : null;
          end = last ? (alongY ? last[1] + last[3] : last[0] + last[2]) + G.gap : first;
        }
        out.push({ ci: ci, id: c.id, cap: c.cap, count: m, fixed: c.fixed, area: areaOf(n, across, start, end), entries: es });
      });
      return { enabled: s.enabled, collections: out };
    }
    // Whether entry k's frame is arithmetic on k: every layout without
    // per-item sizes (whose frames need the sizes before k).
    var uniform = !(G.sizes && Object.keys(G.sizes).length);
    // Where each collection's entry 0 is in a uniform layout (`a` along the
    // main axis, `c` across it) and its area. Kept with the data until a
    // change (`v`): a step's drawing asks several times, and a board may
    // have 30,000 columns.
    // - Complexity: O(collections), O(1) when kept.
    function origins(s) {
      if (s.os && s.osv === s.v) return s.os;
      s.os = originsOf(s); s.osv = s.v;
      return s.os;
    }
    function originsOf(s) {
      var n = s.cols.length, pos = 0, out = [];
      s.cols.forEach(function (c, ci) {
        var m = c.ids.length, start = G.stack ? pos : 0, o = { a: start + G.header, c: ci * G.stride };
        var end = m ? o.a + lines(m) * pitch : o.a;
        if (G.stack) pos = end;
        o.area = areaOf(n, o.c, start, end);
        out.push(o);
      });
      return out;
    }
    // The frame of entry k of a collection placed at o, as lay() gives it.
    function frameAt(o, k) { return frameIn(o.a, o.c, k); }
    // The indices [k0, k1) of a collection placed at o whose frames may
    // meet rect r (one line of slack either side).
    function rangeIn(o, m, r) {
      var a0 = alongY ? r.y : r.x, al = alongY ? r.h : r.w, c0 = alongY ? r.x : r.y, cl = alongY ? r.w : r.h;
      // Side by side, a rect past this section's band meets none of it (stacked, the band is the container's).
      if (!G.stack && (c0 > o.c + G.band || c0 + cl < o.c)) return [0, 0];
      var a = (a0 - o.a) / pitch, b = (a0 + al - o.a) / pitch;
      var k0 = Math.max(0, (Math.floor(a) - 1) * G.wrap), k1 = Math.min(m, (Math.ceil(b) + 1) * G.wrap);
      return k0 < k1 ? [k0, k1] : [0, 0];
    }
    // Data s laid out as lay() does, with only the collections whose
    // areas meet rect r ({x, y, w, h}) and only the entries whose frames
    // may meet it; each collection says its index ci, each entry its index
    // k. A board of 30,000 columns is drawn a few columns at a time.
    // A uniform layout only (see `uniform`).
    // - Complexity: O(collections + entries returned + locked IDs).
    function layIn(s, r) {
      var locked = new Set(s.locked), os = origins(s), out = [];
      s.cols.forEach(function (c, ci) {
        var o = os[ci], a = o.area, m = c.ids.length;
        // The area, or past it the entries (a column taller than the container, a lone section's run).
        var last = m ? frameAt(o, m - 1) : [a.x, a.y, a.w, a.h];
        var ax1 = Math.max(a.x + a.w, last[0] + last[2]), ay1 = Math.max(a.y + a.h, last[1] + last[3]);
        if (a.x > r.x + r.w || ax1 < r.x || a.y > r.y + r.h || ay1 < r.y) return;
        var range = rangeIn(o, m, r), es = [];
        for (var k = range[0]; k < range[1]; k++) {
          var f = frameAt(o, k), id = c.ids.at(k);
          es.push({ id: id, x: f[0], y: f[1], w: f[2], h: f[3], fixed: k < c.fixed, locked: locked.has(id), k: k });
        }
        out.push({ ci: ci, id: c.id, cap: c.cap, count: m, fixed: c.fixed, area: o.area, entries: es });
      });
      return { enabled: s.enabled, collections: out };
    }
    // Where step n's model change put entries: [collection, index] of its
    // last edit (a move is stored as what was taken out, then what was put
    // in: its last edit is where it went), or null.
    function changedSlot(n) {
      var es = steps[n] && steps[n].dm && steps[n].dm.edits, e = es && es.length ? es[es.length - 1] : null;
      return e ? [e[0], e[1]] : null;
    }
    // The same in collection ci, or null.
    function changedSlotIn(n, ci) {
      var es = (steps[n] && steps[n].dm && steps[n].dm.edits || []).filter(function (e) { return e[0] === ci; });
      return es.length ? es[es.length - 1][1] : null;
    }
    // Which IDs step n's model change added and removed, from its edits
    // and the data before it, as two predicates; with a change of the
    // whole data (`all`), from the data itself.
    // - Complexity: O(change), or O(data) after an `all` change.
    function presence(n) {
      var b = dataBefore(n), ch = steps[n] && steps[n].dm, added = new Set(), removed = new Set();
      if (!b) return null;
      if (ch && ch.all) {
        var inB = new Set(), inA = new Set();
        b.cols.forEach(function (c) { c.ids.forEach(function (id) { inB.add(id); }); });
        dataAfter(n).cols.forEach(function (c) { c.ids.forEach(function (id) { inA.add(id); }); });
        return { inBefore: function (id) { return inB.has(id); }, inAfter: function (id) { return inA.has(id); } };
      }
      (ch && ch.edits || []).forEach(function (e) {
        var c = b.cols[e[0]];
        if (c) for (var k = e[1]; k < e[1] + e[2]; k++) removed.add(c.ids.at(k));
        e[3].forEach(function (id) { added.add(id); });
      });
      return {
        inBefore: function (id) { return !added.has(id) || removed.has(id); },
        inAfter: function (id) { return !removed.has(id) || added.has(id); },
      };
    }
    // Laid-out data by key, a few at a time.
    var laid = new Map();
    function cached(key, make) {
      if (laid.has(key)) return laid.get(key);
      var v = make();
      if (laid.size > 8) laid.delete(laid.keys().next().value);
      laid.set(key, v);
      return v;
    }
    // The model's data after step n (n = -1: before the first), laid out.
    function after(n) {
      if (n < -1 || n >= steps.length) return null;
      return cached('m' + n, function () { return lay(modelAt(n)); });
    }
    function before(n) { return after(n - 1); }
    // The app's data after step n, when the step shows it.
    function appAfter(n) {
      if (n < 0 || n >= steps.length || !steps[n].ap) return null;
      return cached('a' + n, function () { return lay(appAt(n)); });
    }
    // The code under test: an app, or an applier in process.
    function appName() { return D.subject && D.subject.indexOf('applier ') === 0 ? D.subject : 'app'; }

    // Where every entry stands: "collection-index/position", to spot moves.
    function positions(snap) {
      var m = new Map();
      if (!snap) return m;
      snap.collections.forEach(function (c, ci) {
        c.entries.forEach(function (e, k) { m.set(e.id, ci + '/' + k); });
      });
      return m;
    }
    // The finger path of drag p as the finger had it at step n: the kept
    // points it had passed, then its latest location.
    function pathAt(p, n) {
      var m = p.m, count = 0, markStep = -1;
      for (var j = 0; j + 1 < m.length; j += 2) { if (m[j] <= n) { markStep = m[j]; count = m[j + 1]; } else break; }
      var pts = [];
      for (var i = 0; i < count; i++) pts.push([p.pts[2 * i], p.pts[2 * i + 1]]);
      var last = markStep >= 0 ? steps[markStep].p : null;
      if (last) {
        var tail = pts[pts.length - 1];
        if (!tail || tail[0] !== last[0] || tail[1] !== last[1]) pts.push([last[0], last[1]]);
      }
      return pts;
    }
    // The path of drag p as drawn at step n. A point was recorded on the
    // layout the finger saw then (the data after the step before it); a
    // change since (an insert, a delete, a drop, this drag's own included)
    // moved the entries under it, so each point before step n is drawn
    // where it was relative to the dragged entry: moved as far as that
    // entry moved between then and the data drawn at n. The points of step
    // n itself stay where the finger is (its hit and placeholder are on the
    // layout before n). Without a change in between, pathAt's.
    // - Complexity: O(points), plus O(data) per layout a point was recorded
    //   on when the data changed during the drag.
    function drawnPath(p, n) {
      var raw = pointsAt(p, n), ref = n;
      function plain() { return raw.map(function (r) { return r.pt; }); }
      if (!raw.length || changesUpTo(ref) === changesUpTo(raw[0].step - 1)) return plain();
      if (!anchors.has(p)) anchors.set(p, anchorOf(p));
      var id = anchors.get(p);
      if (id === null) return plain();
      var target = ref < 0 || ref >= steps.length ? null : frameOf(targetCursor(ref), id), shifts = new Map();
      return raw.map(function (r) {
        var on = r.step - 1;
        if (!target || r.step === n || changesUpTo(on) === changesUpTo(ref)) return r.pt;
        if (!shifts.has(on)) { var f = pastAnchorFrame(id, on); shifts.set(on, f ? [target[0] - f[0], target[1] - f[1]] : [0, 0]); }
        var d = shifts.get(on);
        return [r.pt[0] + d[0], r.pt[1] + d[1]];
      });
    }
    // The kept points of drag p the finger had passed at step n, then its
    // latest location, each with the step that recorded it.
    function pointsAt(p, n) {
      var m = p.m, count = 0, markStep = -1, out = [], j = 0, k = p.k || 1;
      for (var i = 0; i + 1 < m.length; i += 2) { if (m[i] <= n) { markStep = m[i]; count = m[i + 1]; } else break; }
      var kept = Math.ceil(count / k);
      for (var q = 0; q < kept; q++) {
        while (j + 3 < m.length && m[j + 1] <= q * k) j += 2;  // the mark whose points include original point q*k
        out.push({ pt: [p.pts[2 * q], p.pts[2 * q + 1]], step: m[j] });
      }
      var last = markStep >= 0 ? steps[markStep].p : null;
      if (last) {
        var tail = out[out.length - 1];
        if (!tail || tail.pt[0] !== last[0] || tail.pt[1] !== last[1]) out.push({ pt: [last[0], last[1]], step: markStep });
        else tail.step = markStep;  // the finger is still there at markStep (a drop where the last move was)
      }
      return out;
    }
    // The entry drag p holds on to: its source under the lift point, else its first source.
    function anchorOf(p) {
      var st = steps[p.a], a = (st && st.as || []).filter(function (x) { return x[0] === p.s; })[0];
      if (!a || !a[2].length) return null;
      var lift = st.p, d = lift ? anchorCursor(p.a - 1) : null;
      if (d) {
        for (var i = 0; i < a[2].length; i++) {
          var f = frameOf(d, a[2][i]);
          if (f && lift[0] >= f[0] && lift[0] <= f[0] + f[2] && lift[1] >= f[1] && lift[1] <= f[1] + f[3]) return a[2][i];
        }
      }
      return a[2][0];
    }
    // The anchor's frame on the layout before each point, kept: stepping on
    // through a drag then asks the data only for the step drawn (its own
    // cursor, one change further) and the newest point, never again for the
    // earlier points, whose data is behind the cursor (going back rebuilds
    // from a checkpoint, costly on a long list: every change there is a
    // splice of the whole array).
    var anchorCursor = modelTrack(), targetCursor = modelTrack(), anchors = new Map(), anchorFrames = new Map();
    function anchorFrame(id, n) { return n < -1 || n >= steps.length ? null : frameOf(anchorCursor(n), id); }
    function pastAnchorFrame(id, n) {
      var key = n + ' ' + id;
      if (!anchorFrames.has(key)) anchorFrames.set(key, anchorFrame(id, n));
      return anchorFrames.get(key);
    }
    // The frame [x, y, w, h] of entry `id` in data s, or null. - Complexity: O(data).
    function frameOf(s, id) {
      for (var ci = 0; ci < s.cols.length; ci++) {
        var k = s.cols[ci].ids.indexOf(id);
        if (k < 0) continue;
        if (uniform) return frameAt(origins(s)[ci], k);
        var e = lay(s).collections[ci].entries[k];
        return [e.x, e.y, e.w, e.h];
      }
      return null;
    }
    // How many steps up to n changed the model's data.
    var changeCounts = null;
    function changesUpTo(n) {
      if (!changeCounts) {
        changeCounts = [];
        for (var i = 0, c = 0; i < steps.length; i++) { if (steps[i].dm) c++; changeCounts.push(c); }
      }
      return n < 0 ? 0 : changeCounts[Math.min(n, steps.length - 1)];
    }
    // A finger's label at step n: its session, then what it does (a drop is
    // a drop, a cancel a cancel; while it moves, the answered operation).
    function fingerLabel(p, n) {
      var st = steps[n], label = 's' + p.s;
      if (p.z === n && p.end) return label + ' ' + p.end;
      if (st.s === p.s && st.o) label += ' ' + (st.o === 'copy' ? '+copy' : st.o);
      return label;
    }
    // An entry's label in a box w by h (px: one screen pixel), in a
    // monospace font (each glyph GLYPH wide per unit of size): the whole ID
    // at up to 13 screen pixels, smaller down to 9 when that makes it fit,
    // else cut in the middle with an ellipsis, a third of what fits kept
    // from its start and the rest from its end (IDs of one container often
    // share a prefix: "photo-10126" reads "ph…10126", not "photo-1…")
    // (`cut`: the drawing adds the whole ID as a tooltip). `reserve`: room
    // kept on the right (the lock glyph).
    // The label is the ID as shown (its escapes, `parts`: [[text, is an
    // escape], ...] in order, for the drawing to mark them).
    var GLYPH = 0.6;
    function tileLabel(id, w, h, px, reserve) {
      var runs = shownRuns(id) || [id], chars = [], marks = [];
      runs.forEach(function (r, i) { Array.from(r).forEach(function (c) { chars.push(c); marks.push(i % 2 === 1); }); });
      function label(keep) {
        var parts = [];
        keep.forEach(function (k) {
          var c = k < 0 ? '\u2026' : chars[k], e = k >= 0 && marks[k], last = parts[parts.length - 1];
          if (last && last[1] === e) last[0] += c; else parts.push([c, e]);
        });
        return { text: parts.map(function (x) { return x[0]; }).join(''), parts: parts };
      }
      var all = chars.map(function (_, k) { return k; }), room = w - (10 + (reserve || 0)) * px, fs = Math.min(h * 0.62, 13 * px);
      var fits = chars.length ? room / (chars.length * GLYPH) : fs, whole = label(all);
      if (fits >= fs) return { text: whole.text, parts: whole.parts, size: fs, cut: false };
      var least = Math.min(9 * px, fs);
      if (fits >= least) return { text: whole.text, parts: whole.parts, size: fits, cut: false };
      var keep = Math.max(Math.floor(room / (least * GLYPH)) - 1, 1), head = Math.max(Math.floor(keep / 3), 1);
      var tail = keep - head, cut = label(all.slice(0, head).concat([-1], tail > 0 ? all.slice(-tail) : []));
      return { text: cut.text, parts: cut.parts, size: least, cut: true };
    }
    // Steps are numbered from 1 wherever a person reads a number (the
    // header's count, the slider, the title, the timeline, the failure,
    // #step=N); the document and the DOM's data-step and data-index hold
    // the 0-based index. One step is one item of D.steps.
    function countText() { return steps.length + (steps.length === 1 ? ' step' : ' steps'); }
    function positionText(n) { return (n + 1) + ' / ' + steps.length; }
    function hashOf(n) { return '#step=' + (n + 1); }
    function stepOfHash(h) {
      var m = /(?:^#|[&;])step=(\d+)/.exec(h || '');
      return m ? Math.max(parseInt(m[1], 10) - 1, 0) : null;
    }
    // Step n as the timeline lists it: its number, its kind (unless its
    // description starts with it) and the tool's description (`x`), and the
    // whole of it with its marks as a tooltip.
    function stepLabel(n) {
      var st = steps[n], marks = [];
      if (st.F) marks.push('failed');
      if (st.df) marks.push(st.df.d ? 'deferred' : 'applied');
      if (st.sw && st.sw.p.length) marks.push('presentation');
      if (st.w && st.w.length) marks.push(st.w.length + (st.w.length === 1 ? ' warning' : ' warnings'));
      var kind = st.x.indexOf(st.k + ' ') === 0 ? '' : st.k;
      return { number: String(n + 1), kind: kind, text: 'L' + st.l[0] + ' ' + st.x,
        title: 'step ' + (n + 1) + ' of ' + steps.length + ', line ' + st.l[0] + ': ' + st.x + (marks.length ? ' (' + marks.join(', ') + ')' : '') };
    }
    function visiblePaths(n) {
      return D.paths.filter(function (p) { return p.a <= n && (p.z === null || n <= p.z); });
    }
    function diffText(d) {
      return '[' + d.s.map(quoted).join(', ') + '] \u2192 ' + (d.b === null ? 'end' : 'before ' + quoted(d.b)) +
        (d.c !== null ? ' in ' + quoted(d.c) : '');
    }
    // The steps that fail, in order.
    var failing = [];
    for (var i = 0; i < steps.length; i++) if (steps[i].F) failing.push(i);
    // The timeline item's classes of step i (the DOM contract's names).
    function stepClasses(i) {
      var st = steps[i], cls = 'step kind-' + st.k;
      if (st.F) cls += ' failed';
      else if (st.e && st.e.p) cls += ' passed';
      if (D.mutations.indexOf(st.k) >= 0) cls += ' mutation';
      if (st.df) cls += st.df.d ? ' deferred' : ' applied';
      if (st.sw && st.sw.p.length) cls += ' presentation';
      if (st.w && st.w.length) cls += ' warned';
      if (st.o === 'forbidden') cls += ' op-forbidden';
      return cls;
    }
    // Where a key takes the page from step `current`, or null: arrows one
    // step, Home and End the ends, n and p the next and previous failure.
    function keyTarget(key, current) {
      var N = steps.length, i;
      if (key === 'ArrowLeft') return Math.max(current - 1, 0);
      if (key === 'ArrowRight') return Math.min(current + 1, N - 1);
      if (key === 'Home') return 0;
      if (key === 'End') return N - 1;
      if (key === 'n' || key === 'N') { for (i = 0; i < failing.length; i++) if (failing[i] > current) return failing[i]; return null; }
      if (key === 'p' || key === 'P') { for (i = failing.length - 1; i >= 0; i--) if (failing[i] < current) return failing[i]; return null; }
      return null;
    }
    return { color: color, after: after, before: before, appAfter: appAfter, lay: lay, layIn: layIn, origins: origins,
      uniform: uniform, frameAt: frameAt, presence: presence, dataAfter: dataAfter, dataBefore: dataBefore, appData: appData, appName: appName, positions: positions, pathAt: pathAt,
      visiblePaths: visiblePaths, diffText: diffText, failing: failing, stepClasses: stepClasses, keyTarget: keyTarget,
      collName: collName, changedSlot: changedSlot, changedSlotIn: changedSlotIn, shownRuns: shownRuns, shown: shown, quoted: quoted, drawnPath: drawnPath, fingerLabel: fingerLabel, tileLabel: tileLabel, countText: countText,
      positionText: positionText, hashOf: hashOf, stepOfHash: stepOfHash, stepLabel: stepLabel };
  }

  // Version 3 (replicas): the replica view's model, pure like `model`:
  // each replica's data at a step, the operations and items a failed check
  // blames, and the space-time diagram's geometry (a lane per replica, a
  // row per step, an arrow per message). Null for other documents.
  var LANE_W = 120, ROW_H = 22, DIAGRAM_TOP = 28, LABEL_W = 56;
  function replicaModel(D) {
    var R = D.replicas;
    if (!R) return null;
    var steps = D.steps, ids = R.ids;
    var initial = D.data.collections.map(function (c) { return { id: c[0], fixed: c[2], ids: c[3] }; });
    // Each replica's collections after step n: its latest `rd` up to n,
    // else the header's data (every replica starts with it).
    function dataAt(n) {
      var out = {}, left = ids.length;
      for (var i = Math.min(n, steps.length - 1); i >= 0 && left > 0; i--) {
        (steps[i].rd || []).forEach(function (d) {
          if (out[d[0]]) return;
          out[d[0]] = d[1].map(function (c) { return { id: c[0], fixed: c[1], ids: c[2] }; });
          left--;
        });
      }
      ids.forEach(function (r) { if (!out[r]) out[r] = initial; });
      return out;
    }
    // The replica the step's own drawing shows: the latest `rs` up to n.
    function shownAt(n) {
      for (var i = Math.min(n, steps.length - 1); i >= 0; i--) if (steps[i].rs !== undefined) return steps[i].rs;
      return ids[0];
    }
    // The replicas whose data step n changed.
    function changedAt(n) { return (n >= 0 && n < steps.length ? steps[n].rd || [] : []).map(function (d) { return d[0]; }); }
    var firstViolation = R.viol.length ? R.viol[0].a : null;
    // What a failed check blames at step n: the checks of step n when it
    // has any, else the run's first (the finding the page opens at). An
    // intent finding blames its smallest unexplainable set when it has
    // one, else every op it names; a conservation finding blames the ops
    // that moved, inserted or deleted its item. The items: the finding's
    // item and every item the blamed ops touched.
    function blamed(n) {
      var at = R.viol.filter(function (v) { return v.a === n; });
      if (!at.length) at = R.viol.filter(function (v) { return v.a === firstViolation; });
      var ops = [], items = [];
      function add(list, x) { if (list.indexOf(x) < 0) list.push(x); }
      at.forEach(function (v) {
        (v.blame.length ? v.blame : v.ops).forEach(function (o) { add(ops, o); });
        if (v.i !== undefined) add(items, v.i);
      });
      R.ops.forEach(function (o) { if (ops.indexOf(o.id) >= 0) o.i.forEach(function (x) { add(items, x); }); });
      return { ops: ops, items: items, checks: at };
    }
    function laneX(r) { return LABEL_W + (ids.indexOf(r) + 0.5) * LANE_W; }
    function rowY(n) { return DIAGRAM_TOP + (n + 0.5) * ROW_H; }
    // The diagram: time runs down, one row per step; a message is an arrow
    // from its sender's lane at the step that sent it to its receiver's at
    // the step that delivered it. A lost one stops half way, at an X; one
    // still in flight at the end runs dashed past the last row.
    function diagram() {
      var width = LABEL_W + ids.length * LANE_W, last = steps.length - 1, height = rowY(last) + ROW_H;
      var lanes = ids.map(function (r) { return { id: r, x: laneX(r), y0: DIAGRAM_TOP - 6, y1: height - 4 }; });
      var arrows = R.msgs.map(function (m) {
        var x1 = laneX(m.f), y1 = rowY(m.a), x2 = laneX(m.to), y2 = m.z === null ? height - 2 : rowY(m.z), end = 'delivered';
        // A lost message stops at its loss's row, before the lane next to
        // its sender's (so its X never sits on a lane); one in flight at the
        // end stops short of its receiver's lane.
        var dir = x2 > x1 ? 1 : -1;
        if (m.lost) { end = 'lost'; x2 = x1 + dir * 0.45 * LANE_W; }
        else if (m.z === null) { end = 'in-flight'; x2 -= dir * 0.25 * LANE_W; }
        var label = '#' + m.n + ' ' + m.f + '>' + m.to + ' ' + m.op + (m.num !== undefined ? ' (' + m.num + ')' : '') + (m.c !== undefined ? ' copy of #' + m.c : '');
        return { n: m.n, op: m.op, to: m.to, x1: x1, y1: y1, x2: x2, y2: y2, end: end, copy: m.c !== undefined, label: label };
      });
      var ops = R.ops.map(function (o) { return { id: o.id, x: laneX(o.r), y: rowY(o.a), label: o.id + ' ' + o.k + ' [' + o.i.join(', ') + ']' }; });
      var parts = R.parts.map(function (p) {
        var z = p.z === null ? last + 1 : p.z;
        return { y: rowY(p.a) - ROW_H / 2, h: (z - p.a) * ROW_H, label: 'partition ' + p.g.map(function (g) { return g.join(' '); }).join(' | ') };
      });
      // Messages sent and delivered within one step (quiesce's re-sends)
      // have no arrow: the row says how many.
      var unseen = (R.unseen || []).map(function (u) {
        return { step: u[0], y: rowY(u[0]), count: u[1],
          label: u[1] + (u[1] === 1 ? ' message' : ' messages') + ' sent and delivered within this step (not drawn)' };
      });
      return { width: width, height: height, lanes: lanes, arrows: arrows, ops: ops, parts: parts, unseen: unseen, rowY: rowY, rowH: ROW_H };
    }
    // The step a click at y (in the diagram's units) selects.
    function stepAt(y) { return Math.max(0, Math.min(steps.length - 1, Math.floor((y - DIAGRAM_TOP) / ROW_H))); }
    return { ids: ids, rowY: rowY, dataAt: dataAt, changedAt: changedAt, shownAt: shownAt, blamed: blamed, diagram: diagram, stepAt: stepAt,
      firstViolation: firstViolation };
  }

  root.DragRenderPage = { model: model, replicaModel: replicaModel, num: num, q: q, followedFocus: followedFocus, Ids: Ids };
  if (typeof document === 'undefined') return;  // Node: the model only

  var SVGNS = 'http://www.w3.org/2000/svg';
  var byId = function (id) { return document.getElementById(id); };
  var main = byId('step'), slider = byId('slider'), list = byId('steps');
  var D = null, steps = [], N = 0, current = -1, failing = [];
  var RM = null;  // the replica view's model (version 3), else null
  var M, color, after, before, appAfter, appName, positions, pathAt, visiblePaths, diffText, collName;


  function svg(name, attrs, parent) {
    var e = document.createElementNS(SVGNS, name);
    for (var k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, String(attrs[k]));
    if (parent) parent.appendChild(e);
    return e;
  }
  function html(tag, cls, text, parent) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  // Text s (an ID, a collection's name) as the page shows it, appended to
  // e: its escapes (M.shownRuns) in a span, or a tspan in the SVG, of
  // class `esc`, drawn apart from the text around them.
  function partsOf(s) {
    var r = M.shownRuns(s);
    return r ? r.map(function (x, i) { return [x, i % 2 === 1]; }).filter(function (p) { return p[0]; }) : [[s, false]];
  }
  function appendParts(e, parts) {
    parts.forEach(function (p) {
      if (!p[1]) { e.appendChild(document.createTextNode(p[0])); return; }
      var x = e.namespaceURI === SVGNS ? svg('tspan', { 'class': 'esc' }, e) : html('span', 'esc', null, e);
      x.textContent = p[0];
    });
    return e;
  }
  function appendShown(e, s) { return appendParts(e, partsOf(s)); }


  // Beyond this many entries the page draws only the window of the
  // container around the session (a uniform layout places entry k by
  // arithmetic, so the window costs what it shows, not the container).
  var WINDOW_ENTRIES = 1500, WINDOW_PX = 1600;

  // Where the drawing looks at step n: the finger, the placeholder, the
  // latest point of a path, else the first entry the step changed.
  function focusOf(n, data) {
    var st = steps[n], e = M.changedSlot(n);
    if (st.p) return st.p;
    if (st.r) return [st.r[0] + st.r[2] / 2, st.r[1] + st.r[3] / 2];
    var ps = visiblePaths(n);
    if (ps.length) { var pts = M.drawnPath(ps[ps.length - 1], n); if (pts.length) return pts[pts.length - 1]; }
    if (e && data.cols[e[0]]) {
      var f = M.frameAt(M.origins(data)[e[0]], Math.min(e[1], Math.max(data.cols[e[0]].ids.length - 1, 0)));
      return [f[0] + f[2] / 2, f[1] + f[3] / 2];
    }
    return [0, 0];
  }

  // The view of a big container at step n: rows a legible height, and a
  // window of WINDOW_PX pixels along its axis centred on the focus (the
  // step's, or where the user scrolled to), with the whole container
  // across it. a0/a1 and extent (points along the axis) are what the
  // window shows of the container, for following the user's scrolling.
  function windowView(data, n) {
    var L = D.layout, os = M.origins(data);
    var x0 = 0, y0 = 0, x1 = L.width, y1 = L.height;
    os.forEach(function (o, ci) {
      var m = data.cols[ci].ids.length, last = m ? M.frameAt(o, m - 1) : [0, 0, 0, 0];
      x1 = Math.max(x1, o.area.x + o.area.w, last[0] + last[2]);
      y1 = Math.max(y1, o.area.y + o.area.h, last[1] + last[3]);
    });
    // The window runs along the longer side: down content taller than
    // wide; across content wider than tall (a row of items, or 30,000
    // columns of a card each, whose window is then a few columns).
    var across = x1 > y1;
    // Entries at the geometry's legible length (`legible`, so their IDs
    // stay legible), the page fitted to its height when the main axis is x
    // or the window runs across, else to its width.
    var scale = L.axis === 'x' || across ? Math.min(L.legible[0] / L.length, 560 / y1) : Math.min(L.legible[1] / L.length, 720 / x1);
    var f = scrollFocus || focusOf(n, data), span = WINDOW_PX / scale, pad = 4 / scale, extent = across ? x1 : y1;
    if (across) {
      x0 = Math.max(0, Math.min(f[0] - span / 2, x1 - span)); x1 = Math.min(x1, x0 + span);
    } else {
      y0 = Math.max(0, Math.min(f[1] - span / 2, y1 - span)); y1 = Math.min(y1, y0 + span);
    }
    return { x0: x0 - pad, y0: y0 - pad, w: x1 - x0 + 2 * pad, h: y1 - y0 + 2 * pad, scale: scale,
      across: across, a0: across ? x0 : y0, a1: across ? x1 : y1, extent: extent };
  }

  // The view of a small container: what there is to see (areas, entries,
  // fingers), not the whole container, which is often much taller than
  // its rows; rows between 18 and 36 pixels high when that does not make
  // the drawing enormous (it scrolls).
  function fitView(snap, n, paths, app) {
    var st = steps[n], x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, minH = Infinity;
    function grow(x, y, w, h) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + w); y1 = Math.max(y1, y + h); }
    snap.collections.forEach(function (c) {
      grow(c.area.x, c.area.y, c.area.w, c.area.h);
      c.entries.forEach(function (e) { grow(e.x, e.y, e.w, e.h); if (e.h > 0) minH = Math.min(minH, e.h); });
    });
    paths.forEach(function (o) { o.pts.forEach(function (pt) { grow(pt[0], pt[1], 0, 0); }); });
    if (!app && st.p) grow(st.p[0], st.p[1], 0, 0);
    if (!app && st.r) grow(st.r[0], st.r[1], st.r[2], st.r[3]);
    if (!app && st.sw && st.sw.o) st.sw.o.b.forEach(function (b) { grow(b.r[0], b.r[1], b.r[2], b.r[3]); });
    if (x0 === Infinity) { x0 = 0; y0 = 0; x1 = D.layout.width; y1 = D.layout.height; }
    var w = Math.max(x1 - x0, 1), h = Math.max(y1 - y0, 1), pad = Math.min(w, h) * 0.05 + 2;
    x0 -= pad; y0 -= pad; w += 2 * pad; h += 2 * pad;
    var scale = Math.min(720 / w, 560 / h);
    if (minH < Infinity && minH * scale > 36) scale = 36 / minH;
    if (minH < Infinity && minH * scale < 18) scale = Math.min(18 / minH, 30000 / h, 6000 / w);
    return { x0: x0, y0: y0, w: w, h: h, scale: scale };
  }

  function entryCount(data) { return data.cols.reduce(function (k, c) { return k + c.ids.length; }, 0); }

  // Draws data (the model's, or the app's) at step n into svg root; `view`
  // is the model's, which the app's panel shares (the same scale and window).
  function drawLayout(root, data, n, app, shared) {
    while (root.firstChild) root.removeChild(root.firstChild);
    root.__view = null;
    if (!data) return;
    var st = steps[n], pfx = app ? 'a-' : 'm-';
    var paths = app ? [] : visiblePaths(n).map(function (p) { return { p: p, pts: M.drawnPath(p, n) }; });
    // Collections count as entries: each is an area and a label drawn.
    var windowed = M.uniform && entryCount(data) + data.cols.length > WINDOW_ENTRIES, v, snap;
    if (windowed) {
      v = shared || windowView(data, n);
      snap = M.layIn(data, { x: v.x0, y: v.y0, w: v.w, h: v.h });
    } else {
      snap = M.lay(data);
      // The app's panel is drawn in the model's view: side by side, the same place is at the same point of both.
      v = shared ? { x0: shared.x0, y0: shared.y0, w: shared.w, h: shared.h, scale: shared.scale } : fitView(snap, n, paths, app);
    }
    var x0 = v.x0, y0 = v.y0, w = v.w, h = v.h, scale = v.scale;
    var px = 1 / scale;
    if (paths.length) w += 90 * px;  // room for a finger's label on the right
    root.setAttribute('viewBox', [x0, y0, w, h].join(' '));
    root.setAttribute('width', Math.ceil(w * scale));
    root.setAttribute('height', Math.ceil(h * scale));
    root.setAttribute('font-size', 12 * px);
    root.setAttribute('data-entries', String(entryCount(data)));
    root.setAttribute('data-drawn', String(snap.collections.reduce(function (k, c) { return k + c.entries.length; }, 0)));
    root.__view = { x0: x0, y0: y0, w: w, h: v.h, scale: scale, windowed: windowed, win: windowed ? v : null };

    var defs = svg('defs', {}, root);
    var hatch = svg('pattern', { id: pfx + 'hatch', patternUnits: 'userSpaceOnUse', width: 6 * px, height: 6 * px,
      patternTransform: 'rotate(45)' }, defs);
    svg('rect', { width: 6 * px, height: 6 * px, fill: '#fff' }, hatch);
    svg('rect', { width: 3 * px, height: 6 * px, fill: '#e2e8f0' }, hatch);
    var fhatch = svg('pattern', { id: pfx + 'fhatch', patternUnits: 'userSpaceOnUse', width: 8 * px, height: 8 * px,
      patternTransform: 'rotate(-45)' }, defs);
    svg('rect', { width: 3 * px, height: 8 * px, fill: '#dc2626', 'fill-opacity': 0.35 }, fhatch);

    svg('rect', { 'class': 'container', x: 0, y: 0, width: D.layout.width, height: D.layout.height, fill: 'none',
      stroke: '#94a3b8', 'stroke-width': px, 'stroke-dasharray': [4 * px, 3 * px].join(' ') }, root);

    var hitColl = !app && st.h ? st.h[0] : -1;
    var sc = st.s !== undefined ? color(st.s) : '#2563eb';
    var areas = svg('g', { 'class': 'areas' }, root);
    snap.collections.forEach(function (c) {
      var hit = c.ci === hitColl;
      svg('rect', { 'class': 'area' + (hit ? ' hit' : ''), 'data-collection': c.ci, x: c.area.x, y: c.area.y,
        width: c.area.w, height: c.area.h, fill: hit ? sc : '#f8fafc', 'fill-opacity': hit ? 0.12 : 1,
        stroke: hit ? sc : '#cbd5e1', 'stroke-width': (hit ? 2 : 1) * px }, areas);
    });

    // Entries: who is dragged now, and who moved since the previous step.
    var dragged = new Map();
    if (!app && st.as) st.as.forEach(function (a) { a[2].forEach(function (id) { dragged.set(id, a[0]); }); });
    // An entry moved when the slot it holds held another ID (IDs are
    // unique): O(1) per entry drawn, whatever the container's size.
    var prev = app ? null : M.dataBefore(n), model = app ? M.dataAfter(n) : null;
    var hadAny = prev && entryCount(prev) > 0;
    function slotHolds(d, ci, k, id) { return !!(d && d.cols[ci] && d.cols[ci].ids.at(k) === id); }
    var entries = svg('g', { 'class': 'entries' }, root);
    snap.collections.forEach(function (c) {
      var ci = c.ci;
      c.entries.forEach(function (e, j) {
        var k = e.k !== undefined ? e.k : j;
        var cls = app ? 'app-entry' : 'entry';
        if (e.fixed) cls += ' fixed';
        if (e.locked) cls += ' locked';
        var session = dragged.get(e.id);
        if (session !== undefined) cls += ' source';
        if (!app && hadAny && !slotHolds(prev, ci, k, e.id)) cls += ' changed';
        if (app && !slotHolds(model, ci, k, e.id)) cls += ' mismatch';
        var g = svg('g', { 'class': cls, 'data-id': e.id }, entries);
        var stroke = '#94a3b8', sw = 1;
        if (e.locked) { stroke = '#b45309'; sw = 2; }
        if (session !== undefined) { stroke = color(session); sw = 2.5; }
        if (app && cls.indexOf('mismatch') >= 0) { stroke = '#dc2626'; sw = 2.5; }
        var inset = Math.min(px, e.w / 4, e.h / 4);
        svg('rect', { 'class': 'box', x: e.x + inset, y: e.y + inset, width: Math.max(e.w - 2 * inset, 0),
          height: Math.max(e.h - 2 * inset, 0), rx: Math.min(3 * px, e.h / 4),
          fill: e.fixed ? 'url(#' + pfx + 'hatch)' : (session !== undefined ? color(session) : '#fff'),
          'fill-opacity': session !== undefined && !e.fixed ? 0.15 : 1, stroke: stroke, 'stroke-width': sw * px }, g);
        if (cls.indexOf('changed') >= 0) {
          svg('rect', { 'class': 'changed-mark', x: e.x + inset, y: e.y + inset, width: Math.min(4 * px, e.w / 3),
            height: Math.max(e.h - 2 * inset, 0), fill: '#f59e0b' }, g);
        }
        var clip = svg('svg', { x: e.x, y: e.y, width: Math.max(e.w, 0), height: Math.max(e.h, 0) }, g);
        var tl = M.tileLabel(e.id, e.w, e.h, px, e.locked ? 13 : 0);
        var t = svg('text', { x: 6 * px, y: e.h / 2, 'dominant-baseline': 'central', 'font-size': tl.size,
          'font-family': 'ui-monospace, "DejaVu Sans Mono", monospace', fill: e.fixed ? '#475569' : '#0f172a' }, clip);
        appendParts(t, tl.parts);
        if (tl.cut) { g.classList.add('cut'); svg('title', {}, g).textContent = M.shown(e.id); }  // the whole ID on hover
        if (e.locked) {
          var ls = Math.min(9 * px, e.h * 0.5), lx = e.x + e.w - ls - 4 * px, ly = e.y + (e.h - ls) / 2 + ls * 0.35;
          var lock = svg('g', { 'class': 'lock-glyph' }, g);
          svg('rect', { x: lx, y: ly, width: ls, height: ls * 0.65, fill: '#b45309' }, lock);
          svg('path', { d: 'M' + (lx + ls * 0.22) + ' ' + ly + ' v' + (-ls * 0.2) + ' a' + (ls * 0.28) + ' ' + (ls * 0.28) +
            ' 0 0 1 ' + (ls * 0.56) + ' 0 v' + (ls * 0.2), fill: 'none', stroke: '#b45309', 'stroke-width': 1.4 * px }, lock);
        }
      });
    });

    // Collection labels on top, so they stay readable over entries.
    snap.collections.forEach(function (c) {
      var count = c.count - Math.min(c.fixed, c.count);
      var label = c.id === null ? '' : c.id, capacity = '';
      var over = c.cap !== null && count > c.cap;
      if (c.cap !== null) capacity = (label ? '  ' : '') + count + '/' + c.cap;
      if (!label && !capacity) return;
      var t = svg('text', { 'class': 'area-label' + (over ? ' over' : ''), x: c.area.x + c.area.w - 3 * px,
        y: c.area.y + 3 * px, 'text-anchor': 'end', 'dominant-baseline': 'hanging', 'font-size': 10 * px,
        fill: over ? '#b91c1c' : '#475569', stroke: '#fff', 'stroke-width': 3 * px, 'paint-order': 'stroke' }, root);
      appendShown(t, label).appendChild(document.createTextNode(capacity));
    });

    if (!snap.enabled) {
      svg('rect', { 'class': 'disabled-overlay', x: 0, y: 0, width: D.layout.width, height: D.layout.height,
        fill: '#64748b', 'fill-opacity': 0.15 }, root);
      var dt = svg('text', { x: D.layout.width / 2, y: 14 * px, 'text-anchor': 'middle', 'font-size': 12 * px,
        fill: '#334155', stroke: '#fff', 'stroke-width': 3 * px, 'paint-order': 'stroke' }, root);
      dt.textContent = 'container disabled';
    }
    if (app) return;

    // Swipe: the open row's buttons.
    if (st.sw && st.sw.o) {
      var row = svg('g', { 'class': 'swipe-row', 'data-item': st.sw.o.i, 'data-edge': st.sw.o.e }, root);
      st.sw.o.b.forEach(function (b) {
        var bg = svg('g', { 'class': 'swipe-button', 'data-action': b.a }, row);
        svg('rect', { x: b.r[0], y: b.r[1], width: b.r[2], height: b.r[3], fill: b.d ? '#dc2626' : '#475569' }, bg);
        var bc = svg('svg', { x: b.r[0], y: b.r[1], width: b.r[2], height: b.r[3] }, bg);
        var bt = svg('text', { x: b.r[2] / 2, y: b.r[3] / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central',
          'font-size': Math.min(b.r[3] * 0.55, 12 * px), fill: '#fff' }, bc);
        bt.textContent = b.l;
      });
    }

    // The hit target's placeholder slot.
    if (st.r) {
      svg('rect', { 'class': 'placeholder', x: st.r[0], y: st.r[1], width: Math.max(st.r[2], px), height: Math.max(st.r[3], px),
        fill: sc, 'fill-opacity': 0.3, stroke: sc, 'stroke-width': 2 * px, 'stroke-dasharray': [5 * px, 3 * px].join(' ') }, root);
    }

    // Forbidden: a hatched red overlay on the hit area, or on the whole
    // container when nothing is hit (outside, or no target).
    if (st.o === 'forbidden') {
      var fg = svg('g', { 'class': 'forbidden' }, root);
      var hc = snap.collections.filter(function (c) { return c.ci === hitColl; })[0], a = hc ? hc.area : null;
      var r = a ? [a.x, a.y, a.w, a.h] : [x0, y0, w, h];
      svg('rect', { x: r[0], y: r[1], width: r[2], height: r[3], fill: 'url(#' + pfx + 'fhatch)', stroke: '#dc2626',
        'stroke-width': 2 * px }, fg);
      if (st.p) {
        var rr = 9 * px;
        svg('circle', { cx: st.p[0], cy: st.p[1], r: rr, fill: '#fff', stroke: '#dc2626', 'stroke-width': 2.5 * px }, fg);
        svg('line', { x1: st.p[0] - rr * 0.7, y1: st.p[1] + rr * 0.7, x2: st.p[0] + rr * 0.7, y2: st.p[1] - rr * 0.7,
          stroke: '#dc2626', 'stroke-width': 2.5 * px }, fg);
      }
    }

    // Finger paths, one colour per session.
    paths.forEach(function (o) {
      var p = o.p, pts = o.pts, c = color(p.s);
      if (!pts.length) return;
      var g = svg('g', { 'class': 'finger-path', 'data-session': p.s }, root);
      svg('polyline', { 'class': 'path', 'data-session': p.s, points: pts.map(function (q) { return q[0] + ',' + q[1]; }).join(' '),
        fill: 'none', stroke: c, 'stroke-width': 2 * px, 'stroke-opacity': 0.85, 'stroke-linejoin': 'round' }, g);
      svg('circle', { 'class': 'lift-mark', cx: pts[0][0], cy: pts[0][1], r: 4 * px, fill: '#fff', stroke: c,
        'stroke-width': 2 * px }, g);
      var e = pts[pts.length - 1], ended = p.z !== null && p.z === n;
      if (ended && p.end === 'drop') {
        svg('rect', { 'class': 'drop-mark', x: e[0] - 5 * px, y: e[1] - 5 * px, width: 10 * px, height: 10 * px, fill: c }, g);
      } else if (ended && p.end === 'cancel') {
        svg('path', { 'class': 'cancel-mark', d: 'M' + (e[0] - 5 * px) + ' ' + (e[1] - 5 * px) + ' l' + 10 * px + ' ' + 10 * px +
          ' m0 ' + (-10 * px) + ' l' + (-10 * px) + ' ' + 10 * px, stroke: c, 'stroke-width': 2.5 * px }, g);
      } else {
        svg('circle', { 'class': 'finger', cx: e[0], cy: e[1], r: 5 * px, fill: c }, g);
      }
      var label = M.fingerLabel(p, n);
      var lt = svg('text', { 'class': 'finger-label', x: e[0] + 8 * px, y: e[1] - 8 * px, 'font-size': 11 * px,
        fill: st.s === p.s && st.o === 'forbidden' ? '#dc2626' : c, stroke: '#fff', 'stroke-width': 3 * px,
        'paint-order': 'stroke', 'font-weight': 'bold' }, g);
      lt.textContent = label;
    });
    if (st.k === 'tap' && st.p) {
      svg('circle', { 'class': 'tap-mark', cx: st.p[0], cy: st.p[1], r: 6 * px, fill: 'none', stroke: '#0891b2',
        'stroke-width': 2 * px }, root);
    }
  }

  // Chips beyond this many in a collection: only a window of them, around
  // the hit slot or the step's first edit there, is listed. Collections
  // beyond COLLECTION_WINDOW (a board of 30,000 columns): only a window of
  // them, around the hit collection or the step's first edit, is listed.
  var CHIP_WINDOW = 24, COLLECTION_WINDOW = 12;

  // The collections [c0, c1) of data the table lists at step n.
  function listedCollections(data, n) {
    var st = steps[n], m = data.cols.length, edit = M.changedSlot(n);
    if (m <= COLLECTION_WINDOW) return [0, m];
    var at = st.h ? st.h[0] : edit ? edit[0] : 0;
    var c0 = Math.max(0, Math.min(at - COLLECTION_WINDOW / 2, m - COLLECTION_WINDOW));
    return [c0, c0 + COLLECTION_WINDOW];
  }

  // One column of the data table: data's collections as chips, marked
  // against `other` (the data before, after, or the model's) slot by slot;
  // `has(id)` says whether an ID is in `other` at all.
  function dataColumn(parent, title, data, other, mode, has, n) {
    var col = html('div', 'col', null, parent);
    html('h4', null, title, col);
    if (!data) { html('span', 'cname', '(not known)', col); return; }
    var st = steps[n], compare = other && entryCount(other) > 0, shown = listedCollections(data, n);
    if (shown[0] > 0) html('span', 'more', '\u2026 ' + shown[0] + ' collections before', col);
    data.cols.slice(shown[0], shown[1]).forEach(function (c, j) {
      var ci = shown[0] + j, box = html('div', 'coll', null, col), m = c.ids.length;
      var count = m - Math.min(c.fixed, m);
      var cn = appendShown(html('span', 'cname', null, box), c.id === null ? '(single)' : c.id);
      if (c.cap !== null) cn.appendChild(document.createTextNode('  ' + count + '/' + c.cap));
      if (c.cap !== null && count > c.cap) cn.classList.add('over');
      var k0 = 0, k1 = m;
      if (m > CHIP_WINDOW) {
        var edit = M.changedSlotIn(n, ci);
        var at = st.h && st.h[0] === ci ? st.h[1] : (edit !== null ? edit : 0);
        k0 = Math.max(0, Math.min(at - CHIP_WINDOW / 2, m - CHIP_WINDOW)); k1 = k0 + CHIP_WINDOW;
      }
      if (k0 > 0) html('span', 'more', '\u2026 ' + k0 + ' before', box);
      for (var k = k0; k < k1; k++) {
        var id = c.ids.at(k), cls = 'chip';
        if (k < c.fixed) cls += ' fixed';
        if (data.locked.indexOf(id) >= 0) cls += ' locked';
        if (compare) {
          var same = !!(other.cols[ci] && other.cols[ci].ids.at(k) === id);
          if (mode === 'before' && !has(id)) cls += ' gone';
          if (mode === 'after' && !has(id)) cls += ' new';
          else if (mode === 'after' && !same) cls += ' moved';
          if (mode === 'app' && !same) cls += ' mismatch';
        }
        appendShown(html('span', cls, null, box), id);
      }
      if (k1 < m) html('span', 'more', '\u2026 ' + (m - k1) + ' after', box);
    });
    if (shown[1] < data.cols.length) html('span', 'more', '\u2026 ' + (data.cols.length - shown[1]) + ' collections after', col);
    if (!data.enabled) html('span', 'cname', 'container disabled', col);
  }


  function row(dl, name, value, cls) {
    html('dt', null, name, dl);
    return html('dd', cls || null, value, dl);
  }

  function drawDetails(n) {
    var st = steps[n], box = byId('details');
    while (box.firstChild) box.removeChild(box.firstChild);
    var sec = html('section', null, null, box);
    html('h3', null, 'Step', sec);
    var dl = html('dl', null, null, sec);
    row(dl, 'kind', st.k + (st.n ? ' (' + st.n + ' events collapsed)' : ''));
    if (st.s !== undefined) row(dl, 'session', 's' + st.s);
    row(dl, 'line', st.l[0] === st.l[1] ? String(st.l[0]) : st.l[0] + '\u2013' + st.l[1]);
    row(dl, 't', st.t[0] === st.t[1] ? num(st.t[0]) + ' ms' : num(st.t[0]) + '\u2013' + num(st.t[1]) + ' ms');
    if (st.p) row(dl, 'location', '(' + num(st.p[0]) + ', ' + num(st.p[1]) + ')');
    if (st.h) {
      var hd = M.dataAfter(n), c = hd && hd.cols[st.h[0]];
      row(dl, 'hit', (c ? collName(c.id) : 'collection ' + st.h[0]) + ', slot ' + st.h[1]);
    }
    if (st.o) row(dl, 'operation', st.o, 'op-' + st.o);
    if (st.d !== undefined) row(dl, 'destination', st.d, 'mono');
    if (st.out) row(dl, 'outcome', st.out);
    if (st.df) {
      row(dl, 'difference', diffText(st.df) + (st.df.d ? '  (deferred: applied by a later apply)' : '  (applied here)'), 'mono');
    }
    if (st.as && st.as.length) {
      row(dl, 'active', st.as.map(function (a) {
        var all = a[1].length !== a[2].length ? ' of [' + a[1].map(M.quoted).join(', ') + ']' : '';
        return 's' + a[0] + ' [' + a[2].map(M.quoted).join(', ') + ']' + all;
      }).join('; '), 'mono');
    }
    if (st.sw) {
      if (st.sw.o) {
        row(dl, 'open row', M.quoted(st.sw.o.i) + ' ' + st.sw.o.e + ': ' + st.sw.o.b.map(function (b) { return '[' + b.l + ']'; }).join(' '));
      }
      if (st.sw.p.length) {
        row(dl, 'presentations', st.sw.p.map(function (p) { return M.quoted(p[0]) + (p[1] ? ' shown' : ' dismissed'); }).join(', '));
      }
      if (st.sw.a) row(dl, 'performed', st.sw.a.a + ' on ' + M.quoted(st.sw.a.i));
    }
    visiblePaths(n).forEach(function (p) {
      if (p.k > 1) {
        row(dl, 'path s' + p.s, 'sampled: ' + p.n + ' points, every ' + p.k + 'th kept (and the current one), limit ' + D.pathLimit);
      }
    });

    if (st.w && st.w.length) {
      var ws = html('section', null, null, box);
      html('h3', null, 'Warnings', ws);
      var ul = html('ul', 'warnings', null, ws);
      st.w.forEach(function (w) { html('li', null, w, ul); });
    }
    // A failure is shown once, in full, in #failure above the drawing.
    if (st.e && st.e.p) html('div', 'expect-passed', '\u2713 expectation passed', html('section', null, null, box));

    var ds = html('section', null, null, box);
    html('h3', null, 'Data', ds);
    var grid = html('div', 'data-grid', null, ds);
    var b = M.dataBefore(n), a = M.dataAfter(n), pr = M.presence(n);
    dataColumn(grid, 'before', b, a, 'before', pr && pr.inAfter, n);
    dataColumn(grid, st.ap ? 'after (model)' : 'after', a, b, 'after', pr && pr.inBefore, n);
    if (st.ap) dataColumn(grid, 'after (' + appName() + ')', M.appData(n), a, 'app', null, n);
  }

  // Version 3: each replica's data side by side, and the space-time
  // diagram under it, both at step n; the blamed items and ops highlighted.
  function drawReplicas(n) {
    if (!RM) return;
    var blame = RM.blamed(n), data = RM.dataAt(n), changed = RM.changedAt(n);
    var lists = byId('replica-lists');
    while (lists.firstChild) lists.removeChild(lists.firstChild);
    RM.ids.forEach(function (r) {
      var box = html('div', 'replica' + (changed.indexOf(r) >= 0 ? ' changed' : ''), null, lists);
      box.setAttribute('data-replica', r);
      html('h4', null, M.shown(r) + (changed.indexOf(r) >= 0 ? ' \u2022 changed' : ''), box);
      data[r].forEach(function (c) {
        if (data[r].length > 1) html('div', 'replica-collection', collName(c.id), box);
        var ol = html('ol', null, null, box);
        c.ids.forEach(function (id, k) {
          var li = appendShown(html('li', (k < c.fixed ? 'fixed' : '') + (blame.items.indexOf(id) >= 0 ? ' highlight' : ''), null, ol), id);
          li.setAttribute('data-id', id);
        });
      });
    });
    drawSpacetime(byId('spacetime'), n, blame);
  }

  // Scrolls a long diagram so the selected row is in sight.
  function revealRow(n) {
    var box = byId('spacetime-box'), y = RM.rowY(n);
    if (y < box.scrollTop + 30 || y > box.scrollTop + box.clientHeight - 20) box.scrollTop = y - box.clientHeight / 2;
  }

  function drawSpacetime(root, n, blame) {
    var g = RM.diagram();
    while (root.firstChild) root.removeChild(root.firstChild);
    root.setAttribute('viewBox', '0 0 ' + g.width + ' ' + g.height);
    root.setAttribute('width', g.width);
    root.setAttribute('height', g.height);
    var defs = svg('defs', {}, root);
    ['arrow', 'arrow-hl'].forEach(function (id) {
      // In the diagram's units: a highlighted (thicker) arrow keeps the same head.
      var mk = svg('marker', { id: id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 9, markerHeight: 9,
        markerUnits: 'userSpaceOnUse', orient: 'auto-start-reverse' }, defs);
      svg('path', { d: 'M0,0 L10,5 L0,10 z', 'class': id }, mk);
    });
    g.parts.forEach(function (p) {
      svg('rect', { 'class': 'partition', x: 0, y: p.y, width: g.width, height: p.h }, root);
      svg('text', { 'class': 'partition-label', x: g.width - 4, y: p.y + 11, 'text-anchor': 'end' }, root).textContent = M.shown(p.label);
    });
    for (var i = 0; i < N; i++) {
      var row = svg('g', { 'class': 'st-row' + (steps[i].F ? ' failed' : ''), 'data-step': i }, root);
      svg('rect', { x: 0, y: g.rowY(i) - g.rowH / 2, width: g.width, height: g.rowH }, row);
      svg('text', { x: 4, y: g.rowY(i) + 4 }, row).textContent = String(i + 1);
    }
    g.unseen.forEach(function (u) {
      var t = svg('text', { 'class': 'unseen', 'data-step': u.step, x: 24, y: u.y + 4 }, root);
      t.textContent = '\u21c4' + u.count;
      svg('title', {}, t).textContent = M.shown(u.label);
    });
    svg('rect', { 'class': 'selected-step', 'data-step': n, x: 0, y: g.rowY(n) - g.rowH / 2, width: g.width, height: g.rowH }, root);
    g.lanes.forEach(function (l) {
      svg('line', { 'class': 'lane', 'data-replica': l.id, x1: l.x, y1: l.y0, x2: l.x, y2: l.y1 }, root);
      svg('text', { 'class': 'lane-label', x: l.x, y: 16, 'text-anchor': 'middle' }, root).textContent = M.shown(l.id);
    });
    g.arrows.forEach(function (a) {
      var hl = blame.ops.indexOf(a.op) >= 0;
      var m = svg('g', { 'class': 'message ' + a.end + (a.copy ? ' copy' : '') + (hl ? ' highlight' : ''), 'data-n': a.n, 'data-op': a.op }, root);
      svg('title', {}, m).textContent = M.shown(a.label) + (a.end === 'lost' ? ' (lost)' : a.end === 'in-flight' ? ' (still in flight)' : '');
      svg('line', { x1: a.x1, y1: a.y1, x2: a.x2, y2: a.y2, 'marker-end': a.end === 'delivered' ? 'url(#' + (hl ? 'arrow-hl' : 'arrow') + ')' : null }, m);
      if (a.end === 'lost') {
        svg('path', { 'class': 'lost-x', d: 'M' + (a.x2 - 5) + ',' + (a.y2 - 5) + ' l10,10 m0,-10 l-10,10' }, m);
      }
      // A quarter of the way from the sender: arrows that cross keep their labels apart.
      svg('text', { 'class': 'message-label', x: a.x1 + (a.x2 - a.x1) / 4, y: a.y1 + (a.y2 - a.y1) / 4 - 3, 'text-anchor': 'middle' }, m)
        .textContent = '#' + a.n + (a.end === 'delivered' ? '' : '\u2192' + M.shown(a.to));
    });
    g.ops.forEach(function (o) {
      var c = svg('circle', { 'class': 'op' + (blame.ops.indexOf(o.id) >= 0 ? ' highlight' : ''), 'data-op': o.id, cx: o.x, cy: o.y, r: 5 }, root);
      svg('title', {}, c).textContent = M.shown(o.label);
      svg('text', { 'class': 'op-label', x: o.x + 8, y: o.y - 6 }, root).textContent = M.shown(o.id);
    });
  }

  function drawFailure(n) {
    var st = steps[n], box = byId('failure');
    while (box.firstChild) box.removeChild(box.firstChild);
    if (!st.F) { box.hidden = true; return; }
    box.hidden = false;
    var k = failing.indexOf(n);
    html('div', 'failure-title', '\u2717 Step ' + (n + 1) + ' (line ' + st.l[0] + ') failed' +
      (failing.length > 1 ? ' \u2014 failure ' + (k + 1) + ' of ' + failing.length : ''), box);
    var ul = html('ul', null, null, box);
    (st.e && !st.e.p ? st.e.f : []).concat(st.f || []).forEach(function (f) { html('li', null, f, ul); });
    if (st.e && !st.e.p) {
      var sbs = html('div', 'side-by-side', null, box);
      var ex = html('div', null, null, sbs), ac = html('div', null, null, sbs);
      html('h4', null, 'expected', ex); html('pre', 'expected', st.e.ex, ex);
      html('h4', null, 'actual', ac); html('pre', 'actual', st.e.ac, ac);
    }
  }

  function buildTimeline() {
    var frag = document.createDocumentFragment();
    for (var i = 0; i < N; i++) {
      var st = steps[i];
      var li = html('li', M.stepClasses(i), null, frag), lb = M.stepLabel(i);
      li.setAttribute('data-index', i);
      html('span', 'n', lb.number, li);
      var x = html('span', 'x', null, li);
      if (lb.kind) html('span', 'k', lb.kind, x);
      x.appendChild(document.createTextNode(lb.text));
      li.title = lb.title;  // the whole text where the item cuts it
    }
    list.appendChild(frag);
    list.addEventListener('click', function (ev) {
      var li = ev.target.closest ? ev.target.closest('li') : null;
      if (li) go(+li.getAttribute('data-index'));
    });
  }

  function draw(n) {
    var st = steps[n];
    main.setAttribute('data-step', String(n));
    byId('step-title').textContent = 'Step ' + M.positionText(n) + ' \u00b7 ' + st.k + ' \u00b7 line ' +
      (st.l[0] === st.l[1] ? st.l[0] : st.l[0] + '\u2013' + st.l[1]) + ' \u00b7 t=' + num(st.t[1]) + ' ms';
    byId('step-text').textContent = st.x;
    byId('position').textContent = M.positionText(n);
    try { drawFailure(n); } catch (e) { report(e); }
    drawCanvases(n);
    try { drawReplicas(n); } catch (e) { report(e); }
    try { drawDetails(n); } catch (e) { report(e); }
    var old = list.querySelector('li.current');
    if (old) old.classList.remove('current');
    var li = list.children[n];
    if (li) li.classList.add('current');
    // Scrolling reads the layout: done once per frame, for the step shown
    // then, so that a step's script does not wait for the browser's layout.
    if (!scrollPending && typeof requestAnimationFrame !== 'undefined') {
      scrollPending = true;
      requestAnimationFrame(function () { scrollPending = false; try { scrollToCurrent(); } catch (e) { report(e); } });
    }
  }

  // The model's drawing and the app's beside it, in the model's view.
  function drawCanvases(n) {
    var ap = !!steps[n].ap;
    try { drawLayout(byId('layout'), M.dataAfter(n), n, false); } catch (e) { report(e); }
    if (RM) byId('model-title').textContent = 'replica ' + M.shown(RM.shownAt(n)) + ' (the step\u2019s own drawing)';
    byId('app-canvas').hidden = !ap;
    byId('canvases').classList.toggle('with-app', ap);
    try { drawLayout(byId('app-layout'), M.appData(n), n, true, byId('layout').__view); } catch (e) { report(e); }
  }

  // A window follows the user's scrolling: near an edge it is drawn again
  // around the middle of what is seen, which stays where it was on screen.
  // The step's own focus comes back with the next step.
  var scrollFocus = null, followPending = false;
  function followScroll() {
    var root = byId('layout'), v = root.__view, box = byId('model-canvas');
    if (!v || !v.win || current < 0) return;
    var w = v.win, sr = root.getBoundingClientRect(), br = box.getBoundingClientRect();
    var k = w.across ? sr.width / v.w : sr.height / v.h;  // screen pixels per point
    if (!(k > 0)) return;
    var lo = w.across ? v.x0 + (br.left - sr.left) / k : v.y0 + (br.top - sr.top) / k;
    var f = followedFocus(w, lo, (w.across ? box.clientWidth : box.clientHeight) / k);
    if (f === null) return;
    scrollFocus = w.across ? [f, 0] : [0, f];
    drawCanvases(current);
    var nv = root.__view, nr = root.getBoundingClientRect();
    if (w.across) box.scrollLeft += nr.left + (lo - nv.x0) * k - br.left;
    else box.scrollTop += nr.top + (lo - nv.y0) * k - br.top;
  }

  var scrollPending = false;
  function scrollToCurrent() {
    reveal(steps[current]);
    if (RM) revealRow(current);
    var li = list.children[current];
    if (!li) return;
    var tl = byId('timeline'), r = li.getBoundingClientRect(), tr = tl.getBoundingClientRect();
    if (r.top < tr.top || r.bottom > tr.bottom) tl.scrollTop += r.top - tr.top - tl.clientHeight / 2;
  }

  // Scrolls the drawing so the finger (or the placeholder) is in sight.
  function reveal(st) {
    var v = byId('layout').__view, box = byId('model-canvas');
    var p = st.p || (st.r ? [st.r[0], st.r[1]] : null);
    // A window is drawn around its focus (the finger, else the path's end or the change): show it.
    if (v && v.windowed) p = focusOf(current, M.dataAfter(current));
    if (!v || !p) return;
    var x = (p[0] - v.x0) * v.scale, y = (p[1] - v.y0) * v.scale + 20;
    if (y < box.scrollTop || y > box.scrollTop + box.clientHeight - 20) box.scrollTop = y - box.clientHeight / 2;
    if (x < box.scrollLeft || x > box.scrollLeft + box.clientWidth - 20) box.scrollLeft = x - box.clientWidth / 2;
  }

  function report(e) { window.__dragRenderError(e && e.stack ? e.stack : e); }

  function go(n, fromHash) {
    if (!N) return;
    n = Math.max(0, Math.min(N - 1, n | 0));
    if (n === current) return;
    current = n;
    scrollFocus = null;
    slider.value = String(n);
    // The script time of this step's draw, for the browser tests and for
    // anyone profiling a big page (data-draw-ms on #step).
    var t0 = typeof performance !== 'undefined' ? performance.now() : 0;
    draw(n);
    if (typeof performance !== 'undefined') main.setAttribute('data-draw-ms', (performance.now() - t0).toFixed(2));
    if (!fromHash) {
      var h = M.hashOf(n);
      try { history.replaceState(null, '', h); } catch (e) { if (location.hash !== h) location.hash = h; }
    }
  }

  // `#step=N&profile=K` (for the browser tests and for profiling a big
  // page): after opening at N, draw K other steps (the next ones, then
  // steps spread over the page), write each draw's script time to
  // #step[data-profile-ms] (comma-separated ms), and come back to N.
  function profile(k) {
    var from = current, times = [], targets = [];
    for (var i = 1; i <= k / 2 && from + i < N; i++) targets.push(from + i);
    for (var j = 0; targets.length < k && j < k; j++) targets.push(Math.floor(j * (N - 1) / Math.max(k - 1, 1)));
    targets.concat([from]).forEach(function (t) {
      current = -1;
      go(t, true);
      if (t !== from || times.length < targets.length) times.push(main.getAttribute('data-draw-ms'));
    });
    main.setAttribute('data-profile-ms', times.join(','));
  }

  function hashStep() { return M.stepOfHash(location.hash); }

  function start() {
    var title = byId('title');
    title.textContent = D.title || '(untitled)';
    var sub = [D.subject, D.path, D.layout.kind + ' ' + num(D.layout.width) + '\u00d7' + num(D.layout.height),
      D.events + ' events, ' + M.countText() + (failing.length ? ', ' + failing.length + ' failing' : '')];
    byId('subtitle').textContent = sub.filter(function (s) { return s; }).join(' \u00b7 ');
    if (D.description) byId('description').textContent = D.description;
    if (D.status) {
      var badge = byId('status');
      badge.textContent = D.status.toUpperCase();
      badge.setAttribute('data-status', D.status);
    }
    if (D.messages && D.messages.length) {
      var ml = byId('messages');
      ml.hidden = false;
      D.messages.forEach(function (m) { html('li', / warning: /.test(m) && !/ error: /.test(m) ? 'warning' : 'error', m, ml); });
    }
    byId('app-title').textContent = appName();
    if (!N) { byId('step-title').textContent = 'No events'; main.setAttribute('data-step', ''); return; }
    slider.max = String(N - 1);
    if (failing.length) {
      byId('fail-nav').hidden = false;
      byId('fail-count').textContent = failing.length + ' failing step' + (failing.length > 1 ? 's' : '');
    }
    buildTimeline();
    if (RM) {
      byId('replicas').hidden = false;
      // A click on the diagram selects the step of its row.
      var st = byId('spacetime');
      st.addEventListener('click', function (ev) {
        var pt = st.createSVGPoint();
        pt.x = ev.clientX; pt.y = ev.clientY;
        go(RM.stepAt(pt.matrixTransform(st.getScreenCTM().inverse()).y));
      });
    }
    slider.addEventListener('input', function () { go(+slider.value); });
    byId('prev').addEventListener('click', function () { go(current - 1); });
    byId('next').addEventListener('click', function () { go(current + 1); });
    byId('prev-fail').addEventListener('click', function () {
      for (var i = failing.length - 1; i >= 0; i--) if (failing[i] < current) return go(failing[i]);
    });
    byId('next-fail').addEventListener('click', function () {
      for (var i = 0; i < failing.length; i++) if (failing[i] > current) return go(failing[i]);
    });
    document.addEventListener('keydown', function (ev) {
      if (ev.target && (ev.target.tagName === 'INPUT' || ev.target.tagName === 'TEXTAREA') && ev.target !== slider) return;
      if (ev.target === slider && (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight')) return;
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      var to = M.keyTarget(ev.key, current);
      if (to === null) return;
      ev.preventDefault();
      go(to);
    });
    window.addEventListener('hashchange', function () { var h = hashStep(); if (h !== null) go(h, true); });
    byId('model-canvas').addEventListener('scroll', function () {
      if (followPending || typeof requestAnimationFrame === 'undefined') return;
      followPending = true;
      requestAnimationFrame(function () { followPending = false; try { followScroll(); } catch (e) { report(e); } });
    });
    // Both hooks are read before go() rewrites the fragment.
    var h = hashStep(), pm = /(?:^#|[&;])profile=(\d+)/.exec(location.hash), sm = /(?:^#|[&;])scroll=(-?\d+)/.exec(location.hash);
    go(h !== null ? h : D.start);
    if (pm) profile(Math.min(parseInt(pm[1], 10), 1000));
    if (sm) pageThrough(Math.max(-1000, Math.min(parseInt(sm[1], 10), 1000)));
  }

  // `#step=N&scroll=K` (for the browser tests): after opening, scroll the
  // model's drawing K views on along the container's axis (back when K < 0),
  // one at a time as a user paging would, the window following each.
  function pageThrough(k) {
    var box = byId('model-canvas'), v = byId('layout').__view, across = !!(v && v.win && v.win.across);
    scrollToCurrent();
    for (var i = 0; i < Math.abs(k); i++) {
      var by = (k < 0 ? -1 : 1) * (across ? box.clientWidth : box.clientHeight);
      if (across) box.scrollLeft += by; else box.scrollTop += by;
      followScroll();
    }
  }

  try {
    D = JSON.parse(byId('doc').textContent);
    steps = D.steps;
    N = steps.length;
    M = model(D);
    RM = replicaModel(D);
    failing = M.failing;
    color = M.color; after = M.after; before = M.before; appAfter = M.appAfter; appName = M.appName; positions = M.positions;
    pathAt = M.pathAt; visiblePaths = M.visiblePaths; diffText = M.diffText; collName = M.collName;
    start();
  } catch (e) {
    report(e);
  } finally {
    // The open time: from the navigation's start to the first draw's end.
    if (typeof performance !== 'undefined') document.body.dataset.openMs = performance.now().toFixed(1);
    document.body.dataset.ready = '1';
  }
})(typeof window !== 'undefined' ? window : globalThis);
