import { t } from '../../lib/i18n';
import { oneLine } from './email-text';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { appPath, type EmailDraft, emailBody, type EmailWriter, greeting, recipientLanguage, timeIn } from './email-registry';
import type { OutboxRow } from './outbox.repository';
import { actorNameOf, recipientOf } from './email-reads.repository';

// The privacy officer's notices (decisions 0202, 0203): a file opened by breaking the glass, clinical access given,
// the password of a user with clinical access set by an administrator (decision 0358). They say who acted (a staff
// member), never whose file, why, or anything of its content; a counselor who joined a client's care team by their own
// booking (decision 0369); the Access log in the app (signed in, with 'view
// access log') shows the rest. And the user's own notice that an administrator set their password (decision 0358).

type AccessKind = 'break_glass' | 'clinical_access' | 'password_set' | 'care_team_booking';
const ACCESS_KINDS: readonly string[] = ['break_glass', 'clinical_access', 'password_set', 'care_team_booking'] satisfies AccessKind[];

export interface AccessPayload {
  kind: AccessKind;
  name: string;
  company: string;
  /** Who acted; null when they are gone. */
  actor: string | null;
  /** For clinical access: who was given it (a name); what was given, the Access log says in the reader's language. */
  granted: string | null;
  /** When it was done (the notice's time), on the company's clock: for a password set. */
  at: string;
  timeZone: string;
  link: string;
}

/** What every one of these notices says: to whom, from which centre, who acted and when. */
type StaffNotice = Pick<AccessPayload, 'name' | 'company' | 'actor' | 'at' | 'timeZone' | 'link'>;

async function staffDraft<P>(db: Kysely<Database>, row: OutboxRow, link: string, payload: (base: StaffNotice) => P): Promise<EmailDraft<P> | undefined> {
  const user = await recipientOf(db, row.company_id, row.recipient_id);
  if (!user) return undefined;
  const actor = row.actor_id === null ? undefined : await actorNameOf(db, row.actor_id);
  return {
    to: { name: user.name, address: user.email },
    fromName: user.company_name,
    language: recipientLanguage(user.language, user.company_language),
    payload: payload({ name: user.name, company: user.company_name, actor: actor?.name ?? null, at: row.created_at, timeZone: user.company_timezone, link }),
  };
}

export const accessEmail: EmailWriter<AccessPayload> = {
  gone: 'The recipient no longer exists.',
  async read(db, row, env) {
    if (!ACCESS_KINDS.includes(row.kind)) return undefined;
    return staffDraft(db, row, appPath(env.publicUrl, '/access-log'), (base) => ({ ...base, kind: row.kind as AccessKind, granted: row.reason }));
  },
  write(p, language) {
    const who = oneLine(p.actor ?? t(language, 'email.formerUser'));
    const whom = oneLine(p.granted ?? t(language, 'email.aUser'));
    const line =
      p.kind === 'break_glass'
        ? t(language, 'email.breakGlass.line', { who })
        : p.kind === 'clinical_access'
          ? t(language, 'email.clinicalAccess.line', { who, whom })
          : p.kind === 'care_team_booking'
            ? t(language, 'email.careTeamBooking.line', { who, when: timeIn(language, p.at, p.timeZone) })
            : t(language, 'email.passwordSet.line', { who, whom, when: timeIn(language, p.at, p.timeZone) });
    const subject = {
      break_glass: 'email.breakGlass.subject',
      clinical_access: 'email.clinicalAccess.subject',
      password_set: 'email.passwordSet.subject',
      care_team_booking: 'email.careTeamBooking.subject',
    } as const;
    return {
      subject: t(language, subject[p.kind]),
      ...emailBody(language, {
        greeting: greeting(language, p.name),
        lines: [line],
        link: { url: p.link, label: t(language, 'email.access.open'), line: t(language, 'email.access.openLine', { link: p.link }) },
        signature: [p.company],
      }),
    };
  },
};

/** The user's own notice: who set their password (null when they are gone) and when. */
export type OwnPasswordPayload = StaffNotice;

/** To the user whose password an administrator set: who, when, and to tell the privacy officer if they did not ask. */
export const ownPasswordSetEmail: EmailWriter<OwnPasswordPayload> = {
  gone: 'The recipient no longer exists.',
  async read(db, row, env) {
    if (row.kind !== 'own_password_set') return undefined;
    return staffDraft(db, row, appPath(env.publicUrl, '/'), (base) => base);
  },
  write(p, language) {
    const who = oneLine(p.actor ?? t(language, 'email.formerUser'));
    return {
      subject: t(language, 'email.ownPasswordSet.subject'),
      ...emailBody(language, {
        greeting: greeting(language, p.name),
        lines: [t(language, 'email.ownPasswordSet.line', { who, when: timeIn(language, p.at, p.timeZone) })],
        link: { url: p.link, label: t(language, 'email.ownPasswordSet.open'), line: t(language, 'email.ownPasswordSet.openLine', { link: p.link }) },
        signature: [p.company],
      }),
    };
  },
};
