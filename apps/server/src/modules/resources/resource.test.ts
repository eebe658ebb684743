import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, multipart, PNG_1PX, registerCompany, type TestApp } from '../../../test/harness';
import { MAX_IMAGE_BYTES } from '../../lib/images';

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let student: Actor;
let other: Actor;
let anxiety: { id: number; uuid: string };
let stress: { id: number; uuid: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Resource School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
  student = await addUser(t.app, admin.companyId, { userType: 'student' });
  other = await registerCompany(t.app, 'Other School');
  const cat = async (title: string) => (await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { title } })).json().data;
  anxiety = await cat('Anxiety');
  stress = await cat('Stress Management');
});
afterAll(async () => {
  await t.close();
});

/** The stored file of an image URL (a draft's URL carries a signature: upload-access.ts). */
function fileOf(url: string | null): string {
  expect(url).toMatch(/^\/uploads\/[0-9a-f-]+\.png(\?exp=\d+&sig=[\w-]+)?$/);
  return path.join(t.config.uploadsDir, url!.split('?')[0].replace('/uploads/', ''));
}

async function create(actor: Actor, fields: Record<string, string>, file?: Buffer) {
  const body = multipart(fields, file ? { field: 'image', filename: 'pic.png', content: file, type: 'image/png' } : undefined);
  return t.app.inject({ method: 'POST', url: '/api/resources', headers: { ...actor.headers, ...body.headers }, payload: body.payload });
}

describe('resources: create', () => {
  it('creates a published resource with categories and an image (multipart)', async () => {
    const res = await create(counselor, { title: 'Box Breathing', content: 'Breathe in for four counts.', categories: `${anxiety.id},${stress.id}`, is_published: '1' }, PNG_1PX);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ title: 'Box Breathing', content: 'Breathe in for four counts.', is_published: true, type: null });
    expect(data.categories).toEqual([
      { id: anxiety.id, title: 'Anxiety' },
      { id: stress.id, title: 'Stress Management' },
    ]);
    expect(fs.existsSync(fileOf(data.image_url))).toBe(true);
  });

  it('creates a draft without an image; is_published accepts true/false and defaults to draft', async () => {
    const a = (await create(counselor, { title: 'Draft A', content: 'x', categories: String(anxiety.id), is_published: 'false' })).json().data;
    const b = (await create(counselor, { title: 'Draft B', content: 'y', categories: '' })).json().data;
    const c = (await create(counselor, { title: 'Published C', content: 'z', is_published: 'true' })).json().data;
    expect([a.is_published, b.is_published, c.is_published]).toEqual([false, false, true]);
    expect(b.categories).toEqual([]);
    expect(a.image_url).toBeNull();
  });

  it('validates title, content and categories (422)', async () => {
    const res = await create(counselor, { title: '', content: '' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['content', 'title']);
    const bad = await create(counselor, { title: 'T', content: 'C', categories: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.categories).toEqual(['The selected categories are invalid.']);
  });

  it("refuses another company's category id (422)", async () => {
    const theirs = (await t.app.inject({ method: 'POST', url: '/api/categories', headers: other.headers, payload: { title: 'Theirs' } })).json().data;
    const res = await create(counselor, { title: 'T', content: 'C', categories: `${anxiety.id},${theirs.id}` });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.categories).toEqual(['The selected categories are invalid.']);
  });

  it('refuses a text file named .png (422) and 2 MB + 1 byte (413)', async () => {
    const fake = multipart({ title: 'T', content: 'C' }, { field: 'image', filename: 'notes.png', content: Buffer.from('hello, I am text'), type: 'image/png' });
    const r1 = await t.app.inject({ method: 'POST', url: '/api/resources', headers: { ...counselor.headers, ...fake.headers }, payload: fake.payload });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors.image).toEqual(['Please select an image file']);
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(MAX_IMAGE_BYTES + 1 - PNG_1PX.length)]);
    expect((await create(counselor, { title: 'T', content: 'C' }, big)).statusCode).toBe(413);
  });

  it('a student cannot create (403)', async () => {
    expect((await create(student, { title: 'T', content: 'C' })).statusCode).toBe(403);
  });
});

