import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, PNG_1PX, registerCompany, type Actor, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (actor: Actor) => t.app.inject({ method: 'GET', url: '/api/settings', headers: actor.headers });
const post = (actor: Actor, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/settings', headers: actor.headers, payload });
const dataUrl = (buf: Buffer, type = 'image/png') => `data:${type};base64,${buf.toString('base64')}`;

describe('GET /api/settings', () => {
  it('any member reads the settings of their own company', async () => {
    const admin = await registerCompany(t.app, 'Settings Co');
    const student = await addUser(t.app, admin.companyId);
    const res = await get(student);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      site_name: 'Kalinga',
      site_logo: null,
      business_name: 'Settings Co',
      business_address: null,
      timezone: 'Asia/Manila',
      appointment_duration_minutes: 60,
      students_can_book: false,
      reminder_hours_before: 24,
      cancellation_notice_hours: 24,
      lending_backdate_days: 7,
      bsp_registration: null,
      pawnshop_name: null,
      pawnshop_address: null,
      pawn_notice_days: 15,
      pawn_auction_date: null,
      pawn_auction_place: null,
      kyc_loan_threshold: null,
      waitlist_hold_minutes: 30,
      waitlist_cooldown_hours: 0,
      no_show_limit: 2,
      break_glass_hours: 24,
      retention_years: 10,
      default_language: null,
      updated_at: expect.any(String),
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });
});

describe('POST /api/settings', () => {
  it('saves the pawnshop settings: BSP registration, notice days, the know-your-customer amount (pesos, kept as centavos)', async () => {
    const admin = await registerCompany(t.app, 'Pawn Settings Co');
    const res = await post(admin, { bsp_registration: '  BSP-PS-2024-0123 ', pawn_notice_days: 20, kyc_loan_threshold: '50,000.50' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bsp_registration: 'BSP-PS-2024-0123', pawn_notice_days: 20, kyc_loan_threshold: 50000.5 });
    const row = await t.db.selectFrom('settings').select('kyc_loan_threshold').where('company_id', '=', admin.companyId).executeTakeFirstOrThrow();
    expect(Number(row.kyc_loan_threshold)).toBe(5_000_050);
    const cleared = await post(admin, { bsp_registration: '', kyc_loan_threshold: null });
    expect(cleared.json()).toMatchObject({ bsp_registration: null, pawn_notice_days: 20, kyc_loan_threshold: null });
    for (const days of [0, 91, 2.5, 'x']) {
      const bad = await post(admin, { pawn_notice_days: days });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.pawn_notice_days).toBeDefined();
    }
    const bad = await post(admin, { kyc_loan_threshold: -1, bsp_registration: 'x'.repeat(121) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['bsp_registration', 'kyc_loan_threshold']);
    expect((await get(admin)).json()).toMatchObject({ bsp_registration: null, pawn_notice_days: 20, kyc_loan_threshold: null });
  });

  it('saves the lending business name and address the tickets print (decision 0220); empty clears them', async () => {
    const admin = await registerCompany(t.app, 'Pawnshop Name Co');
    expect((await get(admin)).json()).toMatchObject({ pawnshop_name: null, pawnshop_address: null });
    const res = await post(admin, { pawnshop_name: ' Santos Pawnshop ', pawnshop_address: 'Jaro, Iloilo City' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pawnshop_name: 'Santos Pawnshop', pawnshop_address: 'Jaro, Iloilo City', business_name: 'Pawnshop Name Co' });
    expect((await post(admin, { pawnshop_name: 'x'.repeat(121) })).json().errors.pawnshop_name).toBeDefined();
    expect((await post(admin, { pawnshop_name: '' })).json()).toMatchObject({ pawnshop_name: null, pawnshop_address: 'Jaro, Iloilo City' });
  });

  it('saves every field; the logo is stored as a file and served from its URL', async () => {
    const admin = await registerCompany(t.app, 'Save Co');
    const res = await post(admin, {
      site_name: 'Bayanihan Guidance',
      business_name: 'Bayanihan College',
      business_address: 'Iloilo City',
      site_logo: dataUrl(PNG_1PX),
      timezone: 'America/New_York',
      appointment_duration_minutes: 45,
      students_can_book: true,
    });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ site_name: 'Bayanihan Guidance', business_name: 'Bayanihan College', business_address: 'Iloilo City', timezone: 'America/New_York', appointment_duration_minutes: 45, students_can_book: true });
    expect(s.site_logo).toMatch(/^\/uploads\/[0-9a-f-]+\.png$/);
    const file = await t.app.inject({ method: 'GET', url: s.site_logo });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_1PX)).toBe(true);
    const company = await t.db.selectFrom('companies').select('timezone').where('id', '=', admin.companyId).executeTakeFirstOrThrow();
    expect(company.timezone).toBe('America/New_York');

    // Sending the current URL keeps the logo; a new one replaces it and removes the old file; null removes it.
    const kept = await post(admin, { site_logo: s.site_logo, site_name: 'Renamed' });
    expect(kept.json().site_logo).toBe(s.site_logo);
    const replaced = await post(admin, { site_logo: dataUrl(PNG_1PX) });
    expect(replaced.json().site_logo).not.toBe(s.site_logo);
    expect(fs.existsSync(path.join(t.config.uploadsDir, path.basename(s.site_logo)))).toBe(false);
    const removed = await post(admin, { site_logo: null });
    expect(removed.json().site_logo).toBeNull();
  });

  it('validates time zone, duration, logo and site name with field messages, changing nothing', async () => {
    const admin = await registerCompany(t.app, 'Validate Co');
    const tz = await post(admin, { timezone: 'Mars/Olympus_Mons' });
    expect(tz.statusCode).toBe(422);
    expect(tz.json().errors.timezone).toEqual(['Choose a valid time zone (for example Asia/Manila).']);
    for (const minutes of [10, 241, 'abc']) {
      const d = await post(admin, { appointment_duration_minutes: minutes });
      expect(d.statusCode).toBe(422);
      expect(d.json().errors).toHaveProperty('appointment_duration_minutes');
    }
    expect((await post(admin, { appointment_duration_minutes: 15 })).statusCode).toBe(200);
    expect((await post(admin, { appointment_duration_minutes: 240 })).statusCode).toBe(200);
    const text = await post(admin, { site_logo: dataUrl(Buffer.from('<html>not an image</html>'), 'image/png') });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.site_logo).toEqual(['Please select an image file']);
    const notData = await post(admin, { site_logo: 'https://evil.example/logo.png' });
    expect(notData.statusCode).toBe(422);
    const blankName = await post(admin, { site_name: '   ' });
    expect(blankName.statusCode).toBe(422);
    expect(blankName.json().errors.site_name).toEqual(['The site name field is required.']);
    const s = (await get(admin)).json();
    expect(s).toMatchObject({ site_name: 'Kalinga', timezone: 'Asia/Manila', appointment_duration_minutes: 240, site_logo: null });
  });

  it('reminder_hours_before: 0 to 168 whole hours (0 turns reminders off), a clear message otherwise', async () => {
    const admin = await registerCompany(t.app, 'Reminder Co');
    for (const bad of [-1, 169, 2.5, 'abc', '', null]) {
      const res = await post(admin, { reminder_hours_before: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors.reminder_hours_before[0]).toMatch(/^The reminder (time must be |hours before field is required)/);
    }
    expect((await get(admin)).json().reminder_hours_before).toBe(24);
    expect((await post(admin, { reminder_hours_before: 0 })).json().reminder_hours_before).toBe(0);
    expect((await post(admin, { reminder_hours_before: '168' })).json().reminder_hours_before).toBe(168);
    expect((await get(admin)).json().reminder_hours_before).toBe(168);
  });

  it('saves the next auction the notices name (decision 0194): a calendar date and a place, each cleared by empty', async () => {
    const admin = await registerCompany(t.app, 'Auction Settings Co');
    const other = await registerCompany(t.app, 'Auction Other Co');
    const res = await post(admin, { pawn_auction_date: '2027-03-15', pawn_auction_place: '  Santos Pawnshop, Jaro, Iloilo City ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pawn_auction_date: '2027-03-15', pawn_auction_place: 'Santos Pawnshop, Jaro, Iloilo City' });
    expect((await get(other)).json()).toMatchObject({ pawn_auction_date: null, pawn_auction_place: null });
    for (const date of ['2027-02-30', '15/03/2027', 20270315]) {
      const bad = await post(admin, { pawn_auction_date: date, pawn_auction_place: 'x'.repeat(201) });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['pawn_auction_date', 'pawn_auction_place']);
    }
    const viewer = await addUser(t.app, admin.companyId);
    expect((await post(viewer, { pawn_auction_date: '2027-04-01' })).statusCode).toBe(403);
    const cleared = await post(admin, { pawn_auction_date: '', pawn_auction_place: '' });
    expect(cleared.json()).toMatchObject({ pawn_auction_date: null, pawn_auction_place: null });
  });

  it('needs manage users; never reaches another company', async () => {
    const a = await registerCompany(t.app, 'Settings A');
    const b = await registerCompany(t.app, 'Settings B');
    const counselor = await addUser(t.app, a.companyId, { userType: 'counselor' });
    expect((await post(counselor, { site_name: 'Hacked' })).statusCode).toBe(403);
    await post(a, { site_name: 'Only A' });
    expect((await get(b)).json().site_name).toBe('Kalinga');
    const cross = await t.app.inject({ method: 'POST', url: '/api/settings', headers: { ...a.headers, 'x-company-id': String(b.companyId) }, payload: { site_name: 'X' } });
    expect(cross.statusCode).toBe(403);
  });
});
