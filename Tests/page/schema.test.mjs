// docs/page-document.md names every key of the page's document, and only
// those: checked against the writer (DocumentJSON.swift) and against the
// renderer's own documents (Tests/page/fixtures).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { root, fixtures } from './load.mjs';

const doc = readFileSync(root + 'docs/page-document.md', 'utf8');
const documented = new Set([...doc.matchAll(/^\| [a-z ]+ \| `([A-Za-z]+)` \|/gm)].map((m) => m[1]));
const writer = ['DocumentJSON.swift', 'DocumentLayoutJSON.swift', 'DocumentReplicasJSON.swift']
  .map((f) => readFileSync(root + 'Sources/DragRender/' + f, 'utf8')).join('\n');
const written = new Set([...writer.matchAll(/(?:w\.key|field)\("([^"]+)"/g)].map((m) => m[1]));

test('every key the writer writes is documented', () => {
  assert.ok(written.size > 20);
  assert.deepEqual([...written].filter((k) => !documented.has(k)), []);
});

test('every documented key is written', () => {
  assert.deepEqual([...documented].filter((k) => !written.has(k)), []);
});

function objectKeys(v, out) {
  if (Array.isArray(v)) v.forEach((x) => objectKeys(x, out));
  // A layout's `sizes` is keyed by item IDs, not by names of the schema.
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.add(k); if (k !== 'sizes') objectKeys(x, out); }
  return out;
}

test('every key in the fixtures is documented', () => {
  for (const { name, doc: d } of fixtures()) {
    assert.deepEqual([...objectKeys(d, new Set())].filter((k) => !documented.has(k)), [], name);
  }
});
