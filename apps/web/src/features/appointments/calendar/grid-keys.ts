import type { KeyboardEvent } from 'react';

const ENTRY = '.fc-event[tabindex="0"]';

type Direction = 'up' | 'down' | 'left' | 'right';
const DIRECTIONS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

interface Box {
  x: number;
  y: number;
  left: number;
  right: number;
}

function boxOf(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, left: r.left, right: r.right };
}

/**
 * The entry to move to from `from` in a direction: up/down the same column (nearest first), left/right the
 * nearest column, then the nearest time in it. Null at the edge.
 */
export function nextEntry(from: Box, others: readonly { box: Box; el: Element }[], direction: Direction): Element | null {
  const sameColumn = (b: Box) => b.x >= from.left && b.x <= from.right;
  let best: { el: Element; score: number } | null = null;
  for (const { box, el } of others) {
    let score: number;
    if (direction === 'up' || direction === 'down') {
      if (!sameColumn(box)) continue;
      const d = direction === 'down' ? box.y - from.y : from.y - box.y;
      if (d <= 0) continue;
      score = d;
    } else {
      const d = direction === 'right' ? box.x - from.x : from.x - box.x;
      if (d <= (from.right - from.left) / 2) continue;
      // Columns first, then time: a whole column's distance outweighs any vertical one.
      score = d * 10_000 + Math.abs(box.y - from.y);
    }
    if (!best || score < best.score) best = { el, score };
  }
  return best?.el ?? null;
}

/** Arrow keys move the focus between the calendar's appointments and free slots (Tab still walks them in order). */
export function onGridKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const direction = DIRECTIONS[event.key];
  const current = event.target instanceof Element ? event.target.closest(ENTRY) : null;
  if (!direction || !current) return;
  const others = [...event.currentTarget.querySelectorAll(ENTRY)].filter((el) => el !== current).map((el) => ({ el, box: boxOf(el) }));
  const target = nextEntry(boxOf(current), others, direction);
  event.preventDefault();
  if (target instanceof HTMLElement) target.focus();
}
