import { type ChangeScope, CHANGE_EVENTS_PATH, CHANGED_EVENT, parseChangedSignal, type PushedDelta } from '@kalinga/contracts/live-changes';
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openApp, type TestApp } from '../harness';

/** An open GET /api/sync/events as a device reads it: the `changed` events so far, in order. */
export interface LiveStream {
  status: number;
  headers: Headers;
  signals: ChangeScope[][];
  /** Beside each signal, the delta it carried (decision 0360), or null for a plain signal. */
  deltas: (PushedDelta | null)[];
  /** Comment lines and fields other than events (`retry:`), to see the stream is being written. */
  preamble: string[];
  /** Whether the server ended it (or close() did). */
  ended: boolean;
  close(): void;
}

/** Listens on a free local port (once) and gives the base URL. */
export async function baseUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Opens the stream with `headers` and reads it in the background until closed. It is read over a connection of its
 * own (node:http without an agent): close() destroys that connection, so nothing of the stream's is left on the
 * server. fetch() left the server a spare connection that carried no request; the server's close waited for it
 * until the client's keep-alive timer ended it, seconds later.
 */
export async function openLiveStream(app: FastifyInstance, headers: Record<string, string>): Promise<LiveStream> {
  const url = `${await baseUrl(app)}${CHANGE_EVENTS_PATH}`;
  const request = http.get(url, { headers, agent: false });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => request.once('response', resolve).once('error', reject));
  const stream: LiveStream = {
    status: res.statusCode ?? 0,
    headers: new Headers(Object.entries(res.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]]))),
    signals: [],
    deltas: [],
    preamble: [],
    ended: false,
    close: () => request.destroy(),
  };
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event === CHANGED_EVENT && data !== undefined) {
        const signal = parseChangedSignal(data);
        stream.signals.push(signal.scopes);
        stream.deltas.push(signal.delta ?? null);
      }
      else stream.preamble.push(block);
    }
  });
  // Ended by the server, or destroyed by close().
  res.once('close', () => (stream.ended = true));
  request.on('error', () => undefined);
  return stream;
}

/**
 * A second instance of the app on the first one's PostgreSQL database (its own pool and its own listener), as
 * another machine would run it. On SQLite the same app is given back: there one instance is supported.
 */
export async function secondInstance(first: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (first.config.database.kind !== 'postgres') return { app: first.app, close: async () => undefined };
  return openApp(first.config);
}
