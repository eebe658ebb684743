import { startTransition, useEffect, useState } from 'react';

// What the first screen does not draw waits until it has painted its content and the browser is idle
// (decision 0098 "Start-up after the first screen"): the sync engine and its first pull, the top bar's live sync
// indicator, the bell's first poll, the toast library, the persistent-storage request. Lighthouse counts every
// task before the largest paint into it (and 4x), so none of them may run in front of the screen's content.

/** However the page goes (a hidden tab paints nothing, a screen that never leaves its skeleton), this is the most it waits. */
export const FIRST_SCREEN_CAP_MS = 4000;
/** Once the content is up: the longest wait for an idle moment. */
const IDLE_TIMEOUT_MS = 1000;
/** The longest a stage waits for the code the stage before it loaded. */
const STAGE_WAIT_MS = 3000;
/** Between two stages: the later parts (the live indicator, the sync engine) start once the page has been quiet this long. */
const STAGE_GAP_MS = 1500;
/** How often the content check looks again (a querySelector: a few microseconds). */
const CHECK_EVERY_MS = 100;

/**
 * The parts start in stages, so that their code is not evaluated in one long task: a stage opens at an idle
 * moment after the code the stage before it loaded (`loadedInStage`) has arrived and been evaluated.
 * 0 the toasts, the bell's first poll and the local database's code (Dexie); 1 the live sync indicator, saving
 * the verified session, the persistent-storage request; 2 the sync engine (the queue, zod) and its first pull.
 */
export type Stage = 0 | 1 | 2;

let stagesOpen = -1;
let gate: Promise<void> | null = null;
const stages = new Map<Stage, Promise<void>>();
const work = new Map<Stage, Promise<unknown>[]>();

/** Code a stage loads: the next stage waits until it has arrived (or failed). Returns `loading`. */
export function loadedInStage<T>(stage: Stage, loading: Promise<T>): Promise<T> {
  work.set(stage, [...(work.get(stage) ?? []), loading]);
  return loading;
}

/** After stage n opened: an idle moment (its parts have started their loads), their loads, another idle moment. */
async function afterStageWork(stage: Stage): Promise<void> {
  await nextIdle();
  // A load that hangs (a network that takes requests and never answers) holds the next stage up 3 s at most.
  await Promise.race([Promise.allSettled(work.get(stage) ?? []), new Promise((resolve) => setTimeout(resolve, STAGE_WAIT_MS))]);
  await new Promise((resolve) => setTimeout(resolve, STAGE_GAP_MS));
  await nextIdle();
}
const listeners = new Set<() => void>();

function paintTimingSupported(): boolean {
  return typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
}

/**
 * The first screen's content is on screen: the browser has painted text (first contentful paint) and the page
 * area holds no skeleton (every loading state and route fallback draws `.skeleton` rows). Where paint timing
 * is not supported only the idle moment is waited for.
 */
function contentShown(): boolean {
  if (!paintTimingSupported()) return true;
  if (!performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint')) return false;
  const main = document.querySelector('main');
  return main !== null && main.querySelector('.skeleton') === null;
}

/** Runs `task` when the browser is next idle (at the latest after `timeoutMs`); returns a cancel function. */
export function whenIdle(task: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1);
  return () => clearTimeout(id);
}

function open(stage: Stage): void {
  if (stage <= stagesOpen) return;
  stagesOpen = stage;
  listeners.forEach((l) => l());
}

const nextIdle = () => new Promise<void>((resolve) => whenIdle(resolve));

/**
 * Resolves once the first screen shows its content and the browser is idle, or FIRST_SCREEN_CAP_MS after the
 * first call at the latest; a later stage once the code loaded by the one before has arrived (3 s at most)
 * and the browser is idle again. Resolved once, it stays resolved (a later sign-in in the same page starts at once).
 */
export function afterFirstScreen(stage: Stage = 0): Promise<void> {
  let wait = stages.get(stage);
  if (!wait) {
    const before = (stage - 1) as Stage;
    wait = stage === 0 ? firstScreen() : afterFirstScreen(before).then(() => afterStageWork(before));
    wait = wait.then(() => open(stage));
    stages.set(stage, wait);
  }
  return wait;
}

function firstScreen(): Promise<void> {
  gate ??= new Promise<void>((resolve) => {
    let settled = false;
    const done = () => {
      settled = true;
      clearTimeout(cap);
      resolve();
    };
    const cap = setTimeout(done, FIRST_SCREEN_CAP_MS);
    const check = () => {
      if (settled) return;
      if (contentShown()) whenIdle(done);
      else setTimeout(check, CHECK_EVERY_MS);
    };
    check();
  });
  return gate;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * False until afterFirstScreen(stage) has resolved: a part of the frame that may draw (or ask) only then. The
 * change is drawn as a transition (decision 0253): React draws it in slices between the browser's other work,
 * not in one task as a store's change (useSyncExternalStore) would be; what a stage brings is never urgent.
 */
export function useAfterFirstScreen(stage: Stage = 0): boolean {
  const [opened, setOpened] = useState(() => stagesOpen >= stage);
  useEffect(() => {
    void afterFirstScreen(stage);
    if (opened) return;
    const update = () => {
      if (stagesOpen >= stage) startTransition(() => setOpened(true));
    };
    update();
    return subscribe(update);
  }, [opened, stage]);
  return opened;
}
