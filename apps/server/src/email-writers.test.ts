// The registry of email writers (decision 0256): every kind of outbox email has its writer, registered the same way,
// one test per writer; and a kind the registry lacks is caught here as well as by the type.
import { describe, expect, it } from 'vitest';
import { EMAIL_WRITERS, pawnNoticeEmail } from './email-writers';
import { GROUP_EMAIL_WRITERS } from './modules/groups/group-emails';
import { accessEmail, ownPasswordSetEmail } from './modules/notifications/access-email';
import { appointmentEmail } from './modules/notifications/email-content';
import type { OutboxKind } from './modules/notifications/email-registry';
import { urgentEmail } from './modules/notifications/urgent-email';
import { waitlistOfferEmail } from './modules/notifications/waitlist-email';

/** Every kind the outbox holds (the record's type makes a kind left out of this list an error). */
const KINDS: Record<OutboxKind, true> = {
  booked: true,
  confirmed: true,
  cancelled: true,
  rescheduled: true,
  completed: true,
  reminder: true,
  urgent: true,
  waitlist_offer: true,
  break_glass: true,
  clinical_access: true,
  password_set: true,
  care_team_booking: true,
  own_password_set: true,
  pawn_notice: true,
  group_invite: true,
  group_reminder: true,
  workshop_signup: true,
  workshop_offer: true,
  group_cancelled: true,
  group_session_cancelled: true,
};

describe('the registry of email writers', () => {
  it('holds exactly one writer for every kind of outbox email, each with a reason to cancel a row whose subject is gone', () => {
    expect(Object.keys(EMAIL_WRITERS).sort()).toEqual(Object.keys(KINDS).sort());
    for (const writer of Object.values(EMAIL_WRITERS)) {
      expect(typeof writer.read).toBe('function');
      expect(typeof writer.write).toBe('function');
      expect(writer.gone).toMatch(/no longer exists\.$/);
    }
  });

  it('registers the appointment writer for every appointment kind', () => {
    for (const kind of ['booked', 'confirmed', 'cancelled', 'rescheduled', 'completed', 'reminder'] as const) expect(EMAIL_WRITERS[kind], kind).toBe(appointmentEmail);
  });

  it('registers the urgent-case writer', () => {
    expect(EMAIL_WRITERS.urgent).toBe(urgentEmail);
  });

  it('registers the waitlist-offer writer', () => {
    expect(EMAIL_WRITERS.waitlist_offer).toBe(waitlistOfferEmail);
  });

  it("registers the privacy officers' writer for breaking the glass, clinical access given and a care team joined by one's own booking", () => {
    expect(EMAIL_WRITERS.break_glass).toBe(accessEmail);
    expect(EMAIL_WRITERS.clinical_access).toBe(accessEmail);
    expect(EMAIL_WRITERS.password_set).toBe(accessEmail);
    expect(EMAIL_WRITERS.care_team_booking).toBe(accessEmail);
  });

  it("registers the writer of a user's own notice that an administrator set their password", () => {
    expect(EMAIL_WRITERS.own_password_set).toBe(ownPasswordSetEmail);
  });

  it("registers the pawn notice's writer", () => {
    expect(EMAIL_WRITERS.pawn_notice).toBe(pawnNoticeEmail);
    expect(EMAIL_WRITERS.pawn_notice.gone).toBe('The notice no longer exists.');
  });

  it("registers the groups' writers for their six kinds", () => {
    for (const [kind, writer] of Object.entries(GROUP_EMAIL_WRITERS)) expect(EMAIL_WRITERS[kind as keyof typeof GROUP_EMAIL_WRITERS], kind).toBe(writer);
  });
});
