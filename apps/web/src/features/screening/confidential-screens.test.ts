import { beforeEach, describe, expect, it } from 'vitest';
import { keepLastScreen } from '../../last-screen/keep';
import { keptKeys } from '../../last-screen/snapshot';

// Screening answers and scores never reach the kept last screen (decision 0162): the questionnaire, the Triage list,
// a client's screenings and the crisis screen are never kept, and a panel marked data-no-snapshot is left out of a
// screen that is.

const NOW = Date.parse('2026-11-26T08:00:00Z');
const ANSWERS = '<main data-no-snapshot><h1>Sam Estudyante: screenings</h1><p>PHQ-9 16 (Moderately severe)</p><p>Nearly every day</p></main>';

function signedIn(): void {
  localStorage.setItem('token', 'secret');
  localStorage.setItem('company_id', '7');
  localStorage.setItem('book_user', '41');
}

function show(path: string, html: string): void {
  window.history.pushState(null, '', path);
  document.body.innerHTML = `<div id="root">${html}</div>`;
}

beforeEach(() => {
  localStorage.clear();
  signedIn();
});

describe('the confidential screens and the kept last screen', () => {
  it('keeps none of /intake, /triage, /clients/:id/screenings or /crisis', () => {
    for (const path of ['/intake', '/intake?then=book', '/triage', '/clients/12/screenings', '/crisis?reason=button']) {
      show(path, ANSWERS.replace(' data-no-snapshot', ''));
      expect(keepLastScreen(document, localStorage, NOW), path).toBe(false);
    }
    expect(keptKeys(localStorage)).toEqual([]);
  });

  it('a screen that is kept leaves out a panel marked data-no-snapshot', () => {
    show('/appointments', `<main><h1>Appointments</h1><section data-no-snapshot><p>PHQ-9 16 (Moderately severe)</p></section></main>`);
    expect(keepLastScreen(document, localStorage, NOW)).toBe(true);
    const kept = keptKeys(localStorage).map((k) => localStorage.getItem(k)).join('');
    expect(kept).toContain('Appointments');
    expect(kept).not.toMatch(/PHQ|Moderately severe/);
  });
});