describe('resources: list, filters, drafts', () => {
  let actor: Actor;
  let reader: Actor;
  let cats: { id: number; uuid: string }[];
  beforeAll(async () => {
    actor = await registerCompany(t.app, 'Filter School');
    reader = await addUser(t.app, actor.companyId, { userType: 'student' });
    cats = [];
    for (const title of ['Sleep', 'Study']) cats.push((await t.app.inject({ method: 'POST', url: '/api/categories', headers: actor.headers, payload: { title } })).json().data);
    // 25 resources: odd ones published; every fifth about SLEEP (in the title) and in category Sleep; the rest in Study.
    for (let i = 1; i <= 25; i++) {
      const aboutSleep = i % 5 === 0;
      const res = await create(actor, {
        title: aboutSleep ? `Better SLEEP ${i}` : `Study tip ${i}`,
        content: aboutSleep ? 'Wind down before bed.' : `Plan your week, part ${i}.`,
        categories: String(aboutSleep ? cats[0].id : cats[1].id),
        is_published: i % 2 === 1 ? '1' : '0',
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it('managers see drafts, students see published only, with matching meta', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/resources', headers: actor.headers })).json();
    expect(all.meta).toEqual({ current_page: 1, last_page: 3, per_page: 10, total: 25, from: 1, to: 10 });
    expect(all.data[0].title).toBe('Better SLEEP 25');
    const pub = (await t.app.inject({ method: 'GET', url: '/api/resources', headers: reader.headers })).json();
    expect(pub.meta).toMatchObject({ total: 13, last_page: 2 });
    expect(pub.data.every((r: { is_published: boolean }) => r.is_published)).toBe(true);
  });

  it('searches title and content case-insensitively', async () => {
    const s = (await t.app.inject({ method: 'GET', url: '/api/resources?search=sleep', headers: actor.headers })).json();
    expect(s.meta.total).toBe(5);
    const c = (await t.app.inject({ method: 'GET', url: '/api/resources?search=WIND%20DOWN', headers: actor.headers })).json();
    expect(c.meta.total).toBe(5);
  });

  it('filters by category (id or uuid) and combines filters with pagination', async () => {
    const byId = (await t.app.inject({ method: 'GET', url: `/api/resources?category=${cats[1].id}&per_page=7&page=3`, headers: actor.headers })).json();
    expect(byId.meta).toEqual({ current_page: 3, last_page: 3, per_page: 7, total: 20, from: 15, to: 20 });
    expect(byId.data).toHaveLength(6);
    const byUuid = (await t.app.inject({ method: 'GET', url: `/api/resources?category=${cats[0].uuid}`, headers: actor.headers })).json();
    expect(byUuid.meta.total).toBe(5);
    const combined = (await t.app.inject({ method: 'GET', url: `/api/resources?category=${cats[1].id}&search=part%201&per_page=2`, headers: reader.headers })).json();
    // Published (odd) Study resources whose content contains "part 1": 1, 11, 13, 17, 19.
    const expected = [1, 11, 13, 17, 19];
    expect(combined.meta).toMatchObject({ total: expected.length, per_page: 2, last_page: Math.ceil(expected.length / 2) });
    const unknown = (await t.app.inject({ method: 'GET', url: '/api/resources?category=999999', headers: actor.headers })).json();
    expect(unknown.meta.total).toBe(0);
  });

  it('a student cannot open a draft (404) but can open a published one', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/resources?per_page=2', headers: actor.headers })).json().data;
    const draft = all.find((r: { is_published: boolean }) => !r.is_published);
    const pub = all.find((r: { is_published: boolean }) => r.is_published);
    expect((await t.app.inject({ method: 'GET', url: `/api/resources/${draft.uuid}`, headers: reader.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/resources/${pub.uuid}`, headers: reader.headers })).json().data.content).toBe(pub.content);
  });
});

describe('resources: update and delete', () => {
  it('publishing a draft with _method=PUT shows it to students', async () => {
    const draft = (await create(counselor, { title: 'Hidden guide', content: 'Soon', categories: String(anxiety.id), is_published: '0' })).json().data;
    const seen = async () => (await t.app.inject({ method: 'GET', url: '/api/resources?search=hidden%20guide', headers: student.headers })).json().meta.total;
    expect(await seen()).toBe(0);
    const body = multipart({ _method: 'PUT', title: 'Hidden guide', content: 'Now out', categories: `${stress.id}`, is_published: '1' });
    const res = await t.app.inject({ method: 'POST', url: `/api/resources/${draft.uuid}`, headers: { ...counselor.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ content: 'Now out', is_published: true, categories: [{ id: stress.id, title: 'Stress Management' }] });
    expect(await seen()).toBe(1);
  });

  it('replacing the image removes the old file; delete removes the file', async () => {
    const r = (await create(counselor, { title: 'With image', content: 'c' }, PNG_1PX)).json().data;
    const oldFile = fileOf(r.image_url);
    const body = multipart({ _method: 'PUT' }, { field: 'image', filename: 'b.png', content: PNG_1PX, type: 'image/png' });
    const updated = (await t.app.inject({ method: 'POST', url: `/api/resources/${r.uuid}`, headers: { ...counselor.headers, ...body.headers }, payload: body.payload })).json().data;
    expect(updated.title).toBe('With image');
    const newFile = fileOf(updated.image_url);
    expect(fs.existsSync(oldFile)).toBe(false);
    expect(fs.existsSync(newFile)).toBe(true);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/resources/${r.uuid}`, headers: counselor.headers });
    expect(del.statusCode).toBe(200);
    expect(fs.existsSync(newFile)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/resources/${r.uuid}`, headers: counselor.headers })).statusCode).toBe(404);
  });

  it('bad update input is 422 and changes nothing; a student cannot update or delete (403)', async () => {
    const r = (await create(counselor, { title: 'Stable', content: 'c', is_published: '1' })).json().data;
    const bad = await t.app.inject({ method: 'PUT', url: `/api/resources/${r.uuid}`, headers: counselor.headers, payload: { title: '', is_published: 'maybe' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['is_published', 'title']);
    expect((await t.app.inject({ method: 'PUT', url: `/api/resources/${r.uuid}`, headers: student.headers, payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/resources/${r.uuid}`, headers: student.headers })).statusCode).toBe(403);
    const after = (await t.app.inject({ method: 'GET', url: `/api/resources/${r.uuid}`, headers: counselor.headers })).json().data;
    expect(after.title).toBe('Stable');
  });

  it("another company's resource is invisible (404) and untouchable", async () => {
    const r = (await create(counselor, { title: 'Ours', content: 'c', is_published: '1' }, PNG_1PX)).json().data;
    for (const key of [r.uuid, String(r.id)]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/resources/${key}`, headers: other.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'PUT', url: `/api/resources/${key}`, headers: other.headers, payload: { title: 'Theirs' } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/resources/${key}`, headers: other.headers })).statusCode).toBe(404);
    }
    const theirList = (await t.app.inject({ method: 'GET', url: '/api/resources?search=ours', headers: other.headers })).json();
    expect(theirList.meta.total).toBe(0);
    const ours = (await t.app.inject({ method: 'GET', url: `/api/resources/${r.uuid}`, headers: counselor.headers })).json().data;
    expect(ours.title).toBe('Ours');
    expect(fs.existsSync(fileOf(ours.image_url))).toBe(true);
    // Filtering by our category from the other company finds nothing either.
    const cross = (await t.app.inject({ method: 'GET', url: `/api/resources?category=${anxiety.id}`, headers: other.headers })).json();
    expect(cross.meta.total).toBe(0);
  });
});
