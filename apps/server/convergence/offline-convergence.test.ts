// @vitest-environment jsdom
// The offline book's convergence, tried as a model (docs/decisions/0113).
//
// Three simulated devices (each its own fake IndexedDB, its own localStorage and its own copy of the web engine's
// modules) and the REAL server (SQLite; PostgreSQL under `npm run test:pg`) run random sequences of the lending
// actions, queue runs and pulls, with faults: a reply dropped after the server committed, a tab that dies between
// the send and the reply, a refusal (two devices changing the same loan), sign-out and another user's sign-in on the
// same device (a user of the same company, or of ANOTHER company), also while a write's reply is on its way. After
// every device has drained every queue on it (refused entries the user would decide on are discarded) and pulled,
// the property holds:
// - every book on every device equals the server's rows of that book's company (customers, loans with their items,
//   items, transactions, categories), field by field, every row synced;
// - nothing made in one company is on the server or on a device in the other company, nor in a device's own database;
// - no client-made uuid twice on the server; each action applied at most once (one renewal per loan, one
//   transaction per loan, type and item) and the money follows the actions the server applied.
// It fails on the engine before the convergence rework of decisions 0110-0112 (7d48f39, run from a worktree with the few API differences adapted),
// within the first runs: company A's customer, saved offline on the shared computer, is created in company B once
// B's user signs in there and the queue runs (defect 1); a renewal refused with 409 because another counter renewed
// the loan first leaves the loan failed and its phantom ticket on the device for good (defect 2); a pull after
// another company's user signed in is refused 422 for the cursor and never starts again (defect 6). On the reworked
// engine it found a reply applied to whichever book was in use when it arrived (fixed in 18dfbeb; its sequences are
// the plain cases below) and an item's old ticket keeping it after a renewal elsewhere (fixed in settle(); a plain case).
// Decision 0113. CONVERGENCE_RUNS, CONVERGENCE_STEPS, CONVERGENCE_DEBUG=1 and CONVERGENCE_REPLAY='[...]' (a sequence
// fast-check printed, run alone) for a hunt.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import { addDays } from '@kalinga/contracts/lending/rules';
import { SYNC_EPOCH, type SyncDeltaReply } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMember, insertCompany, setUserRoles } from '../src/modules/companies/company.repository';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../test/harness';
import { todayIn } from '@kalinga/contracts/zone-time';

type Row = Record<string, unknown> & { uuid: string };

/** One copy of the web engine's modules: a tab. */
interface Engine {
  database: typeof import('../../web/src/offline/database');
  actions: typeof import('../../web/src/features/lending/book/lending-actions');
  runner: typeof import('../../web/src/offline/queue-runner');
  refusals: typeof import('../../web/src/offline/refusals');
  pull: typeof import('../../web/src/offline/pull');
  queue: typeof import('../../web/src/offline/sync-queue');
  localSave: typeof import('../../web/src/offline/local-save');
  support: typeof import('../../web/src/offline/action-support');
}

async function loadEngine(indexedDB: IDBFactory): Promise<Engine> {
  vi.resetModules();
  // The device's own IndexedDB while its copy of the engine loads: the local store opens its databases in it.
  const g = globalThis as { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange };
  const before = { indexedDB: g.indexedDB, IDBKeyRange: g.IDBKeyRange };
  Object.assign(g, { indexedDB, IDBKeyRange });
  const engine: Engine = {
    database: await import('../../web/src/offline/database'),
    actions: await import('../../web/src/features/lending/book/lending-actions'),
    runner: await import('../../web/src/offline/queue-runner'),
    refusals: await import('../../web/src/offline/refusals'),
    pull: await import('../../web/src/offline/pull'),
    queue: await import('../../web/src/offline/sync-queue'),
    localSave: await import('../../web/src/offline/local-save'),
    support: await import('../../web/src/offline/action-support'),
  };
  Object.assign(g, before);
  return engine;
}

/** A device's localStorage (swapped in before each of its steps). */
class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
}

type Fault = 'none' | 'drop' | 'restart' | 'offline' | 'switch' | 'leave';

interface Device {
  name: string;
  indexedDB: IDBFactory;
  storage: MemoryStorage;
  engine: Engine;
  /** The users whose book is on this device (signed in here at least once). */
  users: Set<number>;
  signedIn: number | null;
}

