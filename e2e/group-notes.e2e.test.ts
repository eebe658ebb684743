import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing, toast } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Group notes (decisions 0295, 0296): the demo counselor writes and signs the note of the demo closed group's first
// held session (three members present), and the demo student's notes page shows the shared part and their own part
// only, never another member's name or part; at 1280 and 375 px.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('group notes', () => {
  it('a facilitator writes and signs a group note; the member sees only the shared part and their own', { timeout: 300_000 }, async () => {
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.counselor);
    await page.goto('/groups');
    await page.getByTestId('group-card').filter({ hasText: 'Managing Exam Anxiety' }).getByRole('button').first().click();
    const detail = page.getByTestId('group-detail');
    await detail.getByRole('button', { name: 'Group note of session 1' }).click();
    const dialog = page.getByRole('dialog');
    const editor = dialog.getByTestId('group-note-editor');
    await editor.waitFor();
    await editor.getByLabel('Themes').fill('Worry before exams and sleep');
    await editor.getByLabel('What the group did').fill('Breathing practice in pairs, then a study plan');
    const boxes = editor.getByLabel(/^About /);
    const count = await boxes.count();
    expect(count).toBe(3);
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = await boxes.nth(i).getAttribute('id');
      const label = (await editor.locator(`label[for="${id}"]`).innerText()).replace(/^About /, '').trim();
      names.push(label);
      await boxes.nth(i).fill(`Part written for ${label}`);
    }
    await screenshot(page, 'group-note-editor-1280');
    await expectAccessible(page);
    await editor.getByRole('button', { name: 'Sign note' }).click();
    await page.getByRole('dialog', { name: 'Sign this group note?' }).getByRole('button', { name: 'Sign note' }).click();
    await toast(page, 'Group note signed');
    const signed = dialog.getByTestId('group-note-signed');
    await signed.getByText('Signed', { exact: true }).waitFor();
    for (const n of names) await signed.getByText(`Part written for ${n}`).waitFor();
    await screenshot(page, 'group-note-signed-1280');
    await context.close();

    // The demo student's record: the shared part and their own part; no other member's name or part.
    const me = await apiCall<{ user: { id: number; name: string } }>(server, await apiLogin(server, DEMO.student), 'GET', '/api/me');
    expect(names).toContain(me.user.name);
    const others = names.filter((n) => n !== me.user.name);
    for (const [viewport, label] of [[DESKTOP, '1280'], [PHONE, '375']] as const) {
      const view = await newPage(browser, server.baseURL, viewport);
      await signIn(view.page, DEMO.counselor);
      await view.page.goto(`/clients/${me.user.id}/notes`);
      const note = view.page.getByTestId('client-group-note');
      await note.getByText(`Part written for ${me.user.name}`).waitFor();
      await note.getByText('Worry before exams and sleep').waitFor();
      await note.getByText('Breathing practice in pairs, then a study plan').waitFor();
      const text = await view.page.getByRole('region', { name: 'Group session notes' }).innerText();
      for (const other of others) expect(text).not.toContain(other);
      expect(text).not.toMatch(new RegExp(others.map((o) => `Part written for ${o}`).join('|')));
      await note.scrollIntoViewIfNeeded();
      await screenshot(view.page, `group-note-member-${label}`);
      if (label === '375') expect(await overflowing(view.page)).toEqual([]);
      await view.context.close();
    }
  });
});
