// A big container is drawn as a window around the step's focus; the window
// follows the user's scrolling (page.js followedFocus): near an edge the
// container goes on past, it is centred again on the middle of the view.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadPage } from './load.mjs';

const { followedFocus } = loadPage();
// A window over points 4,000-5,600 of a container 100,000 points long.
const win = { a0: 4000, a1: 5600, extent: 100000 };

test('a view well inside the window keeps it', () => {
  assert.equal(followedFocus(win, 4500, 400), null);
  assert.equal(followedFocus(win, 4101, 400), null);  // 101 points from the start: more than a quarter view
  assert.equal(followedFocus(win, 5099, 400), null);  // ends 101 points before the window's end
});

test('a view within a quarter view of an edge re-centres the window on its middle', () => {
  assert.equal(followedFocus(win, 4099, 400), 4299);
  assert.equal(followedFocus(win, 5101, 400), 5301);
  assert.equal(followedFocus(win, 5200, 400), 5400);  // scrolled to the window's end
});

test('the container\'s own ends do not move the window', () => {
  assert.equal(followedFocus({ a0: 0, a1: 1600, extent: 100000 }, 0, 400), null);
  assert.equal(followedFocus({ a0: 98400, a1: 100000, extent: 100000 }, 99600, 400), null);
  // at the start, scrolling on towards the end still follows
  assert.equal(followedFocus({ a0: 0, a1: 1600, extent: 100000 }, 1200, 400), 1400);
});

test('a view taller than the window follows from both edges', () => {
  assert.equal(followedFocus(win, 3900, 2000), 4900);
});