interface User {
  n: number;
  actor: Actor;
}

/** What the runs did, over the whole file (printed with CONVERGENCE_DEBUG=1). */
const stats = new Map<string, number>();
const count = (what: string) => stats.set(what, (stats.get(what) ?? 0) + 1);

// ---------------------------------------------------------------------------------------------------------------
// The network edge: the web code's relative /api/... calls go to the real server; the device in use decides faults.

let base = '';
let net: { fault: Fault; writesSent: number; onSent: (() => void) | null } = { fault: 'none', writesSent: 0, onSent: null };
const realFetch = globalThis.fetch.bind(globalThis);

async function deviceFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  if (net.fault === 'offline') throw new TypeError('Failed to fetch');
  const url = new URL(String(input), base);
  const method = (init.method ?? 'GET').toUpperCase();
  // jsdom's AbortSignal is not Node's; the engine's own timeouts play no part here.
  const res = await realFetch(url, { method, headers: init.headers, body: init.body });
  if (method === 'GET' || net.fault === 'none') return res;
  if (net.fault === 'switch' || net.fault === 'leave') {
    // The user signs out (and another signs in) while the reply is on its way; then it arrives.
    net.fault = 'none';
    net.onSent?.();
    return res;
  }
  // The server has committed the write; its reply never reaches the device.
  await res.arrayBuffer();
  net.writesSent++;
  if (net.fault === 'drop') {
    count('replies dropped after the commit');
    net.fault = 'none';
    throw new TypeError('Failed to fetch');
  }
  // 'restart': the tab dies before the reply is read; nothing after the send ever runs in it.
  net.onSent?.();
  return new Promise<Response>(() => {});
}

// ---------------------------------------------------------------------------------------------------------------
// The world of one run: two companies, three users, three devices.

let t: TestApp;

interface World {
  users: User[];
  devices: Device[];
  companies: number[];
  /** uuids made on a device, by the company of the user who made them. */
  madeIn: Map<string, number>;
  log: string[];
}

async function inject(actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: actor.headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { data: Row };
}

const TODAY = () => todayIn('Asia/Manila');

/** A company's lending category (one per company, made once). */
async function makeCategory(actor: Actor): Promise<Row> {
  const terms = { interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 30, fast_depreciating: true };
  return (await inject(actor, 'POST', '/api/categories', { kind: 'lending', title: 'Jewellery', ...terms })).data;
}

/**
 * Each run's own small book in a company: a customer; a loan forfeited with its item up for sale, one forfeited, one
 * expired, one past maturity and one of today.
 */
async function seedBook(actor: Actor, category: Row): Promise<void> {
  const customer = (await inject(actor, 'POST', '/api/customers', { uuid: crypto.randomUUID(), first_name: 'Maria', last_name: 'Santos', phone_number: '09171234567' })).data;
  for (const [days, state] of [
    [80, 'for_sale'],
    [78, 'forfeited'],
    [75, 'active'],
    [40, 'active'],
    [0, 'active'],
  ] as const) {
    const item = crypto.randomUUID();
    const loan = (
      await inject(actor, 'POST', '/api/loans', {
        uuid: crypto.randomUUID(),
        customer_uuid: customer.uuid,
        category_uuid: category.uuid,
        loan_date: addDays(TODAY(), -days),
        loan_amount: 1000,
        items: [{ uuid: item, description: 'Gold ring', appraisal_value: 1500 }],
      })
    ).data;
    // The expired ones had their notice sent before the period ended (the API records one only then), so the devices
    // may forfeit them (decision 0217).
    if (days >= 75) await t.db.updateTable('loans').set({ notice_sent_at: `${addDays(TODAY(), 12 - days)}T02:00:00.000Z` }).where('uuid', '=', String(loan.uuid)).execute();
    if (state === 'active') continue;
    await inject(actor, 'POST', `/api/loans/${loan.uuid}/forfeit`, { forfeiture_date: TODAY() });
    if (state === 'for_sale') await inject(actor, 'PUT', `/api/items/${item}/process-forfeited`, { selling_price: 1800 });
  }
}

