import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, multipart, PNG_1PX, registerCompany, type TestApp } from '../../../test/harness';
import { MAX_IMAGE_BYTES } from '../../lib/images';
import { appointmentRow } from '../../../test/appointment-rows';

let t: TestApp;
let admin: Actor;
let student: Actor;
let other: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Library School');
  student = await addUser(t.app, admin.companyId, { userType: 'student' });
  other = await registerCompany(t.app, 'Other School');
});
afterAll(async () => {
  await t.close();
});

function fileOf(url: string | null): string {
  expect(url).toMatch(/^\/uploads\/[0-9a-f-]+\.png$/);
  return path.join(t.config.uploadsDir, url!.replace('/uploads/', ''));
}

async function create(actor: Actor, fields: Record<string, string>, file?: Buffer) {
  const body = multipart(fields, file ? { field: 'image', filename: 'pic.png', content: file, type: 'image/png' } : undefined);
  return t.app.inject({ method: 'POST', url: '/api/categories', headers: { ...actor.headers, ...body.headers }, payload: body.payload });
}

describe('categories: create', () => {
  it('creates without an image, with the lending defaults', async () => {
    const res = await create(admin, { title: 'Anxiety', description: 'Worry and panic' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      title: 'Anxiety',
      description: 'Worry and panic',
      image_path: null,
      name: 'Anxiety',
      interest_rate: 0,
      penalty_rate: 0,
      loan_period: 1,
      loan_period_type: 'month',
      loan_period_expiry: 0,
      is_renewable: true,
      resources_count: 0,
    });
    expect(data.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('creates with an image that is then served', async () => {
    const res = await create(admin, { title: 'Stress Management' }, PNG_1PX);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(fs.existsSync(fileOf(data.image_path))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: data.image_path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts a JSON body (the offline queue), and a replayed uuid creates one category', async () => {
    const uuid = '5b0a4c36-3f0e-4d7c-9a55-0f0f2b7e1a01';
    const first = await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { uuid, kind: 'lending', title: 'Queued', is_renewable: false, loan_period: 3 } });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ uuid, title: 'Queued', is_renewable: false, loan_period: 3 });
    const again = await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { uuid, title: 'Queued' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const taken = await t.app.inject({ method: 'POST', url: '/api/categories', headers: other.headers, payload: { uuid, title: 'Queued' } });
    expect(taken.statusCode).toBe(422);
  });

  it('a uuid replayed ten times at once creates one category; the others return it', async () => {
    const uuid = '5b0a4c36-3f0e-4d7c-9a55-0f0f2b7e1a02';
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { uuid, title: 'Raced' } })),
    );
    expect(replies.map((r) => `${r.statusCode} ${r.statusCode >= 300 ? r.body : ''}`).sort()).toEqual([...Array(9).fill('200 '), '201 ']);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
  });

  it('requires a title (422 with the field)', async () => {
    const res = await create(admin, { title: '   ', description: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.title).toEqual(['The title field is required.']);
    const json = await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { description: 'no title' } });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.title).toEqual(['The title field is required.']);
  });

  it('refuses a text file named .png (422) and keeps no file', async () => {
    const before = fs.readdirSync(t.config.uploadsDir).length;
    const body = multipart({ title: 'Fake' }, { field: 'image', filename: 'evil.png', content: Buffer.from('just some text, not an image'), type: 'image/png' });
    const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { ...admin.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.image).toEqual(['Please select an image file']);
    expect(fs.readdirSync(t.config.uploadsDir).length).toBe(before);
    // In Filipino to a Filipino request (decision 0382).
    const again = multipart({ title: 'Fake' }, { field: 'image', filename: 'evil.png', content: Buffer.from('just some text, not an image'), type: 'image/png' });
    const inFilipino = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { ...admin.headers, ...again.headers, 'accept-language': 'fil' }, payload: again.payload });
    expect(inFilipino.json().errors.image).toEqual(['Pumili ng file ng larawan']);
  });

  it('refuses an image of 2 MB + 1 byte (413)', async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(MAX_IMAGE_BYTES + 1 - PNG_1PX.length)]);
    const res = await create(admin, { title: 'Too big' }, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image may not be greater than 2 MB.');
    const body = multipart({ title: 'Too big' }, { field: 'image', filename: 'pic.png', content: big, type: 'image/png' });
    const inFilipino = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { ...admin.headers, ...body.headers, 'accept-language': 'fil' }, payload: body.payload });
    expect(inFilipino.json().message).toBe('Hanggang 2 MB lang ang larawan.');
  });

  it('a student cannot create (403)', async () => {
    const res = await create(student, { title: 'Nope' });
    expect(res.statusCode).toBe(403);
  });
});

