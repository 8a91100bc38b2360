// The page's model half on the renderer's own documents.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadPage, fixtures } from './load.mjs';

const page = loadPage();
const all = fixtures();

test('there are fixtures to read', () => {
  assert.ok(all.length >= 5, 'Tests/page/fixtures has the documents PageFixtureTests writes');
});

for (const { name, doc } of all) {
  test(`${name}: every step's data rebuilds, laid out, before and after agree`, () => {
    const m = page.model(doc);
    doc.steps.forEach((st, n) => {
      const snap = m.after(n);
      assert.ok(snap, `step ${n} has data`);
      for (const c of snap.collections) for (const e of c.entries) assert.equal(typeof e.id, 'string');
      assert.equal(m.appAfter(n) !== null, st.ap === true, `step ${n}: the app's data is shown when the step says so`);
      assert.deepEqual(m.before(n), m.after(n - 1));
    });
    assert.equal(m.after(doc.steps.length), null);
    assert.equal(m.after(-2), null);
  });

  test(`${name}: failing steps, the first failure and the timeline agree`, () => {
    const m = page.model(doc);
    const expected = doc.steps.flatMap((st, n) => (st.F ? [n] : []));
    assert.deepEqual([...m.failing], expected);
    assert.equal(doc.firstFailing, expected.length ? expected[0] : null);
    assert.equal(doc.start, expected.length ? expected[0] : doc.steps.length - 1);
    doc.steps.forEach((st, n) => {
      const cls = m.stepClasses(n).split(' ');
      assert.equal(cls.includes('failed'), expected.includes(n), `step ${n}`);
      assert.ok(cls.includes('kind-' + st.k));
      assert.equal(cls.includes('mutation'), doc.mutations.includes(st.k));
    });
  });

  test(`${name}: keys step within the page, n and p through failures`, () => {
    const m = page.model(doc), last = doc.steps.length - 1;
    assert.equal(m.keyTarget('Home', last), 0);
    assert.equal(m.keyTarget('End', 0), last);
    assert.equal(m.keyTarget('ArrowLeft', 0), 0);
    assert.equal(m.keyTarget('ArrowRight', last), last);
    assert.equal(m.keyTarget('ArrowRight', 0), Math.min(1, last));
    assert.equal(m.keyTarget('x', 0), null);
    const f = [...m.failing];
    assert.equal(m.keyTarget('n', -1), f.length ? f[0] : null);
    assert.equal(m.keyTarget('p', last + 1), f.length ? f[f.length - 1] : null);
    if (f.length) assert.equal(m.keyTarget('n', f[f.length - 1]), null);
  });

  test(`${name}: a finger path ends where its last step's finger is`, () => {
    const m = page.model(doc);
    for (const p of doc.paths) {
      const to = p.z === null ? doc.steps.length - 1 : p.z;
      const pts = m.pathAt(p, to);
      const markSteps = p.m.filter((_, i) => i % 2 === 0).filter((s) => s <= to);
      const loc = doc.steps[markSteps[markSteps.length - 1]].p;
      if (loc) assert.deepEqual([...pts[pts.length - 1]], loc);  // [...]: the script runs in its own realm
      assert.ok(m.visiblePaths(to).includes(p));
      assert.ok(!m.visiblePaths(p.a - 1).includes(p));
    }
  });
}

test('a 64-bit session keeps every digit and its colour', () => {
  const { doc } = all.find((f) => f.name === 'huge-session');
  const m = page.model(doc);
  const max = '9223372036854775807';
  assert.equal(doc.steps[0].s, max);
  assert.equal(doc.paths[0].s, max);
  assert.equal(doc.steps[0].as[0][0], max);
  assert.equal('s' + doc.steps[0].s, 's' + max);
  const n = BigInt(doc.palette.length);
  assert.equal(m.color(max), doc.palette[Number(BigInt(max) % n)]);
  assert.equal(m.color('-1'), doc.palette[doc.palette.length - 1]);
  assert.equal(m.color('0'), doc.palette[0]);
});

test('a difference reads as its sources, where and in which collection', () => {
  const m = page.model({ steps: [], palette: ['#000'] });
  assert.equal(m.diffText({ s: ['a', 'b'], b: null, c: null }), '["a", "b"] \u2192 end');
  assert.equal(m.diffText({ s: ['a'], b: 'd', c: 'todo' }), '["a"] \u2192 before "d" in "todo"');
});