async function newDevice(name: string): Promise<Device> {
  const indexedDB = new IDBFactory();
  const storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  return { name, indexedDB, storage, engine: await loadEngine(indexedDB), users: new Set(), signedIn: null };
}

/**
 * The users, made once for the file (registration and sign-in hash passwords): two of them will work in company A,
 * one in company B. Each run makes its own two companies and gives them these users, so every run starts from an
 * empty book (fast to pull and to shrink).
 */
let people: Actor[];

/** A new company with the given users (the first its administrator, the others counter clerks). */
async function makeCompany(name: string, members: Actor[]): Promise<{ actors: Actor[]; category: Row }> {
  const company = await t.db.transaction().execute((trx) => insertCompany(trx, name));
  const actors = members.map((m) => ({ ...m, companyId: company.id, headers: { authorization: `Bearer ${m.token}`, 'x-company-id': String(company.id) } }));
  for (const actor of actors) await addMember(t.db, company.id, actor.user.id, false);
  await setUserRoles(t.db, company.id, actors[0].user.id, ['admin']);
  if (actors.length > 1) {
    await inject(actors[0], 'POST', '/api/roles', { name: 'clerk', permissions: ['view lending', 'manage lending'] });
    for (const actor of actors.slice(1)) await setUserRoles(t.db, company.id, actor.user.id, ['clerk']);
  }
  return { actors, category: await makeCategory(actors[0]) };
}

async function makeWorld(): Promise<World> {
  const a = await makeCompany('Pawnshop A', [people[0], people[1]]);
  const b = await makeCompany('Pawnshop B', [people[2]]);
  await seedBook(a.actors[0], a.category);
  await seedBook(b.actors[0], b.category);
  const users = [...a.actors, ...b.actors].map((actor, n) => ({ n, actor }));
  const devices = [await newDevice('D1'), await newDevice('D2'), await newDevice('D3')];
  const world: World = { users, devices, companies: [a.actors[0].companyId, b.actors[0].companyId], madeIn: new Map(), log: [] };
  // D1 and D3 (the shared computer) start with user 0 of company A, D2 with user 1.
  for (const [d, u] of [
    [0, 0],
    [1, 1],
    [2, 0],
  ] as const)
    await signIn(world, world.devices[d], u);
  return world;
}

// ---------------------------------------------------------------------------------------------------------------
// Steps

function use(device: Device, fault: Fault = 'none'): Engine {
  vi.stubGlobal('localStorage', device.storage);
  net = { fault, writesSent: 0, onSent: null };
  return device.engine;
}

/** The session's keys of user `n` in the device's localStorage (what the sign-in screen keeps). */
function keepSession(world: World, device: Device, n: number): Engine {
  const { actor } = world.users[n];
  const engine = use(device);
  device.storage.setItem('token', actor.token);
  device.storage.setItem('company_id', String(actor.companyId));
  device.storage.setItem('book_user', String(actor.user.id));
  device.signedIn = n;
  device.users.add(n);
  engine.runner.resumeQueue();
  return engine;
}

async function signIn(world: World, device: Device, n: number): Promise<void> {
  const engine = keepSession(world, device, n);
  // As the app does after a sign-in: the queue, then a pull.
  await engine.runner.runQueue();
  await engine.pull.pullChanges();
}

function signOut(device: Device): void {
  const engine = use(device);
  engine.runner.pauseQueue();
  device.storage.removeItem('token');
  device.storage.removeItem('book_user');
  device.signedIn = null;
}

async function restart(device: Device): Promise<void> {
  vi.stubGlobal('localStorage', device.storage);
  device.engine = await loadEngine(device.indexedDB);
  if (device.signedIn === null) device.engine.runner.pauseQueue();
}

/** Rows of the device's book, newest first (this run's rows before earlier runs'), then by uuid. */
async function rowsOf(engine: Engine, table: 'customers' | 'loans' | 'items'): Promise<Row[]> {
  const rows = (await engine.database.db.table(table).toArray()) as Row[];
  return rows.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || a.uuid.localeCompare(b.uuid));
}

function pick<T>(rows: T[], n: number): T | undefined {
  return rows.length ? rows[n % rows.length] : undefined;
}

