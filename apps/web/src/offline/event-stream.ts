// Reads a server-sent-events reply through fetch, which (unlike EventSource) can send the Authorization and
// X-Company-Id headers every /api call carries (docs/decisions/0325-changes-pushed-to-devices.md). Only what the
// server writes is understood: `event:`, `data:` (one line), `retry:` and comment lines.

export interface StreamHandlers {
  /** The server answered 200: the stream is open. */
  onOpen(): void;
  onEvent(name: string, data: string): void;
  /** The server's `retry:`, in milliseconds. */
  onRetry(ms: number): void;
}

/** Reads one stream to its end; resolves with the reply's status (200 once it has ended), rejects on a network failure. */
export async function readEventStream(url: string, headers: Headers, signal: AbortSignal, handlers: StreamHandlers): Promise<number> {
  headers.set('Accept', 'text/event-stream');
  const res = await fetch(url, { headers, signal, cache: 'no-store' });
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    return res.status;
  }
  handlers.onOpen();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 200;
    buffer += value.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      readBlock(buffer.slice(0, end), handlers);
      buffer = buffer.slice(end + 2);
    }
  }
}

function readBlock(block: string, handlers: StreamHandlers): void {
  let name = 'message';
  let data: string | null = null;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data = data === null ? value : `${data}\n${value}`;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry(Number(value));
  }
  if (data !== null) handlers.onEvent(name, data);
}
