import type { ErrorReply } from '@kalinga/contracts/common';
import { BRANCH_KEY, COMPANY_KEY, TOKEN_KEY } from './storage-keys';
import { currentLanguage } from './i18n';
import { noteRead, takeEarlyReply } from './early-reads';

export { COMPANY_KEY, TOKEN_KEY };

/** A call that needs the server fails at once offline, and after this long without a reply (uploads get longer). */
export const REQUEST_TIMEOUT_MS = 20_000;
export const UPLOAD_TIMEOUT_MS = 90_000;
export const OFFLINE_MESSAGE = 'You are offline';
export const TIMEOUT_MESSAGE = 'The server did not answer in time';
const GENERIC_MESSAGE = 'An unexpected error occurred. Please try again.';

/**
 * A failed call: the server's message and field errors, or a network failure (status 0). `fromServer` is false when
 * the reply carried no message of its own and `message` is the client's generic text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly fromServer = status > 0,
  ) {
    super(message);
  }
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => {};

/** The auth module decides what a 401 means (clear the session, go to /login). */
export function setUnauthorizedHandler(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

function headers(json: boolean): Headers {
  const h = new Headers({ Accept: 'application/json' });
  if (json) h.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) h.set('Authorization', `Bearer ${token}`);
  const company = localStorage.getItem(COMPANY_KEY);
  if (company) h.set('X-Company-Id', company);
  const branch = localStorage.getItem(BRANCH_KEY);
  if (branch) h.set('X-Kalinga-Branch', branch);
  // The server writes its validation messages and refusals in the language in use (decision 0247).
  h.set('Accept-Language', currentLanguage());
  return h;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** A reply as it came: status, parsed body (JSON or text), headers. */
export interface RawReply {
  status: number;
  payload: unknown;
  headers: Headers;
}

async function readPayload(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get('content-type') ?? '';
  return type.includes('application/json') ? await res.json().catch(() => null) : await res.text().catch(() => '');
}

/**
 * The low-level call (token, company, JSON) that does not throw on an error status: the sync queue needs the
 * status code. A network failure (no reply) throws ApiError with status 0; a 401 still reaches the auth module.
 */
export async function rawRequest(method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<RawReply> {
  const h = headers(body !== undefined);
  for (const [k, v] of Object.entries(extra ?? {})) h.set(k, v);
  // A server that never answers must not hold the queue's lock forever: the upload limit, as entries may carry images.
  const res = await fetchOrFail(path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) }, UPLOAD_TIMEOUT_MS);
  let payload: unknown;
  try {
    payload = await readPayload(res);
  } catch {
    // The reply was cut off while its body was read: as good as no reply.
    throw new ApiError(0, 'The connection was lost while the server replied.');
  }
  if (res.status === 401) onUnauthorized();
  return { status: res.status, payload, headers: res.headers };
}

/** fetch that never waits on a dead network: refused at once offline, aborted after `timeoutMs` without a reply. */
async function fetchOrFail(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(0, OFFLINE_MESSAGE);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    if (controller.signal.aborted) throw new ApiError(0, TIMEOUT_MESSAGE);
    throw new ApiError(0, OFFLINE_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A GET the page's start-up script already sent with the same token, company and language (decision 0252), waited
 * for as fetchOrFail waits: refused offline, given up after `timeoutMs`. Undefined when there is none.
 */
function earlyReply(url: string, h: Headers, timeoutMs: number): Promise<Response> | undefined {
  const language = h.get('Accept-Language') ?? '';
  noteRead(url, language);
  const early = takeEarlyReply(url, getToken(), h.get('X-Company-Id'), language);
  if (!early) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ApiError(0, TIMEOUT_MESSAGE)), timeoutMs);
  });
  return Promise.race([early.catch(() => Promise.reject(new ApiError(0, OFFLINE_MESSAGE))), timeout]).finally(() => clearTimeout(timer));
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const isForm = body instanceof FormData;
  const url = withQuery(path, query);
  const h = headers(!isForm && body !== undefined);
  const timeoutMs = isForm ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
  const early = method === 'GET' ? earlyReply(url, h, timeoutMs) : undefined;
  const res = await (early ?? fetchOrFail(url, { method, headers: h, body: body === undefined ? undefined : isForm ? body : JSON.stringify(body) }, timeoutMs));
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  const payload: unknown = type.includes('application/json') ? await res.json().catch(() => null) : await res.text().catch(() => '');
  if (!res.ok) {
    const err = (payload && typeof payload === 'object' ? payload : {}) as Partial<ErrorReply>;
    const error = new ApiError(res.status, err.message ?? GENERIC_MESSAGE, err.errors ?? {}, typeof err.message === 'string');
    if (res.status === 401) onUnauthorized();
    throw error;
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  del: <T>(path: string) => request<T>('DELETE', path),
  /** Multipart write (images); the browser sets the boundary. */
  postForm: <T>(path: string, form: FormData) => request<T>('POST', path, form),
};

/** The request got no reply: offline, timed out or cut off (the server said nothing). */
export function isNoReply(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 0;
}

/**
 * The message to show for a failed call: the server's message, else the fallback. Without a reply the product's
 * fallback text (product-rules.md#messages) stays and the reason follows it ('Failed to book appointment: You are offline').
 */
export function errorMessage(error: unknown, fallback = GENERIC_MESSAGE): string {
  if (isNoReply(error)) return fallback === GENERIC_MESSAGE ? error.message : `${fallback}: ${error.message}`;
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * For the 'server message or {fallback}' texts of product-rules.md#messages (the Appointments list: 'An error occurred'): the server's own
 * message, else the fallback — never the client's generic text. Without a reply the reason follows the fallback.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (isNoReply(error)) return `${fallback}: ${error.message}`;
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  return fallback;
}
