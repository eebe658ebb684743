import { randomUUID } from 'node:crypto';
import { DEFAULT_NEXT_STEPS, NATIONAL_CRISIS_LINES } from '@kalinga/contracts/screening/crisis';
import { gad7Band, phq9Band, totalScore } from '@kalinga/contracts/screening/items';
import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import { loadContentKeys } from '../lib/field-crypto';
import { sealAnswers } from '../modules/screening/screening-answers';
import { seededRandom } from './random';
import type { DemoContext } from './seed-foundation';

const DAY = 86_400_000;

/**
 * The demo centre's safety settings (decision 0161): the Philippines' national mental-health crisis lines, the
 * intake offered at first booking, the first counselor on call, 15 minutes to escalation; and a few clients'
 * screenings over the past weeks (so a counselor's chart has data). The demo student and personnel have none:
 * they are offered the intake at their first booking.
 */
export async function seedSafety(db: DB, config: AppConfig, ctx: DemoContext): Promise<void> {
  const rand = seededRandom(28);
  // The answers are stored encrypted like a client's own (docs/decisions/0205-encryption-at-rest.md).
  const keys = loadContentKeys(config);
  const now = Date.now();
  await db
    .insertInto('safety_settings')
    .values({
      company_id: ctx.company.id,
      intake_mode: 'offered',
      crisis_contacts: JSON.stringify(NATIONAL_CRISIS_LINES),
      next_steps: DEFAULT_NEXT_STEPS,
      on_call_ids: JSON.stringify([ctx.counselors[0].id]),
      escalation_minutes: 15,
      updated_at: new Date(now).toISOString(),
    })
    .execute();
  const rows = [];
  for (const client of ctx.clients.slice(2, 14)) {
    const times = 1 + Math.floor(rand() * 3);
    let level = rand() * 2.6;
    for (let i = 0; i < times; i++) {
      // Each follow-up a little better on average (measurement-based care); item 9 stays "Not at all".
      const answer = () => Math.max(0, Math.min(3, Math.round(level + (rand() - 0.5))));
      const phq9 = Array.from({ length: 9 }, (_, k) => (k === 8 ? 0 : answer()));
      const gad7 = Array.from({ length: 7 }, answer);
      const at = new Date(now - (times - i) * 9 * DAY - Math.floor(rand() * DAY)).toISOString();
      const uuid = randomUUID();
      rows.push({
        company_id: ctx.company.id,
        client_id: client.id,
        uuid,
        kind: i === 0 ? ('intake' as const) : ('follow-up' as const),
        answers: sealAnswers(keys, { company_id: ctx.company.id, uuid }, { phq9, gad7, difficulty: Math.min(3, Math.floor(level)) }),
        phq9_score: totalScore(phq9),
        phq9_band: phq9Band(totalScore(phq9)),
        gad7_score: totalScore(gad7),
        gad7_band: gad7Band(totalScore(gad7)),
        created_at: at,
      });
      level = Math.max(0, level - 0.5 - rand() * 0.4);
    }
  }
  if (rows.length > 0) await db.insertInto('screenings').values(rows).execute();
}
