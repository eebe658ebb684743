import type { Page } from 'playwright-core';

// What a language walk reads off a screen (decision 0292): the visible text, the text clipped by or sticking out of
// its box, a page wider than the screen; and the names and data the server sent, which are never translated.

/** A visible text (a text node's or a field's placeholder) and where it is. */
export interface ShownText {
  where: string;
  text: string;
}

export interface ScreenFacts {
  texts: ShownText[];
  /** Elements whose own text is wider than their box, with no ellipsis meant. */
  clipped: string[];
  /** The page scrolls sideways (its width beyond the screen's). */
  pageWidth: number | null;
}

/** Reads the screen's visible texts, clipped text and a sideways scroll, in one pass through the page. */
export function screenFacts(page: Page): Promise<ScreenFacts> {
  return page.evaluate(() => {
    const name = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${String(e.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.')}`;
    const texts: { where: string; text: string }[] = [];
    const clipped: string[] = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent ?? '';
      if (!element || !/\p{L}/u.test(text) || element.closest('script, style, noscript, template')) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (range.getClientRects().length === 0) continue;
      // Code (a setting's name, an example address) is written as the machine reads it, in any language.
      if (!element.closest('code, kbd, samp')) texts.push({ where: name(element), text });
      if (seen.has(element)) continue;
      seen.add(element);
      const style = getComputedStyle(element);
      // An inline box has no width of its own, a scroller and an ellipsis are meant, and sr-only text is 1 px by design.
      if (style.display.startsWith('inline') && style.display !== 'inline-block' && style.display !== 'inline-flex') continue;
      if (style.textOverflow === 'ellipsis' || /auto|scroll/.test(style.overflowX) || element.clientWidth <= 1) continue;
      if (element.scrollWidth > element.clientWidth + 1) clipped.push(`${name(element)} "${text.trim().slice(0, 50)}" ${element.scrollWidth} > ${element.clientWidth}`);
    }
    for (const field of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]'))) {
      if (field.checkVisibility() && field.placeholder) texts.push({ where: `${name(field)}[placeholder]`, text: field.placeholder });
    }
    const root = document.documentElement;
    return { texts, clipped, pageWidth: root.scrollWidth > root.clientWidth + 1 ? root.scrollWidth : null };
  });
}

/** Fields whose lowercase one-word values are names (a role called `student`), not codes. */
const NAMED = new Set(['name', 'title', 'label', 'roles', 'role']);

/**
 * Collects every string the server sends in JSON or NDJSON (names, titles, notes, the book's rows): data, shown as
 * written in every language. Codes (`cancelled`, `pending_review`) are left out unless they are a name: a screen must
 * name a code in words.
 */
export function recordData(page: Page, into: Set<string>): () => Promise<void> {
  const pending = new Set<Promise<void>>();
  const collect = (value: unknown, key = ''): void => {
    if (typeof value === 'string') {
      if (/\p{L}/u.test(value) && (NAMED.has(key) || !/^[a-z]+(_[a-z]+)*$/.test(value))) into.add(value.trim());
    } else if (Array.isArray(value)) value.forEach((v) => collect(v, key));
    else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => collect(v, k));
  };
  page.on('response', (response) => {
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    const body = response.text().then(
      (body) => {
        try {
          collect(JSON.parse(body));
        } catch {
          // NDJSON (the book's download): one document a line.
          for (const line of body.split('\n')) {
            try {
              collect(JSON.parse(line));
            } catch {
              // not JSON after all: nothing to learn from it
            }
          }
        }
      },
      () => undefined, // a body the browser no longer holds (the page moved on): its screen was judged before
    );
    // An answer that streams on (an open notification stream) is not waited for past 3 s.
    const reading = Promise.race([body, new Promise<void>((resolve) => setTimeout(resolve, 3_000))]);
    pending.add(reading);
    void reading.finally(() => pending.delete(reading));
  });
  // Waits for the answers still being read, so a screen is judged with its data known.
  return async () => {
    await Promise.all([...pending]);
  };
}

/** The words Intl writes for a locale (months, weekdays, day periods, relative times, lists): formatting, not messages. */
export function intlWords(locale: string): Set<string> {
  const words = new Set<string>();
  const add = (text: string) => text.match(/\p{L}+/gu)?.forEach((w) => words.add(w));
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(2026, month, 1 + month, 3 + month * 2));
    for (const style of ['long', 'short', 'narrow'] as const) add(new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(date));
    add(new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long', timeZone: 'Asia/Manila' }).format(date));
    add(new Intl.DateTimeFormat(locale, { hour: 'numeric', dayPeriod: 'long', timeZone: 'UTC' }).format(date));
  }
  for (let day = 1; day <= 7; day += 1) {
    for (const style of ['long', 'short', 'narrow'] as const) add(new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 5, day))));
  }
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const) {
    for (const n of [-2, -1, 0, 1, 2]) add(relative.format(n, unit));
  }
  for (const type of ['conjunction', 'disjunction'] as const) add(new Intl.ListFormat(locale, { type }).format(['a', 'b', 'c']));
  add(new Intl.NumberFormat(locale, { style: 'currency', currency: 'PHP', currencyDisplay: 'code' }).format(1));
  return words;
}
