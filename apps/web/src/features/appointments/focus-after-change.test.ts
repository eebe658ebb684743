import { afterEach, describe, expect, it } from 'vitest';
import { cardPlace, focusWhereNext } from './focus-after-change';

function list(uuids: string[]): HTMLElement {
  const panel = document.createElement('section');
  panel.innerHTML = uuids.map((u) => `<article data-testid="appointment-card" data-uuid="${u}"><button disabled>Confirm</button><button id="act-${u}">Status</button></article>`).join('');
  document.body.replaceChildren(panel);
  return panel;
}

describe('focusWhereNext', () => {
  afterEach(() => document.body.replaceChildren());
  const tab = () => {
    const button = document.createElement('button');
    button.id = 'tab';
    document.body.append(button);
    return button;
  };

  it('focuses the card that took the changed one’s place', () => {
    const before = list(['a', 'b', 'c']);
    const place = cardPlace(before, 'b');
    expect(place).toEqual({ uuid: 'b', index: 1 });
    const after = list(['a', 'c']);
    focusWhereNext(after, place, tab());
    expect(document.activeElement?.id).toBe('act-c');
  });

  it('focuses the one before when the last card left, and the card itself while it is still listed', () => {
    const place = cardPlace(list(['a', 'b']), 'b');
    focusWhereNext(list(['a']), place, tab());
    expect(document.activeElement?.id).toBe('act-a');
    focusWhereNext(list(['a', 'b']), place, tab());
    expect(document.activeElement?.id).toBe('act-b');
  });

  it("skips what comes before the card's actions (the series badge, the attendance link) for its first action", () => {
    const panel = document.createElement('section');
    panel.innerHTML = `<article data-testid="appointment-card" data-uuid="a"><button>3 of 12</button><button>Attendance this term</button><div data-card-actions><button id="confirm-a">Confirm</button></div></article>`;
    document.body.replaceChildren(panel);
    focusWhereNext(panel, { uuid: 'a', index: 0 }, tab());
    expect(document.activeElement?.id).toBe('confirm-a');
  });

  it('focuses the tab when the list is empty', () => {
    const place = cardPlace(list(['a']), 'a');
    const panel = list([]);
    const fallback = tab();
    focusWhereNext(panel, place, fallback);
    expect(document.activeElement).toBe(fallback);
  });
});
