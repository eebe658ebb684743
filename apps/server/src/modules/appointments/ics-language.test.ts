// The calendar file a user downloads is in their language (decision 0258): their own choice, else the language the
// request asks for (the web app sends the one in use), else English, as lib/ics.ts writes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { book, type Centre, makeCentre } from '../../../test/notifications/centre-helpers';

let t: TestApp;
let c: Centre;
let uuid: string;
beforeAll(async () => {
  t = await createTestApp();
  c = await makeCentre(t, 'Paaralang Kalendaryo');
  uuid = (await book(t, c)).uuid;
});
afterAll(() => t.close());

const download = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/appointments/${uuid}/ics`, headers: { ...c.client.headers, ...headers } });
const unfolded = (body: string) => body.replace(/\r\n /g, '');

describe('a downloaded calendar file', () => {
  it('is in English without a choice or a language asked for', async () => {
    await t.db.updateTable('users').set({ language: null }).where('id', '=', c.client.user.id).execute();
    const res = await download({});
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('SUMMARY:Counselling appointment\r\n');
    expect(unfolded(res.body)).toContain('Counselor: ');
  });

  it('follows the language the request asks for when the user chose none', async () => {
    const res = await download({ 'accept-language': 'fil-PH,fil;q=0.9' });
    expect(res.body).toContain('SUMMARY:Appointment sa counseling\r\n');
    expect(unfolded(res.body)).toMatch(/Status: (naghihintay|kumpirmado)/);
    expect(unfolded(res.body)).toContain('Detalye: ');
  });

  it("is in the user's own language whatever the request asks for", async () => {
    await t.db.updateTable('users').set({ language: 'fil' }).where('id', '=', c.client.user.id).execute();
    expect((await download({ 'accept-language': 'en-US' })).body).toContain('SUMMARY:Appointment sa counseling\r\n');
    await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', c.client.user.id).execute();
    expect((await download({ 'accept-language': 'fil' })).body).toContain('SUMMARY:Counselling appointment\r\n');
  });
});
