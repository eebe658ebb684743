import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { localizeReply, localizeText, requestLanguage, t as translate } from '../../lib/i18n';
import { en } from '../../i18n/en';
import { fil } from '../../i18n/fil';
import { CORRECTION_RULE } from '@kalinga/contracts/client-file';

// Languages (decisions 0246, 0247): each user's own language, the site's default, and the server's messages in
// the language the request asks for.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let address = 0;
const FIL = { 'accept-language': 'fil' };

describe('validation messages in the language of the request', () => {
  it('refuses a sign-in with a malformed email in Filipino when asked in Filipino, in English otherwise', async () => {
    const payload = { email: 'not-an-email', password: 'x' };
    const filipino = await t.app.inject({ method: 'POST', url: '/api/login', headers: FIL, payload, remoteAddress: `10.77.0.${++address}` });
    expect(filipino.statusCode).toBe(422);
    expect(filipino.json()).toEqual({ message: fil['auth.emailInvalid'], errors: { email: [fil['auth.emailInvalid']] } });
    const english = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'accept-language': 'en-PH,en;q=0.9' }, payload, remoteAddress: `10.77.0.${++address}` });
    expect(english.json()).toEqual({ message: en['auth.emailInvalid'], errors: { email: [en['auth.emailInvalid']] } });
  });

  it('says wrong credentials and a missing field in Filipino', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', headers: FIL, payload: { email: 'nobody@example.test', password: 'wrong-password' }, remoteAddress: `10.77.0.${++address}` });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.email).toEqual(['Hindi tugma ang email at password na ito sa aming talaan.']);
    const missing = await t.app.inject({ method: 'POST', url: '/api/login', headers: FIL, payload: { email: 'nobody@example.test' }, remoteAddress: `10.77.0.${++address}` });
    expect(missing.json().errors.password).toEqual([fil['auth.passwordRequired']]);
  });

  it('refuses a registration field by field in Filipino: short password, confirmation, taken email', async () => {
    const short = await t.app.inject({
      method: 'POST', url: '/api/register', headers: FIL, remoteAddress: `10.77.1.${++address}`,
      payload: { name: 'Nora', email: 'nora@example.test', password: 'short', password_confirmation: 'other' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual([fil['auth.passwordMin']]);
    const admin = await registerCompany(t.app, 'Wika School');
    const taken = await t.app.inject({
      method: 'POST', url: '/api/register', headers: FIL, remoteAddress: `10.77.1.${++address}`,
      payload: { name: 'Nora', email: admin.user.email, password: 'a-long-passphrase-9', password_confirmation: 'a-long-passphrase-9' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['May gumagamit na ng email na ito.']);
  });
});

describe('the user\'s language (PUT /api/auth/profile)', () => {
  it('saves Filipino, shows it on /api/me, and clears it back to none', async () => {
    const admin = await registerCompany(t.app, 'Wika Profile School');
    const student = await addUser(t.app, admin.companyId);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: student.headers })).json().user.language).toBeNull();
    const saved = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: student.headers, payload: { name: student.user.name, language: 'fil' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.language).toBe('fil');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: student.headers })).json().user.language).toBe('fil');
    // Only the name sent: the language stays.
    await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: student.headers, payload: { name: 'Renamed' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: student.headers })).json().user.language).toBe('fil');
    const cleared = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: student.headers, payload: { name: 'Renamed', language: null } });
    expect(cleared.json().user.language).toBeNull();
  });

  it('refuses a language it does not speak (422) and changes only the caller\'s own profile', async () => {
    const admin = await registerCompany(t.app, 'Wika Other School');
    const student = await addUser(t.app, admin.companyId);
    const refused = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: student.headers, payload: { name: 'S', language: 'es' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.language).toEqual(['Choose Filipino or English.']);
    await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: student.headers, payload: { name: 'S', language: 'fil' } });
    const adminRow = await t.app.db.selectFrom('users').select('language').where('id', '=', admin.user.id).executeTakeFirstOrThrow();
    expect(adminRow.language).toBeNull();
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { name: 'S', language: 'fil' } })).statusCode).toBe(401);
  });
});

describe('the site\'s default language (Site Settings)', () => {
  it('an administrator sets it; a member reads it; a bad value is 422, a non-administrator 403, another company unchanged', async () => {
    const admin = await registerCompany(t.app, 'Wika Site School');
    const other = await registerCompany(t.app, 'Wika Elsewhere School');
    const student = await addUser(t.app, admin.companyId);
    const set = await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { default_language: 'fil' } });
    expect(set.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: student.headers })).json().default_language).toBe('fil');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: other.headers })).json().default_language).toBeNull();
    const bad = await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { default_language: 'tl' } });
    expect(bad.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: '/api/settings', headers: student.headers, payload: { default_language: 'en' } })).statusCode).toBe(403);
    // The administrator of one company cannot set another's: the company header names their own, or is refused.
    const across = await t.app.inject({ method: 'POST', url: '/api/settings', headers: { ...admin.headers, 'x-company-id': String(other.companyId) }, payload: { default_language: 'fil' } });
    expect(across.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: other.headers })).json().default_language).toBeNull();
  });
});

describe('the server catalogs', () => {
  it('hold the same keys in both languages, and every English text round-trips through localizeText', () => {
    expect(Object.keys(fil).sort()).toEqual(Object.keys(en).sort());
    expect(localizeText('fil', en['auth.emailTaken'])).toBe(fil['auth.emailTaken']);
    // The contracts' texts are the catalog's English: a change to one without the other fails here.
    expect(localizeText('fil', CORRECTION_RULE)).toBe(fil['record.correctionRule']);
    expect(localizeText('fil', 'Too many sign-in attempts. Please try again in 42 seconds.')).toBe('Masyadong maraming pagsubok mag-sign in. Subukan ulit pagkalipas ng 42 segundo.');
    expect(localizeText('fil', 'A text the catalog does not hold.')).toBe('A text the catalog does not hold.');
    expect(localizeReply('en', { message: en['auth.emailTaken'] })).toEqual({ message: en['auth.emailTaken'] });
  });

  it('read the request language from Accept-Language, English when it names neither', () => {
    expect(requestLanguage('fil')).toBe('fil');
    expect(requestLanguage('tl-PH,en;q=0.5')).toBe('fil');
    expect(requestLanguage('es-ES,de')).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
  });

  it('format ICU select and plurals per language', () => {
    expect(translate('fil', 'email.confirmed.line', { self: 'yes', by: '', when: 'Lunes' })).toBe('Kinumpirma mo ang appointment sa Lunes.');
    expect(translate('en', 'email.confirmed.line', { self: 'no', by: 'Ana', when: 'Monday' })).toBe('Ana confirmed the appointment on Monday.');
  });
});
