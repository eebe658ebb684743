import { DEFAULT_NEXT_STEPS, NATIONAL_CRISIS_LINES } from '@kalinga/contracts/screening/crisis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, forgetDeviceChoice, initI18n, t } from '../../lib/i18n';
import { crisisWords } from './crisis-words';

// The crisis screen's built-in words follow the language; a centre's own words stay as written (decision 0318).

beforeAll(() => initI18n(['crisis']));
afterAll(() => forgetDeviceChoice());

const builtIn = { contacts: [...NATIONAL_CRISIS_LINES], next_steps: DEFAULT_NEXT_STEPS };

describe('the crisis screen’s built-in words', () => {
  it('in English are the contracts’ words, letter for letter', async () => {
    await chooseOnDevice('en');
    expect(crisisWords(builtIn, t)).toEqual(builtIn);
  });

  it('in Filipino: the default next steps, the hours and the lines’ names; the numbers as they are', async () => {
    await chooseOnDevice('fil');
    const said = crisisWords(builtIn, t);
    expect(said.next_steps).toMatch(/^Agad na sasabihan ang counselor na naka-duty/);
    expect(said.next_steps).toContain('Hindi ka nag-iisa.');
    expect(said.contacts.map((c) => c.hours)).toEqual(Array(5).fill('24 oras, araw-araw'));
    expect(said.contacts[4]).toEqual({ name: 'Emergency (pulis, bumbero, ambulansya)', number: '911', hours: '24 oras, araw-araw' });
    expect(said.contacts.map((c) => c.number)).toEqual(NATIONAL_CRISIS_LINES.map((c) => c.number));
  });

  it('keeps what a centre wrote itself', async () => {
    await chooseOnDevice('fil');
    const own = { contacts: [{ name: 'Guidance Office', number: '033 320 1234', hours: 'Mon–Fri, 8 AM–5 PM' }], next_steps: 'Our counselor will call you within the hour.' };
    expect(crisisWords(own, t)).toEqual(own);
  });
});
