import net from 'node:net';

/**
 * A port the system has free now (it gives one and it is closed again). A random one from 20000-39999 was taken at
 * times: from 32768 up it is the range the system gives outgoing connections.
 */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
