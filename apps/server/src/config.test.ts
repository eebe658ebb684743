import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to port 3000 and an SQLite file under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data/kalinga.sqlite') });
    expect(config.uploadsDir).toBe(path.resolve('data/uploads'));
    expect(config.demoData).toBe(true);
  });

  it('selects PostgreSQL for a postgres:// URL and treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('sqlite');
  });

  it('stops with one readable line naming each wrong variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      expect(message.split('\n')).toHaveLength(1);
      expect(message).toMatch(/^Invalid configuration: /);
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/LOG_LEVEL/);
      expect(message).toMatch(/DATABASE_URL/);
    }
  });

  it('sends email only with SMTP_URL; links point at PUBLIC_URL (default http://localhost:PORT)', () => {
    expect(loadConfig({}).email).toBeNull();
    expect(loadConfig({ PORT: '3104' }).publicUrl).toBe('http://localhost:3104');
    const c = loadConfig({ SMTP_URL: 'smtp://user:pw@mail.example:587', SMTP_FROM: 'Kalinga <care@school.example>', PUBLIC_URL: 'https://care.school.example/' });
    expect(c.email).toEqual({ smtpUrl: 'smtp://user:pw@mail.example:587', from: 'Kalinga <care@school.example>' });
    expect(c.publicUrl).toBe('https://care.school.example');
    expect(() => loadConfig({ SMTP_URL: 'mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });

  it('in production, stops with one line when PUBLIC_URL is missing rather than link emails to localhost', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:25' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/^Invalid configuration: PUBLIC_URL: must be set when NODE_ENV=production [^\n]*$/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://care.school.example' }).publicUrl).toBe('https://care.school.example');
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBe('http://localhost:3000');
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.1.0/24,::1,loopback' }).trustProxy).toEqual(['10.0.0.5', '192.168.1.0/24', '::1', 'loopback']);
    for (const wrong of ['true', '10.0.0.300', '10.0.0.0/40', 'proxy.example', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('schedules a daily backup into DATA_DIR/backups keeping 7 unless BACKUP_* say otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/kalinga' }).backup).toEqual({ dir: '/srv/kalinga/backups', everyMinutes: 24 * 60, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: '/mnt/other-disk/kalinga', BACKUP_EVERY_HOURS: '0', BACKUP_KEEP: '30' }).backup).toEqual({ dir: '/mnt/other-disk/kalinga', everyMinutes: 0, keep: 30 });
    // Minutes, to try retention without waiting days (decision 0226); not both.
    expect(loadConfig({ BACKUP_EVERY_MINUTES: '5' }).backup.everyMinutes).toBe(5);
    expect(() => loadConfig({ BACKUP_EVERY_MINUTES: '0' })).toThrow(/BACKUP_EVERY_MINUTES/);
    expect(() => loadConfig({ BACKUP_EVERY_MINUTES: '5', BACKUP_EVERY_HOURS: '1' })).toThrow('set BACKUP_EVERY_HOURS or BACKUP_EVERY_MINUTES, not both');
    for (const [name, wrong] of [['BACKUP_EVERY_HOURS', '1.5'], ['BACKUP_EVERY_HOURS', '-1'], ['BACKUP_KEEP', '0'], ['BACKUP_KEEP', 'all']]) {
      expect(() => loadConfig({ [name]: wrong }), `${name}=${wrong}`).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
    }
  });
});