describe('categories: list and search', () => {
  let actor: Actor;
  beforeAll(async () => {
    actor = await registerCompany(t.app, 'Paging School');
    // 23 categories; every third mentions "Grief" somewhere (title or description, mixed case).
    for (let i = 1; i <= 23; i++) {
      const fields: Record<string, string> = i % 3 === 0 ? (i % 2 === 0 ? { title: `GRIEF group ${i}` } : { title: `Topic ${i}`, description: 'Coping with grief and loss' }) : { title: `Topic ${i}` };
      const res = await create(actor, fields);
      expect(res.statusCode).toBe(201);
    }
  });

  it('pages newest first with the spec meta', async () => {
    const p1 = await t.app.inject({ method: 'GET', url: '/api/categories', headers: actor.headers });
    expect(p1.statusCode).toBe(200);
    const b1 = p1.json();
    expect(b1.meta).toEqual({ current_page: 1, last_page: 3, per_page: 10, total: 23, from: 1, to: 10 });
    expect(b1.data[0].title).toBe('Topic 23');
    const p3 = (await t.app.inject({ method: 'GET', url: '/api/categories?page=3', headers: actor.headers })).json();
    expect(p3.meta).toEqual({ current_page: 3, last_page: 3, per_page: 10, total: 23, from: 21, to: 23 });
    expect(p3.data.map((c: { title: string }) => c.title)).toEqual(['Topic 3', 'Topic 2', 'Topic 1']);
    const per5 = (await t.app.inject({ method: 'GET', url: '/api/categories?per_page=5&page=2', headers: actor.headers })).json();
    expect(per5.meta).toMatchObject({ last_page: 5, from: 6, to: 10 });
  });

  it('searches title and description case-insensitively, with correct meta', async () => {
    const res = (await t.app.inject({ method: 'GET', url: '/api/categories?search=gRiEf&per_page=5', headers: actor.headers })).json();
    expect(res.meta).toEqual({ current_page: 1, last_page: 2, per_page: 5, total: 7, from: 1, to: 5 });
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/categories?search=grief&per_page=5&page=2', headers: actor.headers })).json();
    expect(page2.data).toHaveLength(2);
    const none = (await t.app.inject({ method: 'GET', url: '/api/categories?search=100%25', headers: actor.headers })).json();
    expect(none.meta).toMatchObject({ total: 0, from: null, to: null, last_page: 1 });
  });

  it('rejects a bad page (422) and lets a student read', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/categories?page=0', headers: actor.headers })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/categories', headers: student.headers })).statusCode).toBe(200);
  });

  it('finds one by id or uuid', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/categories?per_page=1', headers: actor.headers })).json().data[0];
    const byId = await t.app.inject({ method: 'GET', url: `/api/categories/${first.id}`, headers: actor.headers });
    const byUuid = await t.app.inject({ method: 'GET', url: `/api/categories/${first.uuid}`, headers: actor.headers });
    expect(byId.json().data).toEqual(first);
    expect(byUuid.json().data).toEqual(first);
  });
});

