import { type DisclosureQuery, TIMELINE_TYPE_LABELS } from '@kalinga/contracts/client-file';
import { localDateOf } from '@kalinga/contracts/zone-time';
import type { AuthContext } from '../../lib/auth-context';
import { textPdf } from '../../lib/text-pdf';
import { disclosedItems, type FileDeps } from './client-file.service';

// Print or PDF of a chosen range of a client's file, for a referral (docs/decisions/0235-client-file-and-disclosure.md):
// the care team (or its supervisor) only; recorded as one access-log row of kind 'disclosure'. The range is the
// centre's days, both ends included.

export async function disclosurePdf(deps: FileDeps, auth: AuthContext, clientId: number, range: DisclosureQuery): Promise<Uint8Array> {
  const tz = auth.company.timezone;
  const inRange = (at: string) => {
    const day = localDateOf(at, tz);
    return day >= range.from && day <= range.to;
  };
  const { client, items } = await disclosedItems(deps, auth, clientId, inRange);
  const when = (iso: string) => new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: tz }).format(new Date(iso));
  return textPdf(
    `Client file: ${client.name}`,
    [
      `${auth.company.name}. Confidential: disclosed for a referral.`,
      `From ${range.from} to ${range.to}. Made by ${auth.user.name} on ${when(new Date().toISOString())}.`,
    ],
    [{ heading: `${items.length} ${items.length === 1 ? 'entry' : 'entries'}`, paragraphs: items.map((i) => `${when(i.at)} · ${TIMELINE_TYPE_LABELS[i.type]}\n${i.title}${i.detail ? `\n${i.detail}` : ''}`) }],
  );
}
