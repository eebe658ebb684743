import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREENS, firstScreensCopy } from './first-screens-copy';
import { keepLastScreen } from './keep';
import { forgetStaleScreens, keptFacts, SNAPSHOT_PREFIX, sessionOwner } from './snapshot';

// The kept copy holds what a returning start can show before the app draws (decision 0387): the screen down to
// FIRST_SCREENS viewport heights, each list's choice and each box's tick; and a kept screen's facts are read
// without its markup.

const ROWS = 30;
/** A list screen laid out as the test says: each `data-y="top,height"` is a box; an element without one has none. */
const SCREEN = `
  <div class="flex" data-y="0,3100">
    <header data-y="0,60"><select data-y="10,40"><option>Main</option><option>Jaro</option></select></header>
    <main data-y="60,3040">
      <h1 data-y="60,40">Appointments</h1>
      <ul data-y="100,3000">${Array.from({ length: ROWS }, (_, i) => `<li data-y="${100 + i * 100},100"><span>Row ${i}</span><input type="checkbox" /></li>`).join('')}</ul>
      <footer data-y="3000,100">Page 1 of 3</footer>
    </main>
  </div>`;

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  localStorage.clear();
});

function laidOut(): HTMLElement {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const [top = 0, height = 0] = (this.closest('[data-y]')?.getAttribute('data-y') ?? '0,0').split(',').map(Number);
    return { top, height, bottom: top + height, left: 0, right: height > 0 ? 400 : 0, width: height > 0 ? 400 : 0, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
  });
  const root = document.createElement('div');
  root.innerHTML = SCREEN;
  document.body.append(root);
  return root;
}

describe('the copy of a laid-out screen', () => {
  it(`reaches ${FIRST_SCREENS} viewport heights down: the rows below and the footer are left out, the rest is whole`, () => {
    const root = laidOut();
    const limit = window.innerHeight * FIRST_SCREENS;
    const copy = firstScreensCopy(root);
    const rows = [...copy.querySelectorAll('li')].map((li) => li.textContent);
    // Every row that starts above the limit, the one it crosses included; none below it.
    const shown = Array.from({ length: ROWS }, (_, i) => i).filter((i) => 100 + i * 100 <= limit);
    expect(shown.length).toBeLessThan(ROWS);
    expect(rows).toEqual(shown.map((i) => `Row ${i}`));
    expect(copy.querySelector('footer')).toBeNull();
    expect(copy.querySelector('header select')).not.toBeNull();
    expect(copy.querySelector('h1')?.textContent).toBe('Appointments');
  });

  it("keeps each list's chosen option and each box's tick in the part it copies", () => {
    const root = laidOut();
    root.querySelector('select')!.selectedIndex = 1;
    const boxes = root.querySelectorAll('input');
    boxes[1]!.checked = true;
    boxes[ROWS - 1]!.checked = true;
    const copy = firstScreensCopy(root);
    expect(copy.querySelector('option[selected]')?.textContent).toBe('Jaro');
    expect([...copy.querySelectorAll('input')].map((box) => box.hasAttribute('checked')).indexOf(true)).toBe(1);
    expect(copy.querySelectorAll('input[checked]')).toHaveLength(1);
  });

  it('is the whole screen where nothing is laid out', () => {
    const root = document.createElement('div');
    root.innerHTML = SCREEN;
    const copy = firstScreensCopy(root);
    expect(copy.querySelectorAll('*')).toHaveLength(root.querySelectorAll('*').length);
    expect(copy.textContent).toBe(root.textContent);
  });
});

describe("a kept screen's facts", () => {
  const facts = { at: 1, company: '7', css: '/assets/index.css', owner: '41:abc' };

  it('are read without the markup, which the app writes last', () => {
    localStorage.setItem('token', 'secret');
    localStorage.setItem('company_id', '7');
    localStorage.setItem('book_user', '41');
    document.body.innerHTML = '<div id="root"><main><p>Guidance Office, "Room 101", html</p></main></div>';
    expect(keepLastScreen(document, localStorage, 5)).toBe(true);
    const raw = localStorage.getItem(SNAPSHOT_PREFIX + window.location.pathname)!;
    expect(raw.endsWith('}')).toBe(true);
    expect(Object.keys(JSON.parse(raw) as object).at(-1)).toBe('html');
    expect(keptFacts(raw)).toEqual({ at: 5, company: '7', css: '', owner: sessionOwner(localStorage) });
  });

  it('are read whole from a snapshot written with its markup first, and null when unreadable', () => {
    expect(keptFacts(JSON.stringify({ html: '<p>,"html":</p>', ...facts }))).toEqual({ html: '<p>,"html":</p>', ...facts });
    expect(keptFacts(JSON.stringify({ ...facts, html: '<p>,"html":"x"</p>' }))).toEqual(facts);
    expect(keptFacts('{"at":1,')).toBeNull();
    expect(keptFacts(null)).toBeNull();
  });

  it("let start-up forget another session's snapshot and keep the session's own", () => {
    localStorage.setItem('token', 'secret');
    localStorage.setItem('book_user', '41');
    const owner = sessionOwner(localStorage)!;
    localStorage.setItem(`${SNAPSHOT_PREFIX}/mine`, JSON.stringify({ ...facts, at: 100, owner, html: '<p>mine</p>' }));
    localStorage.setItem(`${SNAPSHOT_PREFIX}/theirs`, JSON.stringify({ ...facts, at: 100, html: '<p>theirs</p>' }));
    forgetStaleScreens(localStorage, 200);
    expect(localStorage.getItem(`${SNAPSHOT_PREFIX}/mine`)).not.toBeNull();
    expect(localStorage.getItem(`${SNAPSHOT_PREFIX}/theirs`)).toBeNull();
  });
});