describe('categories: update', () => {
  it('updates with POST + _method=PUT, replacing the image and removing the old file', async () => {
    const created = (await create(admin, { title: 'Relationships', description: 'old' }, PNG_1PX)).json().data;
    const oldFile = fileOf(created.image_path);
    const body = multipart({ _method: 'PUT', title: 'Relationships and Family', description: '' }, { field: 'image', filename: 'new.png', content: PNG_1PX, type: 'image/png' });
    const res = await t.app.inject({ method: 'POST', url: `/api/categories/${created.uuid}`, headers: { ...admin.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id: created.id, title: 'Relationships and Family', description: null });
    expect(data.image_path).not.toBe(created.image_path);
    expect(fs.existsSync(fileOf(data.image_path))).toBe(true);
    expect(fs.existsSync(oldFile)).toBe(false);
  });

  it('keeps the image when none is sent, and a plain PUT with JSON works', async () => {
    const created = (await create(admin, { title: 'Career Guidance' }, PNG_1PX)).json().data;
    const res = await t.app.inject({ method: 'PUT', url: `/api/categories/${created.uuid}`, headers: admin.headers, payload: { description: 'Choosing a path' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Career Guidance', description: 'Choosing a path', image_path: created.image_path });
  });

  it('refuses a POST without _method (405) and a blank title (422)', async () => {
    const created = (await create(admin, { title: 'Keep me' })).json().data;
    const noMethod = multipart({ title: 'Changed' });
    const r1 = await t.app.inject({ method: 'POST', url: `/api/categories/${created.uuid}`, headers: { ...admin.headers, ...noMethod.headers }, payload: noMethod.payload });
    expect(r1.statusCode).toBe(405);
    const blank = multipart({ _method: 'PUT', title: '' });
    const r2 = await t.app.inject({ method: 'POST', url: `/api/categories/${created.uuid}`, headers: { ...admin.headers, ...blank.headers }, payload: blank.payload });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors.title).toBeDefined();
    const after = (await t.app.inject({ method: 'GET', url: `/api/categories/${created.uuid}`, headers: admin.headers })).json().data;
    expect(after.title).toBe('Keep me');
  });

  it('a student cannot update (403)', async () => {
    const created = (await create(admin, { title: 'Locked' })).json().data;
    const res = await t.app.inject({ method: 'PUT', url: `/api/categories/${created.uuid}`, headers: student.headers, payload: { title: 'Hacked' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('categories: delete', () => {
  it('deletes, removes the file, and detaches it from resources', async () => {
    const created = (await create(admin, { title: 'Grief and Loss' }, PNG_1PX)).json().data;
    const file = fileOf(created.image_path);
    const resource = await t.app.inject({ method: 'POST', url: '/api/resources', headers: admin.headers, payload: { title: 'Coping', content: 'Text', categories: String(created.id), is_published: 1 } });
    expect(resource.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/categories/${created.uuid}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/categories/${created.uuid}`, headers: admin.headers })).statusCode).toBe(404);
    const after = (await t.app.inject({ method: 'GET', url: `/api/resources/${resource.json().data.uuid}`, headers: admin.headers })).json().data;
    expect(after.categories).toEqual([]);
  });

  it('refuses (409) while an appointment uses the category', async () => {
    const created = (await create(admin, { title: 'Academic Concerns' })).json().data;
    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    await t.db
      .insertInto('appointments')
      .values(appointmentRow({ company_id: admin.companyId, counselor_id: counselor.user.id, client_id: student.user.id, category_id: created.id, appointment_date: new Date().toISOString(), reason: 'Exams' }))
      .execute();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/categories/${created.uuid}`, headers: admin.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This category cannot be deleted because appointments use it.');
    expect((await t.app.inject({ method: 'GET', url: `/api/categories/${created.uuid}`, headers: admin.headers })).statusCode).toBe(200);
  });

  it('a student cannot delete (403)', async () => {
    const created = (await create(admin, { title: 'Stay' })).json().data;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${created.uuid}`, headers: student.headers })).statusCode).toBe(403);
  });
});

describe('categories: tenancy', () => {
  it("another company's category is invisible (404) and untouchable", async () => {
    const mine = (await create(admin, { title: 'Private' }, PNG_1PX)).json().data;
    for (const key of [mine.uuid, String(mine.id)]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/categories/${key}`, headers: other.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'PUT', url: `/api/categories/${key}`, headers: other.headers, payload: { title: 'Taken' } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${key}`, headers: other.headers })).statusCode).toBe(404);
    }
    const list = (await t.app.inject({ method: 'GET', url: '/api/categories?per_page=100', headers: other.headers })).json();
    expect(list.data.map((c: { id: number }) => c.id)).not.toContain(mine.id);
    const still = (await t.app.inject({ method: 'GET', url: `/api/categories/${mine.uuid}`, headers: admin.headers })).json().data;
    expect(still).toMatchObject({ title: 'Private', image_path: mine.image_path });
    expect(fs.existsSync(fileOf(mine.image_path))).toBe(true);
  });

  it('needs sign-in (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(401);
  });
});
