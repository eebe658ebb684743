// Where focus goes after a counselor changes an appointment's status (or deletes it) from the list: the card
// usually leaves the tab it was in (a confirmed appointment moves from Pending to Upcoming), and its buttons are
// disabled while the change is sent, so the browser's focus would fall back to the page's body and a keyboard
// user would start again from the top. It goes to where they act next instead (decision 0147).

export interface ChangedCard {
  uuid: string;
  /** Its place among the list's cards when the change started. */
  index: number;
}

const CARD = '[data-testid="appointment-card"]';

/** The card's place in the list, to come back to once the list has been read again. */
export function cardPlace(panel: HTMLElement | null, uuid: string): ChangedCard {
  const cards = panel ? [...panel.querySelectorAll<HTMLElement>(CARD)] : [];
  return { uuid, index: Math.max(0, cards.findIndex((c) => c.dataset.uuid === uuid)) };
}

/**
 * Focuses the changed card's first usable action when it is still listed; otherwise the first action of the
 * card that took its place (the one before it when it was the last); with no card left, `fallback` (the tab).
 */
export function focusWhereNext(panel: HTMLElement | null, changed: ChangedCard, fallback: HTMLElement | null): void {
  const cards = panel ? [...panel.querySelectorAll<HTMLElement>(CARD)] : [];
  const card = cards.find((c) => c.dataset.uuid === changed.uuid) ?? cards[Math.min(changed.index, cards.length - 1)];
  // The actions column first (Confirm, Status, ...): the series badge and the attendance link come earlier in
  // the card but are not what a counselor goes through a day's requests with.
  const action =
    card?.querySelector<HTMLElement>('[data-card-actions] button:not([disabled]), [data-card-actions] a[href]') ??
    card?.querySelector<HTMLElement>('button:not([disabled]), a[href]');
  (action ?? fallback)?.focus();
}
