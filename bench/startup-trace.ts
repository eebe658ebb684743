// A Chromium performance trace of one screen's start-up with 4x CPU throttling (the phone Lighthouse's mobile
// preset stands for), signed in, as a returning user (its kept last screen drawn first, decision 0101) and as the
// first open on this device (nothing kept). It lists the main thread's tasks of 50 ms or more and what ran in
// them (the trace's own events and the sampled functions that took the most time), and the total blocking time
// over the first TRACE_WINDOW_MS. Durations are observed, not simulated: compare runs taken side by side in one
// session (decision 0314). Run `node scripts/build.mjs` first. Alone:
// `npx tsx bench/startup-trace.ts` (TRACE_SCREEN=/reports, TRACE_RUNS=3, TRACE_OUT=<dir> for the raw traces,
// TRACE_WEB_DIR=<dir> for another build of the web app).
import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { DEMO, launchBrowser, newPage, signIn } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { firstDownloadDone } from './first-download';

const SCREEN = process.env.TRACE_SCREEN ?? '/appointments';
const RUNS = Number(process.env.TRACE_RUNS ?? 1);
const WINDOW_MS = Number(process.env.TRACE_WINDOW_MS ?? 6000);
const OUT = process.env.TRACE_OUT;
const LONG_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat: string;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'toplevel'].join(',');

async function trace(page: Page, context: BrowserContext, url: string): Promise<{ events: TraceEvent[]; profile: Profile; navStart: number }> {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES.split(',') }, transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  // The start-up's tail (the app's idle work, the sync engine's start) within the window.
  await page.waitForTimeout(WINDOW_MS);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  await cdp.send('Tracing.end');
  await done;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  const nav = events.find((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL as string | undefined)?.includes(new URL(url).pathname));
  return { events, profile, navStart: nav?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts)) };
}

