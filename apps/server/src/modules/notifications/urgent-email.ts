import { t } from '../../lib/i18n';
import { appPath, emailBody, type EmailWriter, greeting, recipientLanguage } from './email-registry';
import { recipientOf } from './email-reads.repository';

// The email of an urgent case (decision 0163): a link and no content. Its payload holds nothing of the case: not the
// client, not why, not the screening; only who it goes to and where the Triage list is (decision 0200,
// docs/architecture.md#client-access). The counselor opens the Triage list in the app (signed in) to see who.

export interface UrgentPayload {
  name: string;
  company: string;
  link: string;
}

export const urgentEmail: EmailWriter<UrgentPayload> = {
  gone: 'The recipient no longer exists.',
  async read(db, row, env) {
    const user = await recipientOf(db, row.company_id, row.recipient_id);
    if (!user) return undefined;
    return {
      to: { name: user.name, address: user.email },
      fromName: user.company_name,
      language: recipientLanguage(user.language, user.company_language),
      payload: { name: user.name, company: user.company_name, link: appPath(env.publicUrl, '/triage') },
    };
  },
  write(p, language) {
    return {
      subject: t(language, 'email.urgent.subject'),
      ...emailBody(language, {
        greeting: greeting(language, p.name),
        lines: [t(language, 'email.urgent.line')],
        link: { url: p.link, label: t(language, 'email.urgent.open'), line: t(language, 'email.urgent.openLine', { link: p.link }) },
        signature: [p.company],
      }),
    };
  },
};
