import type { DisclosureQuery, TimelineType } from '@kalinga/contracts/client-file';
import { LOCALES } from '@kalinga/contracts/languages';
import { localDateOf } from '@kalinga/contracts/zone-time';
import type { AuthContext } from '../../lib/auth-context';
import { type Language, type ServerMessageKey, t } from '../../lib/i18n';
import { pdfWords } from './pdf-words';
import { textPdf } from '../../lib/text-pdf';
import { disclosedItems, type FileDeps } from './client-file.service';

// Print or PDF of a chosen range of a client's file, for a referral (docs/decisions/0235-client-file-and-disclosure.md):
// the care team (or its supervisor) only; recorded as one access-log row of kind 'disclosure'. The range is the
// centre's days, both ends included. Its words are in the requester's language (decision 0318); the centre's and
// the people's own words stay as written.

const TYPE_WORDS: Record<TimelineType, ServerMessageKey> = {
  appointment: 'clientFile.type.appointment',
  screening: 'clientFile.type.screening',
  urgent_case: 'clientFile.type.urgent_case',
  note: 'clientFile.type.note',
  waitlist: 'clientFile.type.waitlist',
  referral: 'clientFile.type.referral',
  file: 'clientFile.type.file',
  correction: 'clientFile.type.correction',
};

export async function disclosurePdf(deps: FileDeps, auth: AuthContext, clientId: number, range: DisclosureQuery, language: Language = 'en'): Promise<Uint8Array> {
  const tz = auth.company.timezone;
  const inRange = (at: string) => {
    const day = localDateOf(at, tz);
    return day >= range.from && day <= range.to;
  };
  const { client, items } = await disclosedItems(deps, auth, clientId, inRange, language);
  const when = (iso: string) => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short', timeZone: tz }).format(new Date(iso));
  return textPdf(
    t(language, 'clientFile.disclosure.title', { name: client.name }),
    [
      t(language, 'clientFile.disclosure.confidential', { centre: auth.company.name }),
      t(language, 'clientFile.disclosure.made', { from: range.from, to: range.to, name: auth.user.name, when: when(new Date().toISOString()) }),
    ],
    [{ heading: t(language, 'clientFile.disclosure.entries', { count: items.length }), paragraphs: items.map((i) => `${when(i.at)} · ${t(language, TYPE_WORDS[i.type])}\n${i.title}${i.detail ? `\n${i.detail}` : ''}`) }],
    pdfWords(language),
  );
}
