import { afterEach, describe, expect, it } from 'vitest';
import { snapshotMarkup } from './keep';

// The kept last screen is drawn over the app's root while the app draws its own screen there (decision 0101): for
// that moment both are in the page. The copy must hold nothing the app's screen holds as a name: no id, test id,
// label, field name or ARIA name or reference, so no element is found twice and nothing points from one to the other.

/** The branch switcher as the top bar draws it (app/branch-switcher.tsx), a field with its hint and error, tabs. */
const SCREEN = `
  <header>
    <label class="flex items-center gap-1"><span class="sr-only">Branch</span>
      <select class="select select-sm" data-testid="branch-switcher" name="branch"><option value="1">MAIN · Main</option><option value="2" selected>JARO · Jaro</option></select>
    </label>
    <button type="button" aria-label="Notifications" aria-controls="inbox" aria-expanded="false">3</button>
  </header>
  <main>
    <form id="loan-form">
      <label for="amount" class="label">Amount</label>
      <input id="amount" name="amount" value="5000" aria-describedby="amount-hint" aria-errormessage="amount-error" list="amounts" />
      <p id="amount-hint">In pesos</p><p id="amount-error" data-testid="amount-error">Too much</p>
      <datalist id="amounts"><option value="1000"></option></datalist>
      <div role="radiogroup" aria-labelledby="kind-title"><span id="kind-title">Kind</span>
        <input type="radio" class="btn" name="kind" value="gold" aria-label="Gold" checked /><input type="radio" class="btn" name="kind" value="silver" aria-label="Silver" />
      </div>
      <div role="tablist" class="tabs"><label class="tab"><input type="radio" name="view" aria-label="List" />List</label></div>
      <button form="loan-form" popovertarget="help">Save</button>
    </form>
  </main>`;

afterEach(() => {
  document.body.innerHTML = '';
});

let screen: HTMLElement;

function keptCopy(): HTMLElement {
  screen = document.createElement('div');
  screen.innerHTML = SCREEN;
  document.body.append(screen);
  const copy = document.createElement('div');
  copy.innerHTML = snapshotMarkup(screen);
  return copy;
}

describe('the kept copy of a screen', () => {
  it('holds no id, test id, label, field name or ARIA name or reference of the screen', () => {
    const copy = keptCopy();
    const naming = ['id', 'data-testid', 'for', 'name', 'form', 'list', 'popovertarget', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-errormessage'];
    for (const name of naming) expect(copy.querySelectorAll(`[${name}]`), name).toHaveLength(0);
    expect(copy.querySelectorAll('[aria-label]:not(input[type="radio"], input[type="checkbox"])')).toHaveLength(0);
    // The only labels left are the tabs the stylesheet draws as labels; they name nothing the screen's tabs do not.
    expect([...copy.querySelectorAll('label')].map((l) => l.className)).toEqual(['tab']);
  });

  it('looks the same: the same text, classes, chosen option and tick, and the boxes drawn with their names', () => {
    const copy = keptCopy();
    expect(copy.textContent).toBe(screen.textContent);
    expect(copy.textContent).toContain('JARO · Jaro');
    expect(copy.querySelectorAll('*')).toHaveLength(screen.querySelectorAll('*').length);
    expect(copy.querySelector('span.flex.items-center.gap-1 > select.select')).not.toBeNull();
    expect(copy.querySelector('span.label')?.textContent).toBe('Amount');
    expect(copy.querySelector('option[selected]')?.textContent).toBe('JARO · Jaro');
    expect(copy.querySelector('input[type="radio"][checked]')?.getAttribute('value')).toBe('gold');
    expect([...copy.querySelectorAll('input.btn')].map((b) => b.getAttribute('aria-label'))).toEqual(['Gold', 'Silver']);
    expect(copy.querySelector('input[value="5000"]')).not.toBeNull();
  });
});
