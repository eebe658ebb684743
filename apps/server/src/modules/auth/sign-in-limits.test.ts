import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, TEST_PASSWORD, type Actor, type TestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/database';
import { ATTEMPT_LIMITS, clientNetwork } from './attempt-limits';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Limits School');
});
afterAll(async () => {
  await t.close();
});

const WAIT = /^Too many sign-in attempts\. Please try again in \d+ seconds\.$/;
const signIn = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress, headers });
const student = async () => (await addUser(t.app, admin.companyId)).user.email;
const addressCount = async (address: string) =>
  (await t.db.selectFrom('auth_attempts').select('count').where('key', '=', `addr:${address}`).executeTakeFirst())?.count ?? 0;

describe('failures per account and address', () => {
  it('locks an account from one address after five wrong passwords (429, Retry-After), while it still signs in from another', async () => {
    const email = await student();
    for (let i = 0; i < ATTEMPT_LIMITS.accountAddress.max; i++) expect((await signIn(email, 'wrong-password', '10.1.0.1')).statusCode).toBe(422);
    const locked = await signIn(email, TEST_PASSWORD, '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(WAIT);
    const wait = Number(locked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ATTEMPT_LIMITS.accountAddress.windowMs / 1000);
    expect(locked.json().message).toBe(`Too many sign-in attempts. Please try again in ${wait} seconds.`);
    expect((await signIn(email, TEST_PASSWORD, '10.1.0.2')).statusCode).toBe(200);
  });

  it("one student's wrong passwords behind a school's shared address do not lock out the other students", async () => {
    const [clumsy, other] = [await student(), await student()];
    for (let i = 0; i < 6; i++) await signIn(clumsy, 'wrong-password', '10.1.1.1');
    expect((await signIn(clumsy, TEST_PASSWORD, '10.1.1.1')).statusCode).toBe(429);
    expect((await signIn(other, TEST_PASSWORD, '10.1.1.1')).statusCode).toBe(200);
  });

  it("a success clears its account's count from that address, but not the address's count of others' failures", async () => {
    const [email, other] = [await student(), await student()];
    await signIn(other, 'wrong-password', '10.1.2.1');
    for (let i = 0; i < ATTEMPT_LIMITS.accountAddress.max - 1; i++) await signIn(email, 'wrong-password', '10.1.2.1');
    expect(await addressCount('10.1.2.1')).toBe(ATTEMPT_LIMITS.accountAddress.max);
    expect((await signIn(email, TEST_PASSWORD, '10.1.2.1')).statusCode).toBe(200);
    // The address still counts every failure; the account may fail five times afresh.
    expect(await addressCount('10.1.2.1')).toBe(ATTEMPT_LIMITS.accountAddress.max);
    for (let i = 0; i < ATTEMPT_LIMITS.accountAddress.max; i++) expect((await signIn(email, 'wrong-password', '10.1.2.1')).statusCode).toBe(422);
    expect((await signIn(email, TEST_PASSWORD, '10.1.2.1')).statusCode).toBe(429);
  });

  it('of concurrent wrong guesses for one account from one address only five are checked', async () => {
    const email = await student();
    const replies = await Promise.all(Array.from({ length: 12 }, () => signIn(email, 'wrong-password', '10.1.3.1')));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 422)).toHaveLength(ATTEMPT_LIMITS.accountAddress.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - ATTEMPT_LIMITS.accountAddress.max);
  });
});