type Step =
  | { t: 'customer'; d: number }
  | { t: 'editCustomer'; d: number; pick: number; field: 'phone_number' | 'address'; value: number }
  | { t: 'loan'; d: number; pick: number; items: number }
  | { t: 'notes'; d: number; pick: number; value: number }
  | { t: 'renew' | 'redeem' | 'forfeit' | 'addItem'; d: number; pick: number }
  | { t: 'editItem'; d: number; pick: number; value: number }
  | { t: 'process' | 'sell'; d: number; pick: number }
  | { t: 'editCategory'; d: number; value: number }
  | { t: 'sync'; d: number; fault: Fault }
  | { t: 'pull' | 'syncAndPull' | 'restart' | 'signOut'; d: number }
  | { t: 'signIn'; d: number; user: number };

/** Runs an action; a rule's refusal (the device's own sentence) skips it. Anything else is a failure. */
async function act(world: World, device: Device, what: string, action: () => Promise<unknown>): Promise<void> {
  const engine = device.engine;
  const before = await engine.database.db.syncQueue.count();
  try {
    await action();
  } catch (error) {
    if (error instanceof Error && error.constructor.name === 'Error') {
      count('actions refused on the device');
      world.log.push(`${device.name} ${what}: refused on the device (${error.message})`);
      return;
    }
    throw error;
  }
  // Record which company each record the action made belongs to.
  const company = world.users[device.signedIn!].actor.companyId;
  const added = await engine.database.db.syncQueue.offset(before).toArray();
  for (const entry of added) for (const uuid of engine.queue.ownKeys(entry)) if (!world.madeIn.has(uuid)) world.madeIn.set(uuid, company);
  world.log.push(`${device.name} ${what}`);
  count(`action ${what.split(' ')[0]}`);
}

async function runStep(world: World, step: Step): Promise<void> {
  const device = world.devices[step.d];
  if (step.t === 'signIn') {
    if (device.signedIn !== null) signOut(device);
    world.log.push(`${device.name} sign-in of user ${step.user} (company ${world.users[step.user].actor.companyId})`);
    count(device.users.has(step.user) ? 'sign-ins' : 'sign-ins of a new user on a device');
    return signIn(world, device, step.user);
  }
  if (step.t === 'restart') {
    world.log.push(`${device.name} tab restart`);
    return restart(device);
  }
  if (device.signedIn === null) return;
  if (step.t === 'signOut') {
    world.log.push(`${device.name} sign-out`);
    return signOut(device);
  }
  const engine = use(device);
  const { actions } = engine;
  const today = TODAY();
  switch (step.t) {
    case 'customer':
      return act(world, device, 'saveCustomer (new)', () => actions.saveCustomer({ first_name: 'Juan', last_name: `Cruz ${world.log.length}` }));
    case 'editCustomer': {
      const customer = pick(await rowsOf(engine, 'customers'), step.pick);
      if (!customer) return;
      return act(world, device, `saveCustomer ${step.field}`, () =>
        actions.saveCustomer({ ...(customer as never as { first_name: string; last_name: string }), uuid: customer.uuid, [step.field]: `0917${step.value}` }),
      );
    }
    case 'loan': {
      const customer = pick(await rowsOf(engine, 'customers'), step.pick);
      const category = (await engine.database.db.categories.toArray())[0];
      if (!customer || !category) return;
      const items = Array.from({ length: step.items }, (_, n) => ({ description: `Item ${n}`, appraisal_value: 1500 }));
      return act(world, device, 'createLoan', () => actions.createLoan({ customer_uuid: customer.uuid, category_uuid: category.uuid, loan_date: today, loan_amount: 1000, items }));
    }
    case 'notes': {
      const loan = pick(await rowsOf(engine, 'loans'), step.pick);
      if (!loan) return;
      return act(world, device, 'updateLoanNotes', () => actions.updateLoanNotes(loan.uuid, `note ${step.value}`));
    }
    case 'renew':
    case 'redeem':
    case 'forfeit': {
      // Each among the loans it may apply to: a renewal before expiry, a forfeiture after it.
      const expired = (loan: Row) => String(loan.expiry_date) < today;
      const loans = (await rowsOf(engine, 'loans')).filter((l) => l.status === 'active' && (step.t === 'redeem' || expired(l) === (step.t === 'forfeit')));
      const loan = pick(loans, step.pick);
      if (!loan) return;
      const run = { renew: actions.renewLoan, redeem: actions.redeemLoan, forfeit: actions.forfeitLoan }[step.t];
      return act(world, device, `${step.t} ${loan.uuid.slice(0, 8)}`, () => run(loan.uuid));
    }
    case 'addItem': {
      const loan = pick((await rowsOf(engine, 'loans')).filter((l) => l.status === 'active'), step.pick);
      if (!loan) return;
      return act(world, device, 'addItem', () => actions.addItem(loan.uuid, { description: 'Watch', appraisal_value: 500 }));
    }
    case 'editItem': {
      const item = pick(await rowsOf(engine, 'items'), step.pick);
      if (!item) return;
      return act(world, device, 'updateItem', () => actions.updateItem(item.uuid, { description: `Ring ${step.value}` }));
    }
    case 'process': {
      const item = pick((await rowsOf(engine, 'items')).filter((i) => i.status === 'forfeited'), step.pick);
      if (!item) return;
      return act(world, device, 'processForfeitedItem', () => actions.processForfeitedItem(item.uuid, 2000));
    }
    case 'sell': {
      const item = pick((await rowsOf(engine, 'items')).filter((i) => i.status === 'for_sale'), step.pick);
      if (!item) return;
      return act(world, device, 'markItemSold', () => actions.markItemSold(item.uuid, { final_selling_price: 2100, buyer_name: 'Ana' }));
    }
    case 'editCategory': {
      const category = (await engine.database.db.categories.toArray())[0];
      if (!category) return;
      // categories-local.ts updateCategory's write, through this tab's own modules: the screen loads its write side
      // with a dynamic import(), which here would resolve in the module registry of the device loaded last. Online,
      // the screen then runs the queue at once.
      const title = `Jewellery ${step.value}`;
      await act(world, device, 'updateCategory', () => engine.support.writeWithEntries((queue) => queue('UPDATE_CATEGORY', { uuid: category.uuid, title, description: '' })));
      return engine.runner.runQueue().then(() => undefined);
    }
    case 'pull':
      world.log.push(`${device.name} pull`);
      return engine.pull.pullChanges();
    case 'sync':
      return sync(world, device, step.fault);
    case 'syncAndPull':
      // As on coming online: the queue and a pull at the same time (each under its own lock).
      world.log.push(`${device.name} sync and pull at once`);
      await engine.runner.retryEntries('retry');
      await Promise.all([engine.runner.runQueue(), engine.pull.pullChanges()]);
      return;
  }
}

