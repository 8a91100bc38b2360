// The page's block sequence of IDs (page.js `Ids`): every edit the document
// can make gives the same IDs as the same splice on a plain array, copies
// share blocks and never see each other's edits.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from './load.mjs';

const { Ids } = loadPage();
const all = (ids) => { const out = []; ids.forEach((id) => out.push(id)); return out; };
const ids = (n, p = 'e') => Array.from({ length: n }, (_, k) => p + k);

// A small deterministic generator (xorshift), so that a failure replays.
function random(seed) {
  let x = seed >>> 0 || 1;
  return (n) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; };
}

test('reads as the array it was made of: length, at, indexOf, forEach', () => {
  for (const n of [0, 1, 511, 512, 513, 1500]) {
    const a = ids(n), s = Ids.of(a);
    assert.equal(s.length, n);
    assert.deepEqual(all(s), a);
    for (const k of [0, 1, 510, 511, 512, 513, n - 1]) if (k >= 0 && k < n) assert.equal(s.at(k), a[k]);
    assert.equal(s.at(n), undefined);
    assert.equal(s.at(-1), undefined);
    if (n) assert.equal(s.indexOf(a[n - 1]), n - 1);
    assert.equal(s.indexOf('missing'), -1);
  }
});

test('splices give what the same splice gives on an array, at block edges and across blocks', () => {
  const cases = [
    [0, 0, ['x']], [512, 0, ['x']], [511, 2, []], [1000, 0, ids(3, 'n')], [0, 1200, ['y']],
    [1200, 5, ['z']], [700, 600, ids(1100, 'm')], [1199, 1, []], [0, 0, ids(5000, 'big')],
  ];
  for (const [start, removed, ins] of cases) {
    const a = ids(1200), s = Ids.of(a);
    a.splice(start, removed, ...ins);
    s.splice(start, removed, ins);
    assert.equal(s.length, a.length, `splice(${start}, ${removed}, ${ins.length})`);
    assert.deepEqual(all(s), a, `splice(${start}, ${removed}, ${ins.length})`);
    for (let k = 0; k < a.length; k += 97) assert.equal(s.at(k), a[k]);
  }
});

test('random edits on copies: each copy stays its own, and equal to an array edited alike', () => {
  const r = random(7);
  let a = ids(3000), s = Ids.of(a);
  const kept = [];
  for (let step = 0; step < 400; step++) {
    const start = r(a.length + 1), removed = r(3) === 0 ? r(700) : r(3), ins = ids(r(4) === 0 ? r(900) : r(3), 's' + step + '-');
    a.splice(start, removed, ...ins);
    s.splice(start, removed, ins);
    if (step % 50 === 0) kept.push([a.slice(), s.copy()]);
  }
  assert.deepEqual(all(s), a);
  for (const [array, copy] of kept) {
    assert.equal(copy.length, array.length);
    assert.deepEqual(all(copy), array);
  }
});

test('an empty sequence takes inserts', () => {
  const s = Ids.of([]);
  s.splice(0, 0, ['a', 'b']);
  s.splice(2, 0, ['c']);
  s.splice(0, 5, []);
  assert.equal(s.length, 0);
  s.splice(0, 0, ['d']);
  assert.deepEqual(all(s), ['d']);
});
