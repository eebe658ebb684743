// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextEntry } from './grid-keys';

// Two columns 100 px wide; entries one hour (60 px) tall.
const box = (column: number, hour: number) => ({ x: column * 100 + 50, y: hour * 60 + 30, left: column * 100, right: column * 100 + 100 });
const entry = (name: string, column: number, hour: number) => ({ el: { name } as unknown as Element, box: box(column, hour) });

describe('arrow keys in the calendar', () => {
  const others = [entry('mon-9', 0, 9), entry('mon-11', 0, 11), entry('tue-8', 1, 8), entry('tue-12', 1, 12), entry('wed-10', 2, 10)];
  const name = (el: Element | null) => (el as unknown as { name: string } | null)?.name ?? null;

  it('moves up and down within the day, to the nearest entry', () => {
    expect(name(nextEntry(box(0, 10), others, 'down'))).toBe('mon-11');
    expect(name(nextEntry(box(0, 10), others, 'up'))).toBe('mon-9');
    expect(nextEntry(box(0, 11), others.slice(0, 1), 'down')).toBeNull();
  });

  it('moves to the next or previous day, at the nearest time', () => {
    expect(name(nextEntry(box(0, 11), others, 'right'))).toBe('tue-12');
    expect(name(nextEntry(box(0, 9), others, 'right'))).toBe('tue-8');
    expect(name(nextEntry(box(2, 11), others, 'left'))).toBe('tue-12');
    expect(nextEntry(box(0, 9), others, 'left')).toBeNull();
  });
});