/** The renderer's main thread: the CrRendererMain thread that ran the page's navigation. */
function mainThread(events: TraceEvent[], url: string): { pid: number; tid: number } {
  const names = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const nav = events.filter((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith(url));
  for (const n of nav) if (names.some((t) => t.pid === n.pid && t.tid === n.tid)) return { pid: n.pid, tid: n.tid };
  const byCount = new Map<string, number>();
  for (const e of events) if (e.name === 'RunTask' && names.some((t) => t.pid === e.pid && t.tid === e.tid)) byCount.set(`${e.pid}:${e.tid}`, (byCount.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const [key] = [...byCount].sort((a, b) => b[1] - a[1])[0];
  const [pid, tid] = key.split(':').map(Number);
  return { pid, tid };
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^.*\/assets\//, '');

function describe(e: TraceEvent): string {
  const d = e.args?.data ?? e.args?.beginData ?? {};
  const url = typeof d.url === 'string' && d.url ? ` ${short(d.url)}` : '';
  const fn = typeof d.functionName === 'string' && d.functionName ? ` ${d.functionName}` : '';
  const type = typeof d.type === 'string' ? ` ${d.type}` : '';
  return `${e.name}${type}${fn}${url}`;
}

/** The sampled time per function (self) and per app-code frame (inclusive) within [from, to). */
function sampled(profile: Profile, from: number, to: number): { self: [string, number][]; app: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const app = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (t < from || t >= to) continue;
    const node = byId.get(profile.samples[i]);
    if (!node) continue;
    const f = node.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const name = `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const cf = byId.get(id)?.callFrame;
      if (!cf || !cf.url.includes('/assets/') || !cf.functionName) continue;
      const key = `${cf.functionName} ${short(cf.url)}:${cf.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      app.set(key, (app.get(key) ?? 0) + dt);
    }
  }
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return { self: top(self), app: top(app) };
}

function report(label: string, events: TraceEvent[], profile: Profile, navStart: number, url: string): string[] {
  const { pid, tid } = mainThread(events, url);
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= navStart && e.ts < navStart + WINDOW_MS * 1000 + 10_000_000);
  // The thread's top-level tasks (a task's own nested run loop shows as a task inside it: counted once).
  const all = main.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: TraceEvent[] = [];
  for (const e of all) {
    const last = tasks[tasks.length - 1];
    if (!last || e.ts >= last.ts + (last.dur ?? 0)) tasks.push(e);
  }
  const long = tasks.filter((e) => (e.dur ?? 0) >= LONG_MS * 1000);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  const lcps = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === pid);
  const lcp = lcps[lcps.length - 1];
  const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
  const tbt = tasks.reduce((s, e) => s + Math.max(0, (e.dur ?? 0) / 1000 - 50), 0);
  const lines = [
    `${label}: FCP ${fcp ? ms(fcp.ts - navStart) : '-'}, LCP ${lcp ? ms(lcp.ts - navStart) : '-'}, ${long.length} tasks >= ${LONG_MS} ms totalling ${ms(long.reduce((s, e) => s + (e.dur ?? 0), 0))}, blocking ${tbt.toFixed(0)} ms (observed, 4x CPU)`,
  ];
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    const inside = main.filter((e) => e !== task && !all.includes(e) && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) >= 2000);
    // The outermost events in the task (the ones no other event in it contains).
    const outer = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.dur ?? 0) > (e.dur ?? 0)));
    lines.push(`  at ${ms(task.ts - navStart).padStart(8)}  ${ms(task.dur ?? 0).padStart(7)}  ${outer.map((e) => `${describe(e)} ${ms(e.dur ?? 0)}`).join('; ')}`);
    const { self, app } = sampled(profile, task.ts, end);
    const fmt = (list: [string, number][]) => list.map(([n, d]) => `${n} ${d.toFixed(0)}`).join(', ');
    if (app.length) lines.push(`      app code (inclusive ms): ${fmt(app)}`);
    if (self.length) lines.push(`      self (ms): ${fmt(self)}`);
    const kinds = new Map<string, number>();
    for (const e of inside) if (['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'ParseHTML', 'ParseAuthorStyleSheet', 'v8.compile', 'v8.compileModule', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'BlinkGC.AtomicPhase'].includes(e.name)) kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0));
    if (kinds.size) lines.push(`      rendering/engine: ${[...kinds].map(([n, d]) => `${n} ${ms(d)}`).join(', ')}`);
  }
  return lines;
}

async function clearCaches(page: Page, context: BrowserContext, origin: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

// TRACE_WEB_DIR=<a built web app> traces another build (an earlier one copied aside) with the same server.
const server = await startServer(process.env.TRACE_WEB_DIR ? { env: { WEB_DIR: process.env.TRACE_WEB_DIR } } : {});
const browser = await launchBrowser();
try {
  const { context, page } = await newPage(browser, server.baseURL, { width: 412, height: 823 });
  await signIn(page, DEMO.admin);
  await firstDownloadDone(page);
  const url = `${server.baseURL}${SCREEN}`;
  for (let run = 0; run < RUNS; run++) {
    for (const kind of ['returning', 'first open'] as const) {
      // Kept (or forgotten) from a page of the origin that runs no app code.
      if (kind === 'returning') {
        await page.goto(url);
        await page.waitForFunction((key) => localStorage.getItem(key) !== null, `last_screen:${SCREEN}`, { timeout: 30_000, polling: 250 }).catch(() => undefined);
      }
      await page.goto(`${server.baseURL}/manifest.webmanifest`);
      if (kind === 'first open') await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('last_screen:')).forEach((k) => localStorage.removeItem(k)));
      await page.goto('about:blank');
      await clearCaches(page, context, server.baseURL);
      const { events, profile, navStart } = await trace(page, context, url);
      if (OUT) {
        fs.mkdirSync(OUT, { recursive: true });
        fs.writeFileSync(path.join(OUT, `${SCREEN.replace(/\W+/g, '_')}-${kind.replace(' ', '-')}-${run}.json`), JSON.stringify({ traceEvents: events }));
      }
      for (const line of report(`${SCREEN} ${kind} (run ${run + 1})`, events, profile, navStart, url)) console.log(line);
      await page.goto('about:blank');
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
