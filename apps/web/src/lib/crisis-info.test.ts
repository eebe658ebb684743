import { NATIONAL_CRISIS_LINES } from '@kalinga/contracts/screening/crisis';
import { afterEach, describe, expect, it } from 'vitest';
import { keepCrisisInfo, keptCrisisInfo, onCrisisInfoChange } from './crisis-info';

// Decision 0225: an open crisis screen hears when the centre's contacts arrive and shows them.
afterEach(() => localStorage.clear());

describe('the kept crisis contacts', () => {
  it('a device that kept none shows the national lines; keeping the centre\u2019s tells whoever listens, at once', () => {
    expect(keptCrisisInfo().contacts).toEqual([...NATIONAL_CRISIS_LINES]);
    const seen: string[] = [];
    const stop = onCrisisInfoChange(() => seen.push(keptCrisisInfo().contacts[0].name));
    keepCrisisInfo({ contacts: [{ name: 'Centre Duty Phone', number: '0917 000 0000', hours: '8 AM - 5 PM' }], next_steps: 'A counselor calls you back.' });
    expect(seen).toEqual(['Centre Duty Phone']);
    stop();
    keepCrisisInfo({ contacts: [{ name: 'Later Line', number: '02 8000 0000', hours: '' }], next_steps: 'x' });
    expect(seen).toEqual(['Centre Duty Phone']);
  });

  it('another tab keeping them is heard through the storage event', () => {
    let calls = 0;
    const stop = onCrisisInfoChange(() => calls++);
    window.dispatchEvent(new StorageEvent('storage', { key: 'crisis_info:last' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something_else' }));
    stop();
    expect(calls).toBe(1);
  });
});