/** A queue run as the engine starts it (entries waiting on back-off go again), with a fault on the way. */
async function sync(world: World, device: Device, fault: Fault): Promise<void> {
  const engine = use(device, fault);
  world.log.push(`${device.name} sync (${fault})`);
  await engine.runner.retryEntries('retry');
  if (fault === 'switch' || fault === 'leave') {
    // Sign-out, and for 'switch' another user's sign-in (of company B after company A's administrator), while a write
    // is in flight.
    const next = (device.signedIn! + 2) % 3;
    net.onSent = () => {
      signOut(device);
      if (fault === 'switch') keepSession(world, device, next);
      world.log.push(`${device.name} sign-out${fault === 'switch' ? ` and sign-in of user ${next}` : ''} while a write's reply was on its way`);
      count(`${fault === 'switch' ? 'sign-ins' : 'sign-outs'} while a reply was on its way`);
    };
    await engine.runner.runQueue();
    if (fault === 'switch' && device.signedIn === next) await signIn(world, device, next);
    return;
  }
  if (fault !== 'restart') {
    await engine.runner.runQueue();
    net.fault = 'none';
    return;
  }
  // The tab dies once a write has reached the server, before its reply is read; a fresh tab takes over.
  const sent = new Promise<void>((resolve) => (net.onSent = resolve));
  const run = engine.runner.runQueue();
  const ended = await Promise.race([sent.then(() => 'sent' as const), run.then(() => 'ended' as const)]);
  net.fault = 'none';
  if (ended === 'sent') {
    world.log.push(`${device.name} the tab died after sending a write, before its reply`);
    count('tabs dead between send and reply');
    await restart(device);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The end: drain every queue on every device, pull, compare.

const LOCAL_FIELDS = ['sync_status', 'sync_error', 'last_synced_at', '_base', 'searchTerms', 'server_id', 'localId', 'image_data_url', 'new_uuid'];

function normalised(row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (LOCAL_FIELDS.includes(k) || v === null || v === undefined || v === '') continue;
    if (k === 'items' && Array.isArray(v))
      out.items = (v as Row[])
        .map((i) => `${i.uuid}:${String(i.status)}:${String(i.loan_uuid)}`)
        .sort()
        .join(',');
    else out[k] = v;
  }
  return out;
}

async function drain(world: World, device: Device, n: number): Promise<void> {
  await signIn(world, device, n);
  const engine = device.engine;
  for (let round = 0; ; round++) {
    await engine.runner.retryEntries('retry');
    await engine.runner.runQueue();
    const open = await engine.queue.openEntries();
    if (open.length === 0) return;
    if (round > 20) throw new Error(`${device.name}: the queue does not drain: ${JSON.stringify(open.map((e) => [e.operation, e.status, e.error]))}`);
    for (const entry of open) {
      if (entry.status === 'failed' && entry.error_kind === 'rejected') {
        world.log.push(`${device.name} discards a refused ${entry.operation}: ${entry.error}`);
        count(`discarded after ${entry.error}`);
        await engine.refusals.dropEntry(entry.id!, 'discarded', 'Discarded by the model.');
      }
    }
  }
}

const TABLES = ['categories', 'customers', 'loans', 'items', 'transactions'] as const;

async function serverBook(actor: Actor): Promise<SyncDeltaReply['data']> {
  const res = await t.app.inject({ method: 'GET', url: `/api/sync?since=${encodeURIComponent(SYNC_EPOCH)}`, headers: actor.headers });
  expect(res.statusCode).toBe(200);
  const reply = res.json() as SyncDeltaReply;
  expect(reply.meta.recommendation).toBeNull();
  return reply.data;
}

async function compareBook(world: World, device: Device, n: number): Promise<void> {
  await signIn(world, device, n);
  const engine = device.engine;
  const { actor } = world.users[n];
  const server = await serverBook(actor);
  for (const entry of await engine.database.db.syncQueue.where('status').equals('refused').toArray()) count(`${entry.operation} refused: ${entry.error}`);
  for (const table of TABLES) {
    const local = (await engine.database.db.table(table).toArray()) as Row[];
    const where = `${device.name}, user ${n} (company ${actor.companyId}), ${table}`;
    for (const row of local) {
      if (row.sync_status !== 'synced') throw new Error(`${where}: ${row.uuid} is ${String(row.sync_status)} after the queue drained`);
      const made = world.madeIn.get(row.uuid);
      if (made !== undefined && made !== actor.companyId) throw new Error(`${where}: ${row.uuid} was made in company ${made}`);
    }
    const mine = new Map(local.map((r) => [r.uuid, normalised(r)]));
    const theirs = new Map((server[table] as unknown as Row[]).map((r) => [r.uuid, normalised(engine.localSave.cleanFor(table, r) as Row)]));
    expect([...mine.keys()].sort(), `${where}: the rows`).toEqual([...theirs.keys()].sort());
    for (const [uuid, row] of theirs) expect(mine.get(uuid), `${where}: ${uuid}`).toEqual(row);
  }
}

async function checkServer(world: World): Promise<void> {
  const [a, b] = world.companies;
  for (const table of ['customers', 'loans', 'items', 'transactions', 'categories'] as const) {
    const rows = await t.db.selectFrom(table).select(['uuid', 'company_id']).where('company_id', 'in', [a, b]).execute();
    const seen = new Set<string>();
    for (const row of rows) {
      if (seen.has(row.uuid)) throw new Error(`${table}: ${row.uuid} twice on the server`);
      seen.add(row.uuid);
      const made = world.madeIn.get(row.uuid);
      if (made !== undefined && made !== row.company_id) throw new Error(`${table}: ${row.uuid}, made in company ${made}, is in company ${row.company_id}`);
    }
  }
  const loans = await t.db.selectFrom('loans').select(['uuid', 'status', 'renewed_from', 'new_loan']).where('company_id', 'in', [a, b]).execute();
  const renewals = new Map<string, number>();
  for (const loan of loans) if (loan.renewed_from) renewals.set(loan.renewed_from, (renewals.get(loan.renewed_from) ?? 0) + 1);
  for (const loan of loans) {
    const count = renewals.get(loan.uuid) ?? 0;
    if (count !== (loan.status === 'renewed' ? 1 : 0)) throw new Error(`loan ${loan.uuid} (${loan.status}) has ${count} renewals`);
  }
  const transactions = await t.db.selectFrom('transactions').select(['loan_uuid', 'type', 'item_uuid']).where('company_id', 'in', [a, b]).execute();
  const once = new Set<string>();
  for (const tr of transactions) {
    const key = `${tr.loan_uuid}/${tr.type}/${tr.item_uuid ?? ''}`;
    if (once.has(key)) throw new Error(`transaction ${key} twice`);
    once.add(key);
  }
  // The money follows the actions the server applied: a new ticket's cash out (none for a renewal's), a
  // redemption's principal back, a sale's price.
  for (const loan of loans) {
    if (once.has(`${loan.uuid}/disbursement/`) === Boolean(loan.renewed_from)) throw new Error(`loan ${loan.uuid}: its disbursement does not follow how it was made`);
    if (once.has(`${loan.uuid}/redemption/`) !== (loan.status === 'redeemed')) throw new Error(`loan ${loan.uuid} (${loan.status}): its redemption money does not follow its status`);
  }
  const items = await t.db.selectFrom('items').select(['uuid', 'loan_uuid', 'status']).where('company_id', 'in', [a, b]).execute();
  const sales = new Set(transactions.filter((tr) => tr.type === 'sale').map((tr) => tr.item_uuid));
  for (const item of items) if (sales.has(item.uuid) !== (item.status === 'sold')) throw new Error(`item ${item.uuid} (${item.status}): its sale money does not follow its status`);
}

/** The device's own database (session and settings) holds no one's book: it is read while nobody is signed in. */
async function checkDeviceDatabase(device: Device): Promise<void> {
  const own = use(device).database.deviceDatabase();
  for (const table of ['customers', 'loans', 'items', 'transactions', 'categories'] as const) {
    const rows = await own.table(table).count();
    if (rows) throw new Error(`${device.name}: ${rows} ${table} in the device's own database, outside every book`);
  }
}

async function converge(world: World): Promise<void> {
  for (const device of world.devices) for (const n of device.users) await drain(world, device, n);
  await checkServer(world);
  for (const device of world.devices) for (const n of device.users) await compareBook(world, device, n);
  for (const device of world.devices) await checkDeviceDatabase(device);
}

// ---------------------------------------------------------------------------------------------------------------

/** The faults of a queue run (each sync step picks one; 'none' twice as often). */
const FAULTS: Fault[] = ['none', 'none', 'drop', 'restart', 'offline', 'switch', 'leave'];

const device = fc.integer({ min: 0, max: 2 });
// Picks among few rows, so that devices often act on the same record.
const pickArb = fc.nat({ max: 3 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ t: fc.constant('customer' as const), d: device }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('editCustomer' as const), d: device, pick: pickArb, field: fc.constantFrom('phone_number' as const, 'address' as const), value: fc.nat({ max: 99 }) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('loan' as const), d: device, pick: pickArb, items: fc.integer({ min: 1, max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('notes' as const), d: device, pick: pickArb, value: fc.nat({ max: 99 }) }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constantFrom('renew' as const, 'redeem' as const, 'forfeit' as const, 'addItem' as const), d: device, pick: pickArb }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('editItem' as const), d: device, pick: pickArb, value: fc.nat({ max: 99 }) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constantFrom('process' as const, 'sell' as const), d: device, pick: pickArb }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('editCategory' as const), d: device, value: fc.nat({ max: 99 }) }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('sync' as const), d: device, fault: fc.constantFrom<Fault>(...FAULTS) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constantFrom('pull' as const, 'syncAndPull' as const, 'restart' as const, 'signOut' as const), d: device }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('signIn' as const), d: device, user: fc.integer({ min: 0, max: 2 }) }) },
);

