import { t } from '../../lib/i18n';
import { oneLine } from './email-text';
import { appPath, emailBody, type EmailWriter, greeting, recipientLanguage } from './email-registry';
import { actorNameOf, recipientOf } from './email-reads.repository';

// The privacy officer's notices (decisions 0202, 0203): a file opened by breaking the glass, clinical access given.
// They say who acted (a staff member), never whose file, why, or anything of its content; the Access log in the app
// (signed in, with 'view access log') shows the rest.

export interface AccessPayload {
  kind: 'break_glass' | 'clinical_access';
  name: string;
  company: string;
  /** Who acted; null when they are gone. */
  actor: string | null;
  /** For clinical access: who was given it (a name); what was given, the Access log says in the reader's language. */
  granted: string | null;
  link: string;
}

export const accessEmail: EmailWriter<AccessPayload> = {
  gone: 'The recipient no longer exists.',
  async read(db, row, env) {
    if (row.kind !== 'break_glass' && row.kind !== 'clinical_access') return undefined;
    const user = await recipientOf(db, row.company_id, row.recipient_id);
    if (!user) return undefined;
    const actor = row.actor_id === null ? undefined : await actorNameOf(db, row.actor_id);
    return {
      to: { name: user.name, address: user.email },
      fromName: user.company_name,
      language: recipientLanguage(user.language, user.company_language),
      payload: { kind: row.kind, name: user.name, company: user.company_name, actor: actor?.name ?? null, granted: row.reason, link: appPath(env.publicUrl, '/access-log') },
    };
  },
  write(p, language) {
    const who = oneLine(p.actor ?? t(language, 'email.formerUser'));
    const line =
      p.kind === 'break_glass'
        ? t(language, 'email.breakGlass.line', { who })
        : t(language, 'email.clinicalAccess.line', { who, whom: oneLine(p.granted ?? t(language, 'email.aUser')) });
    return {
      subject: t(language, p.kind === 'break_glass' ? 'email.breakGlass.subject' : 'email.clinicalAccess.subject'),
      ...emailBody(language, {
        greeting: greeting(language, p.name),
        lines: [line],
        link: { url: p.link, label: t(language, 'email.access.open'), line: t(language, 'email.access.openLine', { link: p.link }) },
        signature: [p.company],
      }),
    };
  },
};
