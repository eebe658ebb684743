import { randomUUID } from 'node:crypto';
import type { ClientFile } from '@kalinga/contracts/client-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../../test/harness';
import { dapNote, makeWorld, type NotesWorld } from '../../../test/case-notes/case-notes-helpers';
import { pdfText } from '../../../test/groups/group-note-helpers';
import { addCategory } from '../../../test/schedule/schedule-helpers';
import { call } from '../../../test/screening/screening-helpers';

// The client file's details and its disclosure PDF in the reader's language (decision 0318): a note's section labels
// (DAP and SOAP keep the clinical standard's names; free text is "Malayang teksto"), the waitlist's status word and
// dates, the PDF's headings, entry kinds and dates. What people wrote stays as written.

let t: TestApp;
let w: NotesWorld;
const inLanguage = (actor: Actor, url: string, language: 'en' | 'fil') => t.app.inject({ method: 'GET', url, headers: { ...actor.headers, 'accept-language': language } });

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  const note = await call(t.app, w.counselor, 'POST', `/api/clients/${w.client.user.id}/case-notes`, dapNote(w.session, { template: 'free', sections: { text: 'Nakatulog nang maayos ngayong linggo.' } }));
  expect(note.statusCode, note.body).toBe(201);
  expect((await call(t.app, w.counselor, 'POST', `/api/case-notes/${note.json().data.uuid}/sign`)).statusCode).toBe(200);
  const category = await addCategory(t.app, w.admin.companyId);
  await t.db
    .insertInto('waitlist_entries')
    .values({ uuid: randomUUID(), company_id: w.admin.companyId, client_id: w.client.user.id, counselor_id: null, from_date: '2026-12-01', to_date: '2026-12-05', days: '1,2,3,4,5', time_from: '09:00', time_to: '12:00', reason: 'Stress', category_id: category, location_type: 'online', location: null, status: 'waiting', appointment_id: null, created_at: new Date().toISOString(), closed_at: null })
    .execute();
});
afterAll(() => t.close());

describe("the client file's details in the reader's language", () => {
  it('labels a free-text note and says the waitlist status in Filipino; English as before', async () => {
    const read = async (language: 'en' | 'fil') => {
      const res = await inLanguage(w.counselor, `/api/clients/${w.client.user.id}/file`, language);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as ClientFile).timeline;
    };
    const [english, filipino] = [await read('en'), await read('fil')];
    const item = (timeline: ClientFile['timeline'], type: string) => timeline.find((i) => i.type === type);
    expect(item(english, 'note')?.detail).toBe('Note: Nakatulog nang maayos ngayong linggo.');
    expect(item(filipino, 'note')?.detail).toBe('Malayang teksto: Nakatulog nang maayos ngayong linggo.');
    expect(item(english, 'waitlist')).toMatchObject({ title: 'Joined the waitlist: waiting', detail: '2026-12-01 to 2026-12-05, 09:00–12:00' });
    expect(item(filipino, 'waitlist')).toMatchObject({ title: 'Sumali sa waitlist: naghihintay', detail: '2026-12-01 hanggang 2026-12-05, 09:00–12:00' });
  });

  it("writes the disclosure PDF's headings, entry kinds and dates in the requester's language", async () => {
    const url = `/api/clients/${w.client.user.id}/disclosure?from=2020-01-01&to=2030-12-31`;
    const english = await inLanguage(w.counselor, url, 'en');
    expect(english.statusCode).toBe(200);
    const en = pdfText(english.rawPayload);
    expect(en).toContain('Client file: Sam Student');
    expect(en).toContain('Confidential: disclosed for a referral.');
    expect(en).toMatch(/\d+ entries/);
    expect(en).toContain('Waitlist');
    const filipino = await inLanguage(w.counselor, url, 'fil');
    expect(filipino.statusCode).toBe(200);
    const fil = pdfText(filipino.rawPayload);
    expect(fil).toContain('File ng kliyente: Sam Student');
    expect(fil).toContain('Kumpidensyal: ibinigay para sa isang referral.');
    expect(fil).toContain('Mula 2020-01-01 hanggang 2030-12-31. Ginawa ni Dana Cruz noong');
    expect(fil).toMatch(/\n\d+ entry\n/);
    expect(fil).toContain('Mga Note');
    expect(fil).toContain('Mga Note\nSession note ng');
    expect(fil).toContain('Malayang teksto: Nakatulog');
    expect(fil).toContain('Pahina 1 ng 1');
    expect(fil).toContain('Sumali sa waitlist: naghihintay');
    expect(fil).not.toContain('Confidential');
    expect(fil).not.toContain('Client file');
  });

  it("writes the client's own record PDF in the client's language", async () => {
    const english = pdfText((await inLanguage(w.client, '/api/me/record?format=pdf', 'en')).rawPayload);
    expect(english).toContain('Your record at Notes Centre');
    expect(english).toMatch(/with Dana Cruz: Completed, online\. Reason: /);
    expect(english).toContain('Page 1 of 1');
    const res = await inLanguage(w.client, '/api/me/record?format=pdf', 'fil');
    expect(res.statusCode).toBe(200);
    const fil = pdfText(res.rawPayload);
    expect(fil).toContain('Ang record mo sa Notes Centre');
    expect(fil).toContain('Mga Appointment');
    expect(fil).toMatch(/kay Dana Cruz: tapos na, online\. Dahilan: /);
    expect(fil).toContain('Ang mga hiling mong pagtatama');
    expect(fil).toContain('Pahina 1 ng 1');
    expect(fil).not.toContain('Your record');
  });
});
