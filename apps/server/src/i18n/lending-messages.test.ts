import { ALREADY_REVERSED, REASON_NEEDED, REVERSAL_OF_REVERSAL } from '@kalinga/contracts/lending/register';
import { NOTICE_ALREADY_SENT, NOTICE_PERIOD_ENDED } from '@kalinga/contracts/lending/notice-rules';
import { NOT_ACTIVE } from '@kalinga/contracts/lending/rules';
import { describe, expect, it } from 'vitest';
import { localizeReply } from '../lib/i18n';

// The pawn counter's refusals that its screens show (the notices, a register entry's reversal) reach a Filipino
// clerk in Filipino: the error handler finds each English sentence the lending rules write in the catalogs
// (decisions 0247, 0275). A rule whose sentence changes without the catalog fails here.

const refusals = [
  NOTICE_ALREADY_SENT('November 23, 2026'),
  NOTICE_PERIOD_ENDED('2026-11-23'),
  'The notice could not be recorded; try again.',
  NOT_ACTIVE('redeemed'),
  REASON_NEEDED,
  REVERSAL_OF_REVERSAL,
  ALREADY_REVERSED,
];

describe('lending refusals in the request language', () => {
  it('stay as the rules write them in English', () => {
    for (const message of refusals) expect(localizeReply('en', { message }).message).toBe(message);
  });

  it('are said in Filipino, with their dates and status', () => {
    const filipino = refusals.map((message) => localizeReply('fil', { message }).message);
    filipino.forEach((message, n) => expect(message, refusals[n]).not.toBe(refusals[n]));
    expect(filipino[0]).toBe('Naipadala na ang abiso para sa tiket na ito noong November 23, 2026.');
    expect(filipino[3]).toBe('Natubos na ang sanglang ito; hindi na ito aktibo.');
    expect(localizeReply('fil', { message: 'The given data was invalid.', errors: { reason: [REASON_NEEDED] } }).errors?.reason).toEqual(['Sabihin kung bakit nire-reverse ang entry (3 hanggang 500 character).']);
  });

  it('name the dates and the missing fields in Filipino too (decision 0290)', () => {
    const say = (message: string) => localizeReply('fil', { message }).message;
    expect(say('The renewal date may be at most 7 days before today; only a supervisor may date it earlier.')).toBe('Hanggang 7 araw lang bago ngayon puwede ang petsa ng renewal; supervisor lang ang puwedeng mag-date nito nang mas maaga.');
    expect(say("A first loan above ₱50,000.00 needs the customer's full record; missing: ID number, work.")).toBe('Kailangang kumpleto ang record ng customer para sa unang sanglang higit sa ₱50,000.00; kulang pa: numero ng ID, trabaho.');
    expect(say('This item is for sale; only a forfeited item can be put up for sale.')).toBe('Ang gamit na ito ay for sale; naremata na gamit lang ang puwedeng ilagay sa bentahan.');
  });
});
