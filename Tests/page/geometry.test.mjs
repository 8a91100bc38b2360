// The script lays out each step's data from the document's layout rule;
// the core's Layout is the definition. Each file in Tests/page/geometry
// holds a document and, per step (from the data before the first, -1), the
// areas and frames the core computes (PageGeometryTests writes them): the
// script's must be equal, whatever order the steps are visited in (its
// checkpoints and its one-step advance give the same data).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { root, loadPage } from './load.mjs';

const page = loadPage();
const dir = root + 'Tests/page/geometry/';
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

function drawn(snap) {
  return snap.collections.map((c) => [c.area.x, c.area.y, c.area.w, c.area.h,
    c.entries.map((e) => [e.id, e.x, e.y, e.w, e.h, e.fixed, e.locked])]);
}

// The core's layout kinds, as LayoutKind (the one list of them) names them.
const kindSource = readFileSync(root + 'Sources/ReorderCore/Layout/LayoutKind.swift', 'utf8');
const layoutKinds = kindSource.match(/enum LayoutKind\b[^{]*\{\s*case ([a-z, ]+)\n/)[1].split(', ');

test('there is a geometry fixture per layout kind', () => {
  assert.ok(layoutKinds.length >= 4, layoutKinds.join(', '));
  const kinds = new Set(files.map((f) => JSON.parse(readFileSync(dir + f, 'utf8')).document.layout.kind));
  assert.deepEqual([...kinds].sort(), [...layoutKinds].sort());
});

// The page draws from the geometry alone: it never asks the layout's kind,
// so a kind it has never heard of is drawn as the geometry says, and the
// script names no kind.
test('the script names no layout kind', () => {
  const script = readFileSync(root + 'Sources/DragRender/Page/page.js', 'utf8');
  for (const kind of layoutKinds) assert.ok(!script.includes(`'${kind}'`), `page.js names '${kind}'`);
  assert.doesNotMatch(script, /(\bL|layout)\.kind\s*[!=]==?/);
});

for (const f of files) {
  const { document: doc, frames } = JSON.parse(readFileSync(dir + f, 'utf8'));
  const steps = frames.map((_, i) => i - 1);
  const orders = {
    forward: steps,
    backward: [...steps].reverse(),
    scattered: steps.map((_, i) => steps[(i * 5) % steps.length]),
  };
  for (const [order, visit] of Object.entries(orders)) for (const checkpointWork of [undefined, 1]) {
    const every = checkpointWork ? ', a checkpoint at every step' : '';
    test(`${f}: the script's frames are the core's, visited ${order}${every}`, () => {
      const m = page.model(doc, { checkpointWork });
      // The same geometry under a kind no page knows: the same frames.
      const renamed = page.model({ ...doc, layout: { ...doc.layout, kind: 'not-a-kind' } }, { checkpointWork });
      for (const n of visit) {
        // JSON round trip: the script's objects come from another realm.
        assert.deepEqual(JSON.parse(JSON.stringify(drawn(m.after(n)))), frames[n + 1], `step ${n}`);
        assert.deepEqual(JSON.parse(JSON.stringify(drawn(renamed.after(n)))), frames[n + 1], `step ${n}, renamed`);
      }
    });
  }
}

// The window a big page draws: layIn(data, rect) gives lay()'s frames, for
// every entry that meets the rect and for few others (one row of slack),
// and lay()'s areas for every collection whose area or entries meet it,
// and no other (a board of 30,000 columns draws a few).
const meets = (e, r) => e.x < r.x + r.w && e.x + e.w > r.x && e.y < r.y + r.h && e.y + e.h > r.y;
const reaches = (c, r) => meets({ x: c.area.x, y: c.area.y, w: c.area.w, h: c.area.h }, r) || c.entries.some((e) => meets(e, r));
for (const f of files) {
  // Per-item sizes make a layout not uniform (lay() only): without them.
  const { document: doc } = JSON.parse(readFileSync(dir + f, 'utf8'));
  delete doc.layout.sizes;
  test(`${f}: the entries laid out in a window are lay()'s that meet it`, () => {
    const m = page.model(doc);
    assert.ok(m.uniform);
    const sized = Object.keys(JSON.parse(readFileSync(dir + f, 'utf8')).document.layout.sizes || {}).length > 0;
    assert.equal(page.model(JSON.parse(readFileSync(dir + f, 'utf8')).document).uniform, !sized);
    for (let n = -1; n < doc.steps.length; n++) {
      const all = m.lay(m.dataAfter(n));
      const W = doc.layout.width, H = Math.max(doc.layout.height, ...all.collections.map((c) => c.area.y + c.area.h));
      for (const r of [{ x: 0, y: 0, w: W, h: H }, { x: 0, y: H / 3, w: W, h: H / 4 }, { x: W / 2, y: 0, w: W / 3, h: H }]) {
        const part = m.layIn(m.dataAfter(n), r);
        const byCi = new Map(part.collections.map((c) => [c.ci, c]));
        assert.deepEqual(JSON.parse(JSON.stringify(part.collections.map((c) => c.ci))), [...byCi.keys()].sort((a, b) => a - b), `step ${n}: collections in order`);
        const near = (c) => reaches(c, { x: r.x - 1, y: r.y - 1, w: r.w + 2, h: r.h + 2 });
        all.collections.forEach((c, ci) => {
          const got = byCi.get(ci);
          if (reaches(c, r)) assert.ok(got, `step ${n}: collection ${ci} meets ${JSON.stringify(r)} but is not laid out`);
          if (!near(c)) assert.equal(got, undefined, `step ${n}: collection ${ci} is laid out though it is away from ${JSON.stringify(r)}`);
          if (!got) return;
          assert.deepEqual(JSON.parse(JSON.stringify(got.area)), JSON.parse(JSON.stringify(c.area)), `step ${n} area ${ci}`);
          const byK = new Map(got.entries.map((e) => [e.k, e]));
          c.entries.forEach((e, k) => {
            const w = byK.get(k);
            if (meets(e, r)) assert.ok(w, `step ${n}: entry ${k} of ${ci} meets ${JSON.stringify(r)} but is not laid out`);
            if (w) assert.deepEqual([w.id, w.x, w.y, w.w, w.h, w.fixed, w.locked], [e.id, e.x, e.y, e.w, e.h, e.fixed, e.locked]);
          });
          const rows = doc.layout.wrap;
          // Lines of several entries (a grid's rows) are windowed whole: those that cross the rect.
          const lineMeets = (e) => (doc.layout.axis === 'y' ? e.y < r.y + r.h && e.y + e.h > r.y : e.x < r.x + r.w && e.x + e.w > r.x);
          const inside = c.entries.filter((e) => (rows > 1 ? lineMeets(e) : meets(e, r))).length;
          assert.ok(got.entries.length <= inside + 4 * rows, `step ${n}: ${got.entries.length} laid out for ${inside} in view`);
        });
      }
    }
  });
}
