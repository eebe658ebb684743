// @vitest-environment node
// Every email in Filipino and in English (decisions 0246, 0247, 0258): each kind's writer renders its subject, text and
// HTML in both languages from a payload, with no message missing from a catalog (a missing one shows its key), no
// placeholder left unfilled, and no English in the Filipino one; the calendar invite follows the email's language.
import { LANGUAGES, type Language } from '@kalinga/contracts/languages';
import { describe, expect, it } from 'vitest';
import { NOTICE_SUBJECT, noticeLines } from '@kalinga/contracts/lending/notice-rules';
import { backupFailedEmail } from '../../backup/schedule';
import { type PawnNoticePayload, pawnNoticeEmail, pawnNoticeLines } from '../../email-writers';
import { en } from '../../i18n/en';
import { fil } from '../../i18n/fil';
import { type AccessPayload, accessEmail, ownPasswordSetEmail } from './access-email';
import { singleInvite } from './calendar-invite';
import { type AppointmentPayload, appointmentEmail } from './email-content';
import type { EmailWords } from './email-registry';
import { urgentEmail } from './urgent-email';
import { waitlistOfferEmail } from './waitlist-email';

const base: AppointmentPayload = {
  kind: 'booked',
  recipient: 'Ana Reyes',
  self: false,
  actor: 'Ben Cruz',
  start: '2026-03-10T01:00:00.000Z',
  previous: null,
  timeZone: 'Asia/Manila',
  counselor: 'Ben Cruz',
  client: 'Ana Reyes',
  userType: 'student',
  place: { type: 'on-site', location: null },
  link: 'https://care.example.test/appointments?open=u1',
  company: 'Paaralang Wika',
  series: null,
};
const series = {
  count: 2,
  frequency: 'fortnightly' as const,
  sessions: [
    { index: 1, total: 2, start: '2026-03-10T01:00:00.000Z', status: 'confirmed' },
    { index: 2, total: 2, start: '2026-03-24T01:00:00.000Z', status: 'cancelled' },
  ],
};

/** Every email the server writes, by a name: one for each kind, and each form a kind takes. */
const EMAILS: Record<string, (language: Language) => EmailWords> = {
  booked: (l) => appointmentEmail.write(base, l),
  'booked by the recipient': (l) => appointmentEmail.write({ ...base, self: true }, l),
  confirmed: (l) => appointmentEmail.write({ ...base, kind: 'confirmed', place: { type: 'online', location: null } }, l),
  cancelled: (l) => appointmentEmail.write({ ...base, kind: 'cancelled' }, l),
  rescheduled: (l) => appointmentEmail.write({ ...base, kind: 'rescheduled', previous: '2026-03-09T01:00:00.000Z' }, l),
  'rescheduled, same start': (l) => appointmentEmail.write({ ...base, kind: 'rescheduled', previous: base.start }, l),
  completed: (l) => appointmentEmail.write({ ...base, kind: 'completed', actor: null, userType: 'personnel' }, l),
  reminder: (l) => appointmentEmail.write({ ...base, kind: 'reminder' }, l),
  'series booked': (l) => appointmentEmail.write({ ...base, series }, l),
  'series confirmed': (l) => appointmentEmail.write({ ...base, kind: 'confirmed', series }, l),
  'series cancelled': (l) => appointmentEmail.write({ ...base, kind: 'cancelled', series: { ...series, count: 1 } }, l),
  'series rescheduled': (l) => appointmentEmail.write({ ...base, kind: 'rescheduled', series }, l),
  'series completed': (l) => appointmentEmail.write({ ...base, kind: 'completed', series }, l),
  urgent: (l) => urgentEmail.write({ name: 'Ben Cruz', company: 'Paaralang Wika', link: 'https://care.example.test/triage' }, l),
  waitlist_offer: (l) =>
    waitlistOfferEmail.write({ client: 'Ana Reyes', counselor: 'Ben Cruz', company: 'Paaralang Wika', start: base.start, until: '2026-03-09T01:00:00.000Z', timeZone: 'Asia/Manila', link: 'https://care.example.test/waitlist' }, l),
  break_glass: (l) => accessEmail.write(access('break_glass'), l),
  'break_glass by a former user': (l) => accessEmail.write({ ...access('break_glass'), actor: null }, l),
  clinical_access: (l) => accessEmail.write(access('clinical_access'), l),
  password_set: (l) => accessEmail.write(access('password_set'), l),
  own_password_set: (l) => ownPasswordSetEmail.write({ name: 'Carla Diaz', company: 'Paaralang Wika', actor: 'Ben Cruz', at: '2026-03-10T01:00:00.000Z', timeZone: 'Asia/Manila', link: 'https://care.example.test/' }, l),
  'own_password_set by a former user': (l) => ownPasswordSetEmail.write({ name: 'Carla Diaz', company: 'Paaralang Wika', actor: null, at: '2026-03-10T01:00:00.000Z', timeZone: 'Asia/Manila', link: 'https://care.example.test/' }, l),
  pawn_notice: (l) => pawnNoticeEmail.write(PAWN, l),
  'pawn_notice without an auction named': (l) => pawnNoticeEmail.write({ ...PAWN, auction: null }, l),
  // Not an outbox kind: sent at once by the scheduled backup, to the server's administrators.
  backup_failed: (l) => backupFailedEmail({ name: 'Ana Reyes', email: 'ana@example.test' }, l, 'ENOSPC', '2026-03-10T01:00:00.000Z', 'https://care.example.test', 'Paaralang Wika'),
};