describe('failures per address', () => {
  it('refuses an address after many failures for any accounts, and other addresses go on', async () => {
    // As if 99 wrong passwords for other accounts had come from this address already.
    await t.db.insertInto('auth_attempts').values({ key: 'addr:10.2.0.1', count: ATTEMPT_LIMITS.address.max - 1, expires_at: new Date(Date.now() + 600_000).toISOString() }).execute();
    expect((await signIn('nobody-1@example.test', 'wrong-password', '10.2.0.1')).statusCode).toBe(422);
    const email = await student();
    const blocked = await signIn(email, TEST_PASSWORD, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(email, TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('starts afresh once the window has ended', async () => {
    const email = await student();
    await t.db.insertInto('auth_attempts').values({ key: `acct:${email}|10.2.1.1`, count: 50, expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await signIn(email, TEST_PASSWORD, '10.2.1.1')).statusCode).toBe(200);
  });
});

describe('IPv6', () => {
  it('counts a /64 network as one address, and an IPv4-mapped address as the IPv4 one', async () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(clientNetwork('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientNetwork('192.0.2.1')).toBe('192.0.2.1');

    const email = await student();
    for (let i = 0; i < ATTEMPT_LIMITS.accountAddress.max; i++) await signIn(email, 'wrong-password', `2001:db8:5:6::${i + 1}`);
    expect((await signIn(email, TEST_PASSWORD, '2001:db8:5:6:ffff::9')).statusCode).toBe(429);
    expect((await signIn(email, TEST_PASSWORD, '2001:db8:5:7::1')).statusCode).toBe(200);
  });
});

describe('proxy headers', () => {
  it('without TRUST_PROXY, a client that sends a new X-Forwarded-For each time is still one address', async () => {
    const email = await student();
    for (let i = 0; i < ATTEMPT_LIMITS.accountAddress.max; i++) await signIn(email, 'wrong-password', '10.3.0.1', { 'x-forwarded-for': `198.51.100.${i}` });
    expect((await signIn(email, TEST_PASSWORD, '10.3.0.1', { 'x-forwarded-for': '198.51.100.200' })).statusCode).toBe(429);
  });

  it('behind a trusted proxy, the forwarded address is the client', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.3.1.1' });
    try {
      const company = await registerCompany(proxied.app, 'Proxied School');
      const email = company.user.email;
      for (let i = 0; i < ATTEMPT_LIMITS.accountAddress.max; i++) await signIn(email, 'wrong-password', '10.3.1.1', { 'x-forwarded-for': '203.0.113.5' }, proxied.app);
      expect((await signIn(email, TEST_PASSWORD, '10.3.1.1', { 'x-forwarded-for': '203.0.113.5' }, proxied.app)).statusCode).toBe(429);
      expect((await signIn(email, TEST_PASSWORD, '10.3.1.1', { 'x-forwarded-for': '203.0.113.6' }, proxied.app)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('two server processes on one database', () => {
  it('enforce one limit: failures on either count together', async () => {
    const db2 = createDatabase(t.config.database);
    const app2 = await buildApp({ config: t.config, db: db2 });
    try {
      const email = await student();
      for (let i = 0; i < ATTEMPT_LIMITS.accountAddress.max; i++) await signIn(email, 'wrong-password', '10.4.0.1', {}, i % 2 ? app2 : t.app);
      expect((await signIn(email, TEST_PASSWORD, '10.4.0.1', {}, app2)).statusCode).toBe(429);
      expect((await signIn(email, TEST_PASSWORD, '10.4.0.1', {}, t.app)).statusCode).toBe(429);
    } finally {
      await app2.close();
      await db2.destroy();
    }
  });
});

describe('the current-password check', () => {
  it('is limited like sign-in, and shares its count', async () => {
    const user = await addUser(t.app, admin.companyId);
    const change = (current: string) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: user.headers, remoteAddress: '10.5.0.1', payload: { name: 'Changer', current_password: current, new_password: 'a-brand-new-pass' } });
    for (let i = 0; i < ATTEMPT_LIMITS.accountAddress.max; i++) expect((await change('wrong-password')).statusCode).toBe(422);
    const locked = await change(TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(WAIT);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(user.user.email, TEST_PASSWORD, '10.5.0.1')).statusCode).toBe(429);
    expect((await signIn(user.user.email, TEST_PASSWORD, '10.5.0.2')).statusCode).toBe(200);
  });
});

describe('registration', () => {
  const registerFrom = (address: string, i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: address,
      payload: { name: 'Many', email: `many-${address}-${i}@example.test`, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, companyName: `School ${i}` },
    });

  it('is limited per address: ten an hour, then 429 with Retry-After', async () => {
    for (let i = 0; i < ATTEMPT_LIMITS.registration.max; i++) expect((await registerFrom('10.6.0.1', i)).statusCode).toBe(201);
    const refused = await registerFrom('10.6.0.1', 99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many registration attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await registerFrom('10.6.0.2', 99)).statusCode).toBe(201);
  });
});
