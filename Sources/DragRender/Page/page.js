// The page's script. Two halves: `model(D)`, which reads a document (the
// JSON in script#doc, docs/page-document.md) and touches no DOM, so that
// `node --test Tests/page/*.test.mjs` checks it on its own; and the drawing, which runs
// only in a browser.
(function (root) {
  'use strict';

  function num(v) { return String(Math.round(v * 100) / 100); }
  function q(s) { return JSON.stringify(s); }

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
    function collName(id) { return id === null ? '(single)' : q(id); }

    // The data: the initial data once, then per step only what it changed
    // (`dm` for the model, `da` for the app). A track rebuilds the data
    // after step n from the nearest checkpoint before it, applying the
    // changes in order; stepping forward by one applies one change.
    function decode(d) {
      return { enabled: d.enabled, locked: d.locked, cols: d.collections.map(function (c) {
        return { id: c[0], cap: c[1], fixed: c[2], ids: c[3].slice() };
      }) };
    }
    function copy(s) {
      return { enabled: s.enabled, locked: s.locked, cols: s.cols.map(function (c) {
        return { id: c.id, cap: c.cap, fixed: c.fixed, ids: c.ids.slice() };
      }) };
    }
    // Applies change ch to data s in place; returns the entries it moved.
    function apply(s, ch) {
      if (!ch) return 0;
      if (ch.all) { var f = decode(ch.all); s.enabled = f.enabled; s.locked = f.locked; s.cols = f.cols; return size(s); }
      var work = 0;
      (ch.edits || []).forEach(function (e) {
        var c = s.cols[e[0]], start = e[1], removed = e[2], ins = e[3];
        if (ins.length < 1000) c.ids.splice.apply(c.ids, [start, removed].concat(ins));
        else c.ids = c.ids.slice(0, start).concat(ins, c.ids.slice(start + removed));
        if (e[4] !== null) c.fixed = e[4];
        work += removed + ins.length;
      });
      if (ch.locked) s.locked = ch.locked;
      if (ch.enabled !== undefined) s.enabled = ch.enabled;
      return work;
    }
    function size(s) { return s.cols.reduce(function (n, c) { return n + c.ids.length; }, 0); }
    // A checkpoint is taken when the work since the last one passes the
    // data's size: rebuilding any step costs O(size) and the checkpoints
    // take about as much memory as the changes.
    function track(key) {
      var points = null, cur = null, work = 0;
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
          if (cur.n > last.n && work >= Math.max(size(cur.data), checkpointWork)) { points.push({ n: cur.n, data: copy(cur.data) }); work = 0; }
        }
        return cur.data;
      };
    }
    var modelAt = track('dm'), appAt = track('da');

    // The layout's rule (D.layout, from the core's Layout.Kind): every
    // entry's frame and every collection's area, as Layout.frames(in:) and
    // Layout.sections(frames:) give them.
    function lay(s) {
      var L = D.layout, locked = new Set(s.locked), cols = s.cols, n = cols.length, out = [];
      var sizes = L.sizes || {}, pos = 0;
      function entry(c, k, x, y, w, h) {
        var id = c.ids[k];
        return { id: id, x: x, y: y, w: w, h: h, fixed: k < c.fixed, locked: locked.has(id) };
      }
      cols.forEach(function (c, ci) {
        var es = [], area, k, m = c.ids.length;
        if (L.kind === 'list') {
          var top = pos, y = pos + L.headerHeight;
          for (k = 0; k < m; k++) {
            var h = sizes[c.ids[k]] !== undefined ? sizes[c.ids[k]] : L.rowHeight;
            es.push(entry(c, k, 0, y, L.width, h)); y += h + L.spacing;
          }
          pos = m ? y : top + L.headerHeight;
          area = { x: 0, y: top, w: L.width, h: pos - top };
        } else if (L.kind === 'hstack') {
          var left = pos, x = pos;
          for (k = 0; k < m; k++) {
            var w = sizes[c.ids[k]] !== undefined ? sizes[c.ids[k]] : L.itemWidth;
            es.push(entry(c, k, x, 0, w, L.height)); x += w + L.spacing;
          }
          pos = m ? x : left;
          area = n === 1 ? { x: 0, y: 0, w: L.width, h: L.height } : { x: left, y: 0, w: pos - left, h: L.height };
        } else if (L.kind === 'grid') {
          var gtop = pos, content = pos + L.headerHeight;
          for (k = 0; k < m; k++) {
            es.push(entry(c, k, (k % L.columns) * (L.cellWidth + L.spacing),
              content + Math.floor(k / L.columns) * (L.rowHeight + L.spacing), L.cellWidth, L.rowHeight));
          }
          pos = content + (m ? Math.floor((m - 1) / L.columns) + 1 : 0) * (L.rowHeight + L.spacing);
          var end = m ? es[m - 1].y + es[m - 1].h + L.spacing : content;
          area = { x: 0, y: gtop, w: L.width, h: end - gtop };
        } else {
          var bx = ci * (L.columnWidth + L.spacing);
          for (k = 0; k < m; k++) {
            es.push(entry(c, k, bx, L.headerHeight + k * (L.rowHeight + L.rowSpacing), L.columnWidth, L.rowHeight));
          }
          area = { x: bx, y: 0, w: L.columnWidth, h: L.height };
        }
        out.push({ id: c.id, cap: c.cap, area: area, entries: es });
      });
      return { enabled: s.enabled, collections: out };
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
    function visiblePaths(n) {
      return D.paths.filter(function (p) { return p.a <= n && (p.z === null || n <= p.z); });
    }
    function diffText(d) {
      return '[' + d.s.map(q).join(', ') + '] \u2192 ' + (d.b === null ? 'end' : 'before ' + q(d.b)) +
        (d.c !== null ? ' in ' + q(d.c) : '');
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
      if (key === 'n') { for (i = 0; i < failing.length; i++) if (failing[i] > current) return failing[i]; return null; }
      if (key === 'p') { for (i = failing.length - 1; i >= 0; i--) if (failing[i] < current) return failing[i]; return null; }
      return null;
    }
    return { color: color, after: after, before: before, appAfter: appAfter, lay: lay, appName: appName, positions: positions, pathAt: pathAt,
      visiblePaths: visiblePaths, diffText: diffText, failing: failing, stepClasses: stepClasses, keyTarget: keyTarget,
      collName: collName };
  }

  root.DragRenderPage = { model: model, num: num, q: q };
  if (typeof document === 'undefined') return;  // Node: the model only

  var SVGNS = 'http://www.w3.org/2000/svg';
  var byId = function (id) { return document.getElementById(id); };
  var main = byId('step'), slider = byId('slider'), list = byId('steps');
  var D = null, steps = [], N = 0, current = -1, failing = [];
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


  function drawLayout(root, snap, n, app) {
    while (root.firstChild) root.removeChild(root.firstChild);
    if (!snap) return;
    var st = steps[n], pfx = app ? 'a-' : 'm-';
    var paths = app ? [] : visiblePaths(n).map(function (p) { return { p: p, pts: pathAt(p, n) }; });
    // The view: what there is to see (areas, entries, fingers), not the
    // whole container, which is often much taller than its rows.
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, minH = Infinity;
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
    // Fit the view, then keep rows between 18 and 36 pixels high when that
    // does not make the drawing enormous (it scrolls).
    var scale = Math.min(720 / w, 560 / h);
    if (minH < Infinity && minH * scale > 36) scale = 36 / minH;
    if (minH < Infinity && minH * scale < 18) scale = Math.min(18 / minH, 30000 / h, 6000 / w);
    if (app) scale *= 0.75;
    var px = 1 / scale;
    if (paths.length) w += 90 * px;  // room for a finger's label on the right
    root.setAttribute('viewBox', [x0, y0, w, h].join(' '));
    root.setAttribute('width', Math.ceil(w * scale));
    root.setAttribute('height', Math.ceil(h * scale));
    root.setAttribute('font-size', 12 * px);
    root.__view = { x0: x0, y0: y0, scale: scale };

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
    snap.collections.forEach(function (c, ci) {
      var hit = ci === hitColl;
      svg('rect', { 'class': 'area' + (hit ? ' hit' : ''), 'data-collection': ci, x: c.area.x, y: c.area.y,
        width: c.area.w, height: c.area.h, fill: hit ? sc : '#f8fafc', 'fill-opacity': hit ? 0.12 : 1,
        stroke: hit ? sc : '#cbd5e1', 'stroke-width': (hit ? 2 : 1) * px }, areas);
    });

    // Entries: who is dragged now, and who moved since the previous step.
    var dragged = new Map();
    if (!app && st.as) st.as.forEach(function (a) { a[2].forEach(function (id) { dragged.set(id, a[0]); }); });
    var was = positions(before(n));
    var model = app ? positions(after(n)) : null;
    var entries = svg('g', { 'class': 'entries' }, root);
    snap.collections.forEach(function (c, ci) {
      c.entries.forEach(function (e, k) {
        var cls = app ? 'app-entry' : 'entry';
        if (e.fixed) cls += ' fixed';
        if (e.locked) cls += ' locked';
        var where = ci + '/' + k, session = dragged.get(e.id);
        if (session !== undefined) cls += ' source';
        if (!app && was.size && was.get(e.id) !== where) cls += ' changed';
        if (app && model.get(e.id) !== where) cls += ' mismatch';
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
        var fs = Math.min(e.h * 0.62, 13 * px);
        var t = svg('text', { x: 6 * px, y: e.h / 2, 'dominant-baseline': 'central', 'font-size': fs,
          fill: e.fixed ? '#475569' : '#0f172a' }, clip);
        t.textContent = e.id;
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
      var count = c.entries.filter(function (e) { return !e.fixed; }).length;
      var label = c.id === null ? '' : c.id;
      var over = c.cap !== null && count > c.cap;
      if (c.cap !== null) label += (label ? '  ' : '') + count + '/' + c.cap;
      if (!label) return;
      var t = svg('text', { 'class': 'area-label' + (over ? ' over' : ''), x: c.area.x + c.area.w - 3 * px,
        y: c.area.y + 3 * px, 'text-anchor': 'end', 'dominant-baseline': 'hanging', 'font-size': 10 * px,
        fill: over ? '#b91c1c' : '#475569', stroke: '#fff', 'stroke-width': 3 * px, 'paint-order': 'stroke' }, root);
      t.textContent = label;
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
      var a = hitColl >= 0 && snap.collections[hitColl] ? snap.collections[hitColl].area : null;
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
      // A finger's label: its session, then what it is doing at this step
      // (a drop is a drop, a cancel a cancel; while moving, the answer).
      var label = 's' + p.s;
      if (ended) label += ' ' + p.end;
      else if (st.s === p.s && st.o) label += ' ' + (st.o === 'copy' ? '+copy' : st.o);
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

  function dataColumn(parent, title, snap, compare, mode) {
    var col = html('div', 'col', null, parent);
    html('h4', null, title, col);
    if (!snap) { html('span', 'cname', '(not known)', col); return; }
    snap.collections.forEach(function (c, ci) {
      var box = html('div', 'coll', null, col);
      var count = c.entries.filter(function (e) { return !e.fixed; }).length;
      var name = (c.id === null ? '(single)' : c.id) + (c.cap !== null ? '  ' + count + '/' + c.cap : '');
      var cn = html('span', 'cname', name, box);
      if (c.cap !== null && count > c.cap) cn.classList.add('over');
      c.entries.forEach(function (e, k) {
        var cls = 'chip';
        if (e.fixed) cls += ' fixed';
        if (e.locked) cls += ' locked';
        var other = compare ? compare.get(e.id) : undefined;
        if (compare && compare.size) {
          if (mode === 'before' && other === undefined) cls += ' gone';
          if (mode === 'after' && other === undefined) cls += ' new';
          else if (mode === 'after' && other !== ci + '/' + k) cls += ' moved';
          if (mode === 'app' && other !== ci + '/' + k) cls += ' mismatch';
        }
        html('span', cls, e.id, box);
      });
    });
    if (!snap.enabled) html('span', 'cname', 'container disabled', col);
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
    row(dl, 'event', st.k + (st.s !== undefined ? ' s' + st.s : '') + (st.n ? ' (' + st.n + ' moves collapsed)' : ''));
    row(dl, 'line', st.l[0] === st.l[1] ? String(st.l[0]) : st.l[0] + '\u2013' + st.l[1]);
    row(dl, 't', st.t[0] === st.t[1] ? num(st.t[0]) + ' ms' : num(st.t[0]) + '\u2013' + num(st.t[1]) + ' ms');
    if (st.p) row(dl, 'location', '(' + num(st.p[0]) + ', ' + num(st.p[1]) + ')');
    if (st.h) {
      var snap = after(n), c = snap && snap.collections[st.h[0]];
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
        var all = a[1].length !== a[2].length ? ' of [' + a[1].map(q).join(', ') + ']' : '';
        return 's' + a[0] + ' [' + a[2].map(q).join(', ') + ']' + all;
      }).join('; '), 'mono');
    }
    if (st.sw) {
      if (st.sw.o) {
        row(dl, 'open row', q(st.sw.o.i) + ' ' + st.sw.o.e + ': ' + st.sw.o.b.map(function (b) { return '[' + b.l + ']'; }).join(' '));
      }
      if (st.sw.p.length) {
        row(dl, 'presentations', st.sw.p.map(function (p) { return q(p[0]) + (p[1] ? ' shown' : ' dismissed'); }).join(', '));
      }
      if (st.sw.a) row(dl, 'performed', st.sw.a.a + ' on ' + q(st.sw.a.i));
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
    if (st.e) {
      var es = html('section', st.e.p ? 'expect-passed' : 'expect-failed', null, box);
      if (st.e.p) {
        html('div', null, '\u2713 expectation passed', es);
      } else {
        html('strong', null, '\u2717 expectation failed', es);
        var fl = html('ul', null, null, es);
        st.e.f.forEach(function (f) { html('li', null, f, fl); });
        var sbs = html('div', 'side-by-side', null, es);
        var ex = html('div', null, null, sbs), ac = html('div', null, null, sbs);
        html('h4', null, 'expected', ex); html('pre', 'expected', st.e.ex, ex);
        html('h4', null, 'actual', ac); html('pre', 'actual', st.e.ac, ac);
      }
    }
    if (st.f && st.f.length) {
      var is = html('section', 'invariants', null, box);
      html('strong', null, '\u2717 invariant failures', is);
      var il = html('ul', null, null, is);
      st.f.forEach(function (f) { html('li', null, f, il); });
    }

    var ds = html('section', null, null, box);
    html('h3', null, 'Data', ds);
    var grid = html('div', 'data-grid', null, ds);
    var b = before(n), a = after(n);
    dataColumn(grid, 'before', b, positions(a), 'before');
    dataColumn(grid, st.ap ? 'after (model)' : 'after', a, positions(b), 'after');
    if (st.ap) dataColumn(grid, 'after (' + appName() + ')', appAfter(n), positions(a), 'app');
  }

  function drawFailure(n) {
    var st = steps[n], box = byId('failure');
    while (box.firstChild) box.removeChild(box.firstChild);
    if (!st.F) { box.hidden = true; return; }
    box.hidden = false;
    var k = failing.indexOf(n);
    html('div', null, '\u2717 Step ' + n + ' (line ' + st.l[0] + ') failed' +
      (failing.length > 1 ? ' \u2014 failure ' + (k + 1) + ' of ' + failing.length : ''), box);
    var ul = html('ul', null, null, box);
    (st.e && !st.e.p ? st.e.f : []).concat(st.f || []).forEach(function (f) { html('li', null, f, ul); });
  }

  function buildTimeline() {
    var frag = document.createDocumentFragment();
    for (var i = 0; i < N; i++) {
      var st = steps[i];
      var li = html('li', M.stepClasses(i), null, frag);
      li.setAttribute('data-index', i);
      html('span', 'n', String(i), li);
      html('span', 'x', 'L' + st.l[0] + ' ' + st.x, li);
      li.title = 'step ' + i + ', line ' + st.l[0] + ': ' + st.x;  // the whole text where the item cuts it
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
    byId('step-title').textContent = 'Step ' + n + ' / ' + (N - 1) + ' \u00b7 line ' +
      (st.l[0] === st.l[1] ? st.l[0] : st.l[0] + '\u2013' + st.l[1]) + ' \u00b7 t=' + num(st.t[1]) + ' ms';
    byId('step-text').textContent = st.x;
    byId('position').textContent = n + ' / ' + (N - 1);
    try { drawFailure(n); } catch (e) { report(e); }
    try { drawLayout(byId('layout'), after(n), n, false); reveal(st); } catch (e) { report(e); }
    var appBox = byId('app-canvas');
    appBox.hidden = !st.ap;
    try { drawLayout(byId('app-layout'), appAfter(n), n, true); } catch (e) { report(e); }
    try { drawDetails(n); } catch (e) { report(e); }
    var old = list.querySelector('li.current');
    if (old) old.classList.remove('current');
    var li = list.children[n];
    if (li) {
      li.classList.add('current');
      var tl = byId('timeline'), r = li.getBoundingClientRect(), tr = tl.getBoundingClientRect();
      if (r.top < tr.top || r.bottom > tr.bottom) tl.scrollTop += r.top - tr.top - tl.clientHeight / 2;
    }
  }

  // Scrolls the drawing so the finger (or the placeholder) is in sight.
  function reveal(st) {
    var v = byId('layout').__view, box = byId('model-canvas');
    var p = st.p || (st.r ? [st.r[0], st.r[1]] : null);
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
    slider.value = String(n);
    // The script time of this step's draw, for the browser tests and for
    // anyone profiling a big page (data-draw-ms on #step).
    var t0 = typeof performance !== 'undefined' ? performance.now() : 0;
    draw(n);
    if (typeof performance !== 'undefined') main.setAttribute('data-draw-ms', (performance.now() - t0).toFixed(2));
    if (!fromHash) {
      var h = '#step=' + n;
      try { history.replaceState(null, '', h); } catch (e) { if (location.hash !== h) location.hash = h; }
    }
  }

  function hashStep() {
    var m = /(?:^#|[&;])step=(\d+)/.exec(location.hash);
    return m ? parseInt(m[1], 10) : null;
  }

  function start() {
    var title = byId('title');
    title.textContent = D.title || '(untitled)';
    var sub = [D.subject, D.path, D.layout.kind + ' ' + num(D.layout.width) + '\u00d7' + num(D.layout.height),
      D.events + ' events, ' + N + ' steps' + (failing.length ? ', ' + failing.length + ' failing' : '')];
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
    var h = hashStep();
    go(h !== null ? h : D.start);
  }

  try {
    D = JSON.parse(byId('doc').textContent);
    steps = D.steps;
    N = steps.length;
    M = model(D);
    failing = M.failing;
    color = M.color; after = M.after; before = M.before; appAfter = M.appAfter; appName = M.appName; positions = M.positions;
    pathAt = M.pathAt; visiblePaths = M.visiblePaths; diffText = M.diffText; collName = M.collName;
    start();
  } catch (e) {
    report(e);
  } finally {
    document.body.dataset.ready = '1';
  }
})(typeof window !== 'undefined' ? window : globalThis);