const RUNS = Number(process.env.CONVERGENCE_RUNS ?? 15);
const MAX_STEPS = Number(process.env.CONVERGENCE_STEPS ?? 30);

let jitter: { mockRestore(): void } | undefined;

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address;
  vi.stubGlobal('fetch', deviceFetch);
  // A fixed back-off jitter for the devices' queues (a retry is due at a known time), as a run replays.
  jitter = vi.spyOn(Math, 'random').mockReturnValue(0.5);
  const home = await registerCompany(t.app, 'Users');
  people = [home, await addUser(t.app, home.companyId, { userType: 'personnel' }), await addUser(t.app, home.companyId, { userType: 'personnel' })];
}, 60_000);

afterAll(async () => {
  if (process.env.CONVERGENCE_DEBUG) console.log([...stats].sort().map(([k, v]) => `${v}\t${k}`).join('\n'));
  vi.unstubAllGlobals();
  jitter?.mockRestore();
  await t?.close();
});

/** One run: a new world, the steps, then drain, pull and compare. */
async function runSteps(steps: Step[]): Promise<void> {
  const started = performance.now();
  const world = await makeWorld();
  try {
    for (const step of steps) await runStep(world, step);
    await converge(world);
    if (process.env.CONVERGENCE_DEBUG) console.log(`${Math.round(performance.now() - started)} ms\n  ${world.log.join('\n  ')}`);
  } catch (error) {
    if (process.env.CONVERGENCE_DEBUG) console.log(error, `\nfailing steps: ${JSON.stringify(steps)}`);
    throw new Error(`${(error as Error).message}\n  what happened:\n  ${world.log.join('\n  ')}`, { cause: error });
  }
}

