// A real SMTP server for tests and the bench (the `smtp-server` package): it accepts every message on a free
// local port, keeps what arrived (parsed with mailparser, or just counted), and can refuse the next messages.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  /** SMTP envelope recipients. */
  to: string[];
  mail: ParsedMail;
}

export interface SmtpReceiver {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: Received[];
  count(): number;
  /** Refuse the next `n` messages with this SMTP code (4xx: try again later, 5xx: permanent). */
  refuseNext(n: number, code: number, message?: string): void;
  /** Resolves once `n` messages arrived in all; rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(options: { parse?: boolean } = {}): Promise<SmtpReceiver> {
  const parse = options.parse ?? true;
  const received: Received[] = [];
  let counted = 0;
  let refusals: { left: number; code: number; message: string } = { left: 0, code: 0, message: '' };
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals.left > 0) {
          refusals.left--;
          callback(Object.assign(new Error(refusals.message), { responseCode: refusals.code }));
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address);
        const done = () => {
          counted++;
          for (const w of waiters) w();
          callback();
        };
        if (!parse) return done();
        simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push({ to, mail });
          done();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    count: () => counted,
    refuseNext(n, code, message = 'Refused by the test receiver') {
      refusals = { left: n, code, message };
    },
    waitFor(n, timeoutMs = 20_000) {
      if (counted >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (counted < n) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${n} messages, ${counted} arrived`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
