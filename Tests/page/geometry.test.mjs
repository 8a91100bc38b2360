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

test('there is a geometry fixture per layout kind', () => {
  const kinds = new Set(files.map((f) => JSON.parse(readFileSync(dir + f, 'utf8')).document.layout.kind));
  assert.deepEqual([...kinds].sort(), ['board', 'grid', 'hstack', 'list']);
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
      for (const n of visit) {
        // JSON round trip: the script's objects come from another realm.
        assert.deepEqual(JSON.parse(JSON.stringify(drawn(m.after(n)))), frames[n + 1], `step ${n}`);
      }
    });
  }
}
