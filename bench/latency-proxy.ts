import net from 'node:net';

// A TCP proxy on loopback that holds every chunk for half the added round trip in each direction, in order: a
// phone's network in front of the real server (decision 0130). Connecting costs nothing extra (the handshake is local),
// so a request pays the round trip once, as on a kept-alive connection.

export interface LatencyProxy {
  baseURL: string;
  close(): Promise<void>;
}

/** Sends what `from` receives to `to` `delayMs` later, keeping the order, and ends `to` after the last chunk. */
function pipeDelayed(from: net.Socket, to: net.Socket, delayMs: number): void {
  const queue: { at: number; chunk: Buffer | null }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const now = Date.now();
    while (queue.length > 0 && queue[0].at <= now) {
      const { chunk } = queue.shift()!;
      if (to.destroyed) return;
      if (chunk) to.write(chunk);
      else to.end();
    }
    if (queue.length > 0) timer = setTimeout(flush, queue[0].at - now);
  };
  const push = (chunk: Buffer | null) => {
    queue.push({ at: Date.now() + delayMs, chunk });
    timer ??= setTimeout(flush, Math.max(0, queue[0].at - Date.now()));
  };
  from.on('data', (chunk: Buffer) => push(chunk));
  from.on('end', () => push(null));
  from.on('error', () => to.destroy());
  from.on('close', () => {
    if (queue.length === 0) to.destroy();
  });
}

/** Listens on a free loopback port and forwards to `target` with `roundTripMs` added to every round trip. */
export async function startLatencyProxy(target: string, roundTripMs: number): Promise<LatencyProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    pipeDelayed(client, upstream, roundTripMs / 2);
    pipeDelayed(upstream, client, roundTripMs / 2);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as net.AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${own}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
