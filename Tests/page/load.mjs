// Loads the page's script as the page does, without a DOM: the script then
// stops after defining `DragRenderPage` (its model half).
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export function loadPage() {
  const context = { BigInt, Map, JSON, Math, Number, String };
  vm.createContext(context);
  vm.runInContext(readFileSync(root + 'Sources/DragRender/Page/page.js', 'utf8'), context);
  return context.DragRenderPage;
}

// The documents Tests/DragRenderTests/PageFixtureTests.swift checks are the
// renderer's, by name.
export function fixtures() {
  const dir = root + 'Tests/page/fixtures/';
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), doc: JSON.parse(readFileSync(dir + f, 'utf8')) }));
}
