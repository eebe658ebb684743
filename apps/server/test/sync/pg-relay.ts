import net from 'node:net';

/**
 * A TCP relay to the test's PostgreSQL. `freeze` stops carrying the bytes of the connections open through it, in
 * both directions, with no error and no end: a connection that died silently. New connections pass as before.
 */
export async function relayTo(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [inbound, outbound];
    pairs.add(pair);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    const drop = () => {
      pairs.delete(pair);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', drop).on('close', drop);
    outbound.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    freeze() {
      for (const [inbound, outbound] of pairs) {
        inbound.unpipe(outbound);
        outbound.unpipe(inbound);
        inbound.pause();
        outbound.pause();
      }
    },
    async close() {
      server.close();
      for (const [inbound, outbound] of [...pairs]) {
        inbound.destroy();
        outbound.destroy();
      }
    },
  };
}
