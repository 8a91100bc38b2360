// The replica view's model (version 3 documents): each replica's data at a
// step, what a failed check blames, and the space-time diagram's geometry.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from './load.mjs';

const page = loadPage();

// The document of corpora/replicas/7_7-ack-by-any.jsonl rendered with
// --merge-bug ack-by-any, cut to what the replica view reads, plus a
// partition and a message still in flight.
function doc() {
  const step = (x, more) => Object.assign({ k: 'deliver', x, l: [1, 1], t: [0, 0] }, more);
  return {
    data: { enabled: true, locked: [], collections: [[null, null, 0, ['a', 'b']]] },
    steps: [
      step('insert', { rd: [['A', [[null, 0, ['a', 'b', 'x']]]]], rs: 'A' }),
      step('lose', { rs: 'A' }),
      step('relocate', { rd: [['B', [[null, 0, ['b', 'a']]]]] }),
      step('deliver', { rd: [['server', [[null, 0, ['b', 'a']]]]], rs: 'server' }),
      step('deliver', { rd: [['A', [[null, 0, ['b', 'a']]]]] }),
      step('quiesce', { F: true }),
    ],
    replicas: {
      ids: ['A', 'B', 'server'],
      ops: [{ id: 'A#1', r: 'A', k: 'insert', i: ['x'], a: 0 }, { id: 'B#1', r: 'B', k: 'move', i: ['b'], a: 2 }],
      msgs: [
        { n: 1, f: 'A', to: 'server', op: 'A#1', a: 0, z: 1, lost: true },
        { n: 2, f: 'B', to: 'server', op: 'B#1', a: 2, z: 3 },
        { n: 3, f: 'server', to: 'A', op: 'B#1', num: 1, a: 3, z: 4 },
        { n: 4, f: 'server', to: 'B', op: 'B#1', num: 1, a: 3, z: null, c: 2 },
      ],
      parts: [{ g: [['A'], ['B', 'server']], a: 1, z: 3 }],
      viol: [
        { a: 5, c: 'conservation', r: ['A'], i: 'x', ops: ['A#1'], blame: [] },
        { a: 5, c: 'intent', r: ['A', 'B', 'server'], ops: ['A#1', 'B#1'], blame: ['A#1'] },
      ],
      unseen: [[5, 3]],
    },
  };
}

test('a document without replicas has no replica view', () => {
  assert.equal(page.replicaModel({ data: { collections: [] }, steps: [] }), null);
});

test("each replica's data at a step: its latest change, else the header's", () => {
  const m = page.replicaModel(doc());
  const items = (n) => Object.fromEntries(Object.entries(m.dataAt(n)).map(([r, cs]) => [r, cs.map((c) => [...c.ids])]));
  assert.deepEqual(items(0), { A: [['a', 'b', 'x']], B: [['a', 'b']], server: [['a', 'b']] });
  assert.deepEqual(items(3), { A: [['a', 'b', 'x']], B: [['b', 'a']], server: [['b', 'a']] });
  assert.deepEqual(items(5), { A: [['b', 'a']], B: [['b', 'a']], server: [['b', 'a']] });
  assert.deepEqual([...m.changedAt(3)], ['server']);
  assert.deepEqual([...m.changedAt(5)], []);
  // The step's own drawing: the latest replica a step named (none yet: the first).
  assert.deepEqual([0, 1, 2, 3, 5].map((n) => m.shownAt(n)), ['A', 'A', 'A', 'server', 'server']);
  assert.equal(page.replicaModel({ ...doc(), steps: [{ k: 'quiesce', x: '', l: [1, 1], t: [0, 0] }] }).shownAt(0), 'A');
});

test("the blamed ops are intent's smallest set and conservation's ops; the items are theirs", () => {
  const m = page.replicaModel(doc());
  // Any step shows the run's first failed checks; the items: x (the finding's, and A#1's).
  for (const n of [0, 5]) {
    const b = m.blamed(n);
    assert.deepEqual([...b.ops], ['A#1'], `step ${n}`);
    assert.deepEqual([...b.items], ['x'], `step ${n}`);
    assert.equal(b.checks.length, 2);
  }
});

test('the diagram: a lane per replica, an arrow per message, lost ones stop before the next lane', () => {
  const m = page.replicaModel(doc());
  const g = m.diagram();
  const x = Object.fromEntries(g.lanes.map((l) => [l.id, l.x]));
  assert.deepEqual(g.lanes.map((l) => l.id), ['A', 'B', 'server']);
  assert.ok(x.A < x.B && x.B < x.server);
  const by = Object.fromEntries(g.arrows.map((a) => [a.n, a]));
  assert.deepEqual(g.arrows.map((a) => a.end), ['lost', 'delivered', 'delivered', 'in-flight']);
  // Delivered: from the sender's lane at the sending row to the receiver's at the delivering row.
  assert.deepEqual([by[2].x1, by[2].y1, by[2].x2, by[2].y2], [x.B, g.rowY(2), x.server, g.rowY(3)]);
  // Lost: at the loss's row, between the sender's lane and the next one toward the receiver.
  assert.equal(by[1].y2, g.rowY(1));
  assert.ok(by[1].x2 > x.A && by[1].x2 < x.B);
  // In flight at the end: past the last row, short of the receiver's lane.
  assert.ok(by[4].y2 > g.rowY(5) && by[4].x2 > x.B && by[4].x2 < x.server);
  assert.ok(by[4].copy && !by[3].copy);
  assert.match(by[4].label, /copy of #2/);
  assert.deepEqual(g.ops.map((o) => [o.id, o.x, o.y]), [['A#1', x.A, g.rowY(0)], ['B#1', x.B, g.rowY(2)]]);
  // The partition is shaded over rows 1 and 2 (healed at 3).
  assert.deepEqual(g.parts.map((p) => [p.y, p.h]), [[g.rowY(1) - g.rowH / 2, 2 * g.rowH]]);
  assert.match(g.parts[0].label, /A \| B server/);
  // What quiesce sent and delivered within itself is counted on its row.
  assert.deepEqual(g.unseen.map((u) => [u.step, u.y, u.count]), [[5, g.rowY(5), 3]]);
  assert.match(g.unseen[0].label, /^3 messages sent and delivered within this step/);
});

test('a click selects the row it falls in, clamped to the steps', () => {
  const m = page.replicaModel(doc());
  const g = m.diagram();
  for (let n = 0; n < 6; n++) assert.equal(m.stepAt(g.rowY(n)), n);
  assert.equal(m.stepAt(-100), 0);
  assert.equal(m.stepAt(1e6), 5);
});