const PAWN: PawnNoticePayload = {
  shop: 'Paaralang Wika',
  shopAddress: '12 Rizal St., Quezon City',
  registration: 'PS-07-2021-00982',
  pawner: 'Ana Reyes',
  ticket: 'PT-000123',
  expiry: '2026-03-10',
  amountDue: 5123.5,
  items: ['Gold ring 18k', 'Casio watch'],
  auction: { date: '2026-03-20', place: 'Quezon City branch' },
};

function access(kind: AccessPayload['kind']): AccessPayload {
  return { kind, name: 'Nina Night', company: 'Paaralang Wika', actor: 'Ben Cruz', granted: kind === 'break_glass' ? null : 'Carla Diaz', at: '2026-03-10T01:00:00.000Z', timeZone: 'Asia/Manila', link: 'https://care.example.test/access-log' };
}

/** Words only the English emails use: none may be left in a Filipino one. */
const ENGLISH = /\b(Hello|Open the|Open your|Where|Student|Personnel|Someone|booked|confirmed|cancelled|moved|completed|Reminder|Sessions|Series|series|weekly|every two weeks|of the|Urgent case|waiting|opened|held|gave|former|Monday|Tuesday|March|Details|registration)\b/;

describe('every email in both languages', () => {
  it('has the same messages in the Filipino and the English catalog', () => {
    expect(Object.keys(fil).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(fil)) expect(text.trim(), key).not.toBe('');
  });

  for (const [name, render] of Object.entries(EMAILS)) {
    it(`${name}: renders in ${LANGUAGES.join(' and ')} with every message found and filled`, () => {
      const out = Object.fromEntries(LANGUAGES.map((l) => [l, render(l)])) as Record<Language, EmailWords>;
      for (const l of LANGUAGES) {
        const all = [out[l].subject, out[l].text, out[l].html].join('\n');
        expect(all, `${name} in ${l}`).not.toMatch(/\bemail\.[\w.]+/);
        expect(all, `${name} in ${l}`).not.toMatch(/[{}]/);
        expect(out[l].subject).not.toMatch(/\n/);
        expect(out[l].html).toContain(`<html lang="${l}">`);
        if (name !== 'backup_failed') expect(out[l].text).toContain('Paaralang Wika');
      }
      expect(out.fil.subject).not.toBe(out.en.subject);
      expect(out.fil.text.split('\n').filter((line) => line.trim() !== '')[0]).toMatch(name.startsWith('pawn_notice') ? /^Mahal na / : /^Magandang araw, /);
      // The HTML's words too (its tags and attributes aside).
      expect(`${out.fil.subject}\n${out.fil.text}\n${out.fil.html.replace(/<[^>]*>/g, ' ')}`).not.toMatch(ENGLISH);
    });
  }

  it('keeps the English of the emails as the product wrote them', () => {
    expect(EMAILS.urgent('en').subject).toBe('Urgent: a client needs a counselor now');
    expect(EMAILS.rescheduled('en').text).toMatch(/Ben Cruz moved the appointment from Monday, March 9, 2026 at 9:00 AM \(Asia\/Manila\) to Tuesday, March 10, 2026 at 9:00 AM \(Asia\/Manila\)\./);
    expect(EMAILS['series booked']('en').text).toContain('Ben Cruz booked a series of 2 appointments (every two weeks), the first on');
    expect(EMAILS['series booked']('en').text).toMatch(/2 of 2: .+ \(cancelled\)/);
    expect(EMAILS.break_glass('en').subject).toBe("A client's file was opened by breaking the glass");
    expect(EMAILS.password_set('en').text).toContain('Ben Cruz set the password of Carla Diaz, who holds clinical access or the access log, at Tuesday, March 10, 2026 at 9:00 AM');
    expect(EMAILS.own_password_set('en').text).toContain("Ben Cruz set your password at Tuesday, March 10, 2026 at 9:00 AM (Asia/Manila). If you did not ask for it, tell your centre's privacy officer.");
    // The pawn notice's English is the printed letter's (noticeLines), word for word.
    const words = { ...PAWN, expiry: 'March 10, 2026', amountDue: '₱5,123.50', auction: { date: 'March 20, 2026', place: PAWN.auction!.place } };
    expect(pawnNoticeLines(PAWN, 'en')).toEqual(noticeLines(words));
    expect(pawnNoticeLines({ ...PAWN, auction: null }, 'en')).toEqual(noticeLines({ ...words, auction: null }));
    expect(EMAILS.pawn_notice('en').subject).toBe(NOTICE_SUBJECT(PAWN.ticket));
  });

  it('puts the calendar invite in the language of its email', () => {
    const source = {
      uuid: 'u1',
      appointment_date: base.start,
      duration_minutes: 60,
      status: 'confirmed' as const,
      location_type: 'on-site' as const,
      location: null,
      user_type: 'student' as const,
      counselor_name: 'Ben Cruz',
      client_name: 'Ana Reyes',
      category_title: null,
    };
    const filInvite = singleInvite('confirmed', source, true, Date.parse(base.start), base.link, 'fil')!;
    expect(filInvite).toContain('SUMMARY:Appointment sa counseling\r\n');
    expect(filInvite).toContain('LOCATION:Sa opisina\r\n');
    expect(filInvite.replace(/\r\n /g, '')).toContain('Status: kumpirmado');
    const enInvite = singleInvite('confirmed', source, true, Date.parse(base.start), base.link, 'en')!;
    expect(enInvite).toContain('SUMMARY:Counselling appointment\r\n');
    expect(enInvite).toContain('LOCATION:On-site\r\n');
  });
});
