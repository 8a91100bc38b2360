// Issue 44 class 12, the page side: IDs that print alike are shown apart.
// Tests/page/escapes.json (PageEscapeTests writes it) holds a document of
// such IDs, with the unsafe scalars' ranges Swift's SafeText.isUnsafe (DragSystem) gives
// (`unsafe`), and what SafeText.escapingControls and Format.quoted make of
// each ID: the script's must be equal, from the document's ranges alone.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { root, loadPage } from './load.mjs';

const page = loadPage();
const { document: doc, samples } = JSON.parse(readFileSync(root + 'Tests/page/escapes.json', 'utf8'));
const plain = (v) => JSON.parse(JSON.stringify(v));

test('the script shows and quotes each ID as Swift\'s Format does', () => {
  const m = page.model(doc);
  assert.ok(samples.length >= 10);
  for (const [id, escaped, quoted] of samples) {
    assert.equal(m.shown(id), escaped, JSON.stringify(id));
    assert.equal(m.quoted(id), quoted, JSON.stringify(id));
  }
});

test('"pay-rent" and "pay\\u200b-rent" read apart, the escape marked', () => {
  const m = page.model(doc);
  assert.equal(m.shown('pay-rent'), 'pay-rent');
  assert.equal(m.shown('pay\u200b-rent'), 'pay\\u200b-rent');
  assert.equal(new Set(samples.map(([id]) => m.shown(id))).size, samples.length);
  assert.deepEqual(plain(m.tileLabel('pay\u200b-rent', 200, 40, 1).parts), [['pay', false], ['\\u200b', true], ['-rent', false]]);
  assert.deepEqual(plain(m.tileLabel('pay-rent', 200, 40, 1).parts), [['pay-rent', false]]);
  // Cut in the middle, the escape's kept characters stay marked.
  const cut = plain(m.tileLabel('pay\u200b-rent-for-december', 100, 40, 1));
  assert.deepEqual(cut, { text: 'pay\\u\u2026r-december', parts: [['pay', false], ['\\u', true], ['\u2026r-december', false]], size: 9, cut: true });
  assert.deepEqual(plain(m.shownRuns('to\u200bdo')), ['to', '\\u200b', 'do']);
  assert.equal(m.collName('to\u200bdo'), '"to\\u200bdo"');
});

test('the script has no list of its own: without the document\'s ranges nothing is escaped', () => {
  const m = page.model({ steps: [], palette: ['#000'] });
  assert.equal(m.shown('pay\u200b-rent'), 'pay\u200b-rent');
  assert.equal(m.shownRuns('pay\u200b-rent'), null);
});
