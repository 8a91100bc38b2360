// The page as a user reads it (issue 21 item 5): one step count and one
// numbering, labels by kind, the finger path on the entries after a
// mutation, the keys, and the print stylesheet.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPage, fixtures, root } from './load.mjs';

const page = loadPage();
const byName = Object.fromEntries(fixtures().map((f) => [f.name, f.doc]));
const plain = (v) => JSON.parse(JSON.stringify(v));  // out of the script's realm, for deepEqual

test('steps are counted and numbered one way: N steps, k / N, #step=k from 1', () => {
  const doc = byName['task-lands'];
  const m = page.model(doc);
  assert.equal(doc.steps.length, 4);
  assert.equal(m.countText(), '4 steps');
  assert.equal(m.positionText(0), '1 / 4');
  assert.equal(m.positionText(3), '4 / 4');
  assert.equal(m.hashOf(2), '#step=3');
  assert.equal(m.stepOfHash('#step=3'), 2);
  assert.equal(m.stepOfHash('#x=1&step=4'), 3);
  assert.equal(m.stepOfHash('#step=0'), 0);
  assert.equal(m.stepOfHash('#profile=3'), null);
  assert.deepEqual([0, 1, 2, 3].map((n) => m.stepLabel(n).number), ['1', '2', '3', '4']);
  assert.equal(page.model(byName['huge-session']).countText(), '2 steps');
  // One step is "1 step", as the Swift side's static subtitle says (HTMLRenderer.stepsText).
  const one = { ...doc, steps: doc.steps.slice(0, 1), paths: doc.paths.filter((p) => p.a < 1) };
  assert.equal(page.model(one).countText(), '1 step');
  assert.equal(page.model(one).positionText(0), '1 / 1');
});

test('a timeline entry says its kind and the tool\'s description, and its tooltip the whole of it', () => {
  const doc = byName['insert-during-drag'];
  const m = page.model(doc);
  assert.deepEqual(doc.steps.map((s) => s.k), ['lift', 'insert', 'drop', 'expect']);
  assert.deepEqual(plain(m.stepLabel(1)), {
    number: '2', kind: 'insert', text: 'L3 {"type":"insert","t":16,"items":["x"],"index":0}',
    title: 'step 2 of 4, line 3: {"type":"insert","t":16,"items":["x"],"index":0}',
  });
  // A drag event's description starts with its kind: no second label.
  assert.deepEqual(plain(m.stepLabel(2)), {
    number: '3', kind: '', text: 'L4 drop s0 at (50, 22)', title: 'step 3 of 4, line 4: drop s0 at (50, 22) (applied)',
  });
  const failed = page.model(byName['task-lands']).stepLabel(2);
  assert.equal(failed.title, 'step 3 of 4, line 5: drop s0 at (50, 22) (failed, applied)');
});

test('a drop is labelled a drop, a move by its answer', () => {
  const doc = byName['forward'];
  const m = page.model(doc), p = doc.paths[0];
  assert.deepEqual(doc.steps.map((s) => [s.k, s.o || null]),
    [['lift', null], ['move', 'move'], ['drop', 'move'], ['expect', null]]);
  assert.equal(m.fingerLabel(p, 0), 's0');
  assert.equal(m.fingerLabel(p, 1), 's0 move');
  assert.equal(m.fingerLabel(p, 2), 's0 drop');
});

test('after an insert, and after the drop, the path stays on the dragged entry; the drop is where the finger let go', () => {
  const doc = byName['insert-during-drag'];
  const m = page.model(doc), p = doc.paths[0];
  // e (row 4, 40 to 50) lifted at y = 45; x inserted above it moves it to row 5 (50 to 60).
  assert.deepEqual(plain(m.pathAt(p, 1)), [[50, 45]]);  // the finger as recorded
  assert.deepEqual(plain(m.drawnPath(p, 0)), [[50, 45]]);
  assert.deepEqual(plain(m.drawnPath(p, 1)), [[50, 55]]);
  const e = m.after(1).collections[0].entries.find((x) => x.id === 'e');
  assert.deepEqual([e.y, e.h], [50, 10]);
  // The drop puts e at row 2 (20 to 30): the lift mark goes with it, the drop mark stays where the finger let go.
  assert.deepEqual(plain(m.after(2).collections[0].entries.map((x) => x.id)), ['x', 'a', 'e', 'b', 'c', 'd']);
  assert.deepEqual(plain(m.drawnPath(p, 2)), [[50, 25], [50, 22]]);
});

