import { START_UP_READS_PATH } from '@kalinga/contracts/start-up-reads-constants';

/** The reads one request of the page's start-up asks for: the start-up request's `url` parameters, or the request itself. */
export function readsOf(url: string): string[] {
  if (!url.startsWith(`${START_UP_READS_PATH}?`)) return [url];
  return new URLSearchParams(url.slice(url.indexOf('?') + 1)).getAll('url');
}

/** The server's answer to `url`: for the start-up request, each read answered 200 with `body(read)`; else `body(url)`. */
export function startUpReply(url: string, body: (read: string) => unknown = () => ({})): Response {
  const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
  if (!url.startsWith(`${START_UP_READS_PATH}?`)) return json(body(url));
  return json({ replies: readsOf(url).map((read) => ({ url: read, status: 200, type: 'application/json', body: JSON.stringify(body(read)) })) });
}
