import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { overflowing } from './support/checks';

// The phone-width check the screens' tests use (support/checks.ts): what sticks out past the viewport is named; what
// a box within the viewport clips, or what a horizontal scroller holds, is not.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the overflow check', () => {
  it('names a box past the edge and a clipping box that sticks out with what it holds, not a name a box within the edge truncates', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 600 } });
    await page.setContent(`<!doctype html><body style="margin:0">
      <div style="width:300px;overflow:hidden;white-space:nowrap"><span id="truncated" style="display:inline-block;width:600px">A very long client name</span></div>
      <div id="wide" style="width:500px">Too wide</div>
      <div id="clipper" style="width:450px;overflow:hidden"><span style="display:inline-block;width:600px">Inside</span></div>
      <div class="overflow-x-auto" style="width:300px;overflow-x:auto"><table style="width:700px"><tr><td>Scrolls</td></tr></table></div>
    </body>`);
    // The wide box; the clipping box that sticks out, and what it holds (shown up to its edge, past the viewport's).
    expect(await overflowing(page)).toEqual(['div. → 500', 'div. → 450', 'span. → 600']);
    await page.close();
  });
});
