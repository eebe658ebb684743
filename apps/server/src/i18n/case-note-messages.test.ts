import { CASE_NOTE_MESSAGES } from '@kalinga/contracts/case-note-constants';
import { describe, expect, it } from 'vitest';
import { localizeReply } from '../lib/i18n';

// The case notes' and the access log's refusals reach a Filipino counsellor in Filipino (decision 0290): each English
// sentence the services write is in the catalogs, so the error handler says it in the request's language.

const refusals = [
  ...Object.values(CASE_NOTE_MESSAGES),
  'Choose a screening of this client.',
  'The contact date cannot be in the future.',
  'Choose a session of this client that has taken place.',
  'Sign the note before adding an addendum; a draft is edited.',
  'This note changed meanwhile; open it again.',
  'Case note not found.',
  'The end date must be on or after the start date.',
];

describe('case note and access log refusals in the request language', () => {
  it('stay as written in English and are said in Filipino', () => {
    for (const message of refusals) {
      expect(localizeReply('en', { message }).message).toBe(message);
      expect(localizeReply('fil', { message }).message, message).not.toBe(message);
    }
    expect(localizeReply('fil', { message: 'The given data was invalid.', errors: { to: ['The end date must be on or after the start date.'] } }).errors?.to).toEqual(['Dapat sa o pagkatapos ng petsa ng simula ang petsa ng wakas.']);
  });
});
