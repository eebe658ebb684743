import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { demoHeaders, seededDemo } from '../../test/seed/demo';
import { seedCaseNotes } from './seed-case-notes';
import type { DemoContext } from './seed-foundation';

// The demo case notes (decision 0208): readable through the app as the demo counselors sign in.

let t: TestApp;
let ctx: DemoContext;
beforeAll(async () => {
  ({ t, ctx } = await seededDemo([seedCaseNotes]));
}, 120_000);
afterAll(() => t.close());

const signIn = (email: string) => demoHeaders(t, ctx, email, '10.77.0.1');

describe('case-note demo data', () => {
  it('has signed notes, a draft, and a trainee note waiting in counselor@’s Notes to review', async () => {
    const rows = await t.db.selectFrom('case_notes').select(['status', 'author_id', 'client_id', 'late_entry']).execute();
    expect(rows.filter((r) => r.status === 'signed')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'draft')).toHaveLength(1);
    expect(rows.filter((r) => r.late_entry === 1)).toHaveLength(1);
    expect(ctx.logins.map((l) => l.email)).toContain('trainee@demo.kalinga.test');

    const headers = await signIn('counselor@demo.kalinga.test');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers });
    expect((me.json() as { user: { supervises: boolean } }).user.supervises).toBe(true);
    const queue = await t.app.inject({ method: 'GET', url: '/api/case-notes/review-queue', headers });
    const items = (queue.json() as { data: { uuid: string; author: { name: string } }[] }).data;
    expect(items).toHaveLength(1);
    expect(items[0].author.name).toBe('Lea Manalo');
    const one = await t.app.inject({ method: 'GET', url: `/api/case-notes/${items[0].uuid}`, headers });
    expect(one.statusCode).toBe(200);
    expect((one.json() as { data: { sections: { data: string }; can: { cosign: boolean } } }).data).toMatchObject({ can: { cosign: true } });

    const signed = rows.find((r) => r.status === 'signed' && r.author_id === ctx.counselors[0].id)!;
    const list = await t.app.inject({ method: 'GET', url: `/api/clients/${signed.client_id}/case-notes`, headers });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: { status: string }[] }).data.some((n) => n.status === 'signed')).toBe(true);
  });
});
