import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, signIn } from './support/browser';
import { expectAccessible, overflowing, toast } from './support/checks';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Case notes (decision 0208): a counselor writes a session's note from the appointment, signs it, and can then only
// add an addendum; the supervisor's Notes to review; screenshots at 1280 and 375 px.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function confirmDialog(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('case notes', () => {
  it('writes a session note from its appointment, signs it, and then offers only an addendum', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.counselor);
    await page.getByRole('tab', { name: /History/ }).click();
    const write = page.getByRole('link', { name: /^Write note/ }).first();
    await write.waitFor();
    await screenshot(page, 'appointments-write-note-1280');
    await write.click();
    await page.waitForURL((url) => /^\/clients\/\d+\/notes$/.test(url.pathname));
    const editor = page.getByTestId('note-editor');
    await editor.waitFor();
    await editor.getByLabel('DAP').check();
    await editor.getByLabel('Data').fill('Client talked about the upcoming board exam and feeling behind.');
    await editor.getByLabel('Assessment').fill('Exam stress; coping; no risk indicators.');
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await toast(page, 'Draft saved');
    await editor.getByLabel('Plan').fill('Weekly study plan; next session in one week.');
    // Away from the toasts (hovering one keeps it open).
    await page.mouse.move(0, 0);
    await screenshot(page, 'case-note-editor-1280');
    await expectAccessible(page);

    await editor.getByRole('button', { name: 'Sign note' }).click();
    await page.getByRole('dialog').getByText('After signing, this note can no longer be changed or deleted; only an addendum can be added.').waitFor();
    await confirmDialog(page, 'Sign note');
    await toast(page, 'Note signed');
    const view = page.getByTestId('note-view');
    await view.waitFor();
    await view.getByText('Signed by Dr. Carmen Villanueva').waitFor();
    await view.getByText('Weekly study plan; next session in one week.').waitFor();
    // Locked: no editor, no Save or Delete; only the addendum form.
    expect(await page.getByTestId('note-editor').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete draft' }).count()).toBe(0);
    const addendum = view.getByLabel('Addendum');
    await addendum.fill('Client emailed after the session: the plan is working.');
    await view.getByRole('button', { name: 'Add addendum' }).click();
    await confirmDialog(page, 'Sign addendum');
    await toast(page, 'Addendum added');
    await view.getByText('Client emailed after the session: the plan is working.').waitFor();
    await page.mouse.move(0, 0);
    await screenshot(page, 'case-note-signed-1280');
    await expectAccessible(page);

    // The server refuses an edit of the signed note (the screen offers none).
    const uuid = await page.getByTestId('case-note').filter({ has: page.getByTestId('note-view') }).getAttribute('data-uuid');
    const session = await apiLogin(server, DEMO.counselor);
    const res = await fetch(`${server.baseURL}/api/case-notes/${uuid}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ template: 'free', sections: { text: 'rewritten' } }),
    });
    expect(res.status).toBe(409);

    // The same notes at 375 px: nothing wider than the screen.
    await page.setViewportSize(PHONE);
    // The page still names the session: "Write note" again opens its signed note, not a new one.
    await page.reload();
    await page.getByTestId('note-view').getByText('Client emailed after the session: the plan is working.').waitFor();
    expect(await page.getByTestId('note-editor').count()).toBe(0);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'case-note-signed-375');
    // A new contact note's editor at 375 px.
    await page.getByRole('button', { name: 'New contact note' }).click();
    await page.getByTestId('note-editor').getByLabel('Contact', { exact: true }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'case-note-editor-375');
    await expectAccessible(page);
    await context.close();
  });

  it('Site Settings › Case notes shows and saves the templates and late-entry days', { timeout: 240_000 }, async () => {
    for (const [viewport, name] of [[PHONE, '375'], [DESKTOP, '1280']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.admin);
      await page.goto('/settings/site');
      const section = page.getByRole('region', { name: 'Case notes' });
      await section.getByLabel('Late entry after (days)').waitFor();
      await section.scrollIntoViewIfNeeded();
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `settings-case-notes-${name}`);
      if (name === '1280') {
        await section.getByLabel('Late entry after (days)').fill('5');
        await section.getByRole('button', { name: 'Save Case-Note Settings' }).click();
        await toast(page, 'Case-note settings saved');
      }
      await context.close();
    }
  });

  it("the supervisor's Notes to review lists the trainee's note, opened and co-signed", { timeout: 240_000 }, async () => {
    for (const [viewport, name] of [[PHONE, '375'], [DESKTOP, '1280']] as const) {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, DEMO.counselor);
      await page.goto('/case-notes/review');
      await page.getByRole('heading', { name: 'Notes to review' }).waitFor();
      const item = page.getByTestId('review-item').first();
      await item.getByText('Signed by Lea Manalo').waitFor();
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `notes-to-review-${name}`);
      await expectAccessible(page);
      if (name === '1280') {
        await page.getByRole('link', { name: 'Notes to review' }).first().waitFor();
        await item.getByRole('link', { name: /^Review the note/ }).click();
        await page.getByText('Awaiting co-signature by Dr. Carmen Villanueva').waitFor();
        await screenshot(page, 'case-note-cosign-1280');
        await page.getByRole('button', { name: 'Co-sign note' }).click();
        await confirmDialog(page, 'Co-sign');
        await page.getByText('Co-signed by Dr. Carmen Villanueva').waitFor();
      }
      await context.close();
    }
    // A counselor who supervises nobody has no such menu entry.
    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.counselor2);
    await page.getByRole('link', { name: 'Appointments' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Notes to review' }).count()).toBe(0);
    await context.close();
  });
});