test('at a drop that moved the entry, the lift mark is on it where it landed', () => {
  const doc = byName['forward'];
  const m = page.model(doc), p = doc.paths[0];
  // buy-milk (row 0) lifted at (50, 5), dropped at (50, 22): it lands at row 1 (10 to 20).
  assert.deepEqual(plain(m.pathAt(p, 2)), [[50, 5], [50, 15], [50, 22]]);
  assert.deepEqual(plain(m.drawnPath(p, 2)), [[50, 15], [50, 25], [50, 22]]);
});

test('without a change during the drag the path is drawn as recorded', () => {
  for (const name of ['forward', 'two', 'task-lands']) {
    const doc = byName[name], m = page.model(doc);
    for (const p of doc.paths) {
      for (let n = p.a; n < (p.z === null ? doc.steps.length : p.z); n++) {
        assert.equal(doc.steps[n].dm, undefined, `${name} step ${n} changes nothing`);
        assert.deepEqual(plain(m.drawnPath(p, n)), plain(m.pathAt(p, n)), `${name} step ${n}`);
      }
    }
  }
});

test('a tile label is the whole ID when it fits (smaller if need be), else cut in the middle with a tooltip', () => {
  const m = page.model({ steps: [], palette: ['#000'] });
  // Its text, size and cut (its parts, the escapes marked, are escapes.test.mjs's).
  const shape = (l) => { const { text, size, cut } = plain(l); return { text, size, cut }; };
  // A 100-pixel cell (px = 1): "photo-2" at 13 px takes 7 * 0.6 * 13 = 54.6 of the 90 free.
  assert.deepEqual(shape(m.tileLabel('photo-2', 100, 40, 1)), { text: 'photo-2', size: 13, cut: false });
  // "photo-2048" (10 glyphs) in 70: 60 free, 60 / 6 = 10 px.
  assert.deepEqual(shape(m.tileLabel('photo-2048', 70, 40, 1)), { text: 'photo-2048', size: 10, cut: false });
  // In 50: 40 free, 9 px would need 54: 6 glyphs and an ellipsis, cut in the
  // middle (a third from the start, the rest from the end: the part IDs of one
  // container do not share).
  assert.deepEqual(shape(m.tileLabel('photo-2048', 50, 40, 1)), { text: 'ph\u20262048', size: 9, cut: true });
  // The grid of the issue: a 56-pixel cell keeps a photo's whole number.
  assert.deepEqual(shape(m.tileLabel('photo-10126', 56, 56, 1)), { text: 'ph\u202610126', size: 9, cut: true });
  // Too little room for more than one glyph: that glyph and the ellipsis.
  assert.deepEqual(shape(m.tileLabel('photo-2048', 12, 40, 1)), { text: 'p\u2026', size: 9, cut: true });
  // The lock glyph's room is kept.
  assert.equal(m.tileLabel('photo-2048', 70, 40, 1, 13).cut, true);
});

test('keys: arrows step, Home and End, n and p (either case) through failures', () => {
  const doc = byName['task-lands'];
  const m = page.model(doc);
  assert.deepEqual([...m.failing], [2, 3]);
  assert.equal(m.keyTarget('ArrowRight', 1), 2);
  assert.equal(m.keyTarget('ArrowLeft', 1), 0);
  assert.equal(m.keyTarget('Home', 2), 0);
  assert.equal(m.keyTarget('End', 0), 3);
  assert.equal(m.keyTarget('n', 0), 2);
  assert.equal(m.keyTarget('N', 2), 3);
  assert.equal(m.keyTarget('n', 3), null);
  assert.equal(m.keyTarget('p', 3), 2);
  assert.equal(m.keyTarget('P', 2), null);
  assert.equal(m.keyTarget('q', 2), null);
});

test('on paper: no controls or timeline, the step black on white', () => {
  const css = readFileSync(root + 'Sources/DragRender/Page/page.css', 'utf8');
  const start = css.indexOf('@media print');
  assert.ok(start >= 0, 'no print stylesheet');
  let depth = 0, end = css.indexOf('{', start);
  for (let i = end; i < css.length; i++) {
    if (css[i] === '{') depth++;
    if (css[i] === '}' && --depth === 0) { end = i; break; }
  }
  const print = css.slice(start, end);
  const rule = (sel) => {
    const r = new RegExp('(^|[,{}\\s])' + sel.replace(/[#.]/g, '\\$&') + '\\s*(?:,[^{]*)?\\{([^}]*)\\}');
    const m = r.exec(print.replace(/\/\*[\s\S]*?\*\//g, ''));
    return m ? m[2] : '';
  };
  for (const sel of ['#controls', '#timeline']) assert.match(rule(sel), /display:\s*none/, sel);
  for (const sel of ['body', '#failure']) {
    assert.match(rule(sel), /color:\s*#000/, sel);
    assert.match(rule(sel), /background:\s*#fff/, sel);
  }
  assert.match(rule('.canvas'), /max-height:\s*none/);
});