describe('the offline book converges to the server', () => {
  it(
    'after random actions, refusals, lost replies, tab restarts and sign-ins on three devices',
    async () => {
      await fc.assert(fc.asyncProperty(fc.array(stepArb, { minLength: 10, maxLength: MAX_STEPS }), runSteps), { numRuns: RUNS });
    },
    // Shrinking a failure takes longer than the runs: the budget scales with them.
    Math.max(300_000, RUNS * 15_000),
  );

  // The sequences that found the runner applying a reply to the book in use when it arrived, not to the book whose
  // entry it sent (fixed in 18dfbeb): company A's row stayed in B's user's book, B's entry with the same id was
  // marked sent and never reached the server, and a sign-out alone wrote the reply into the device's own database.
  it('a reply arriving after another company\'s user signed in stays with its own book', () =>
    runSteps([
      { t: 'customer', d: 0 },
      { t: 'sync', d: 0, fault: 'switch' },
    ]));

  it('a reply arriving after another user signed in does not complete that user\'s entry', () =>
    runSteps([
      { t: 'signIn', d: 0, user: 2 },
      { t: 'customer', d: 0 },
      { t: 'signIn', d: 0, user: 0 },
      { t: 'customer', d: 0 },
      { t: 'sync', d: 0, fault: 'switch' },
    ]));

  it('a reply arriving after its user signed out is not written outside every book', () =>
    runSteps([
      { t: 'customer', d: 0 },
      { t: 'sync', d: 0, fault: 'leave' },
    ]));

  // Found by this model: an item change whose reply was lost is sent again after another counter renewed the
  // item's loan and this device pulled. The stored reply (older than the pulled copy) is rightly ignored, and the
  // pulled copy (under the new ticket) must also leave the old ticket's nested items (queue-apply.ts settle()).
  it('an item moved by a renewal elsewhere leaves its old ticket when its own change settles', () =>
    runSteps([
      { t: 'editItem', d: 2, pick: 0, value: 1 },
      { t: 'sync', d: 2, fault: 'drop' },
      { t: 'renew', d: 0, pick: 0 },
      { t: 'sync', d: 0, fault: 'none' },
      { t: 'pull', d: 2 },
      { t: 'sync', d: 2, fault: 'none' },
    ]));

  // A counterexample fast-check printed, run alone: CONVERGENCE_REPLAY='[{"t":"customer","d":0}, ...]'.
  it.runIf(Boolean(process.env.CONVERGENCE_REPLAY))('replays a given sequence', async () => {
    await runSteps(JSON.parse(process.env.CONVERGENCE_REPLAY ?? '[]') as Step[]);
  });
});
