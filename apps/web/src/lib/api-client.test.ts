import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS, api, errorMessage, rawRequest, serverMessageOr } from './api-client';

const fetchMock = vi.fn<typeof fetch>();
let online = true;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api client without a server', () => {
  it('a queue request the server never answers gives up, so the queue can retry (and release its lock)', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const pending = rawRequest('POST', '/api/customers', { uuid: 'x' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
  });

  it("offline, a call fails at once with 'You are offline' and never reaches the network", async () => {
    online = false;
    const error = await api.post('/api/counselor/schedule', { schedule: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toBe('You are offline');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a request the server does not answer in time fails with a timeout sentence', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const pending = api.get('/api/appointments').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = (await pending) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe('The server did not answer in time');
  });

  it("a failure without a reply keeps the spec's text and says why", () => {
    const offline = new ApiError(0, 'You are offline');
    expect(errorMessage(offline, 'Failed to book appointment')).toBe('Failed to book appointment: You are offline');
    expect(errorMessage(offline)).toBe('You are offline');
    // The server's own message still wins when there is a reply.
    expect(errorMessage(new ApiError(409, 'The time slot is taken.'), 'Failed to book appointment')).toBe('The time slot is taken.');
  });
});

describe("the spec's 'server message or An error occurred' (Appointments list)", () => {
  it("reads 'An error occurred' when the reply has no message of its own, the server's message when it has one", async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/html' } }));
    const bare = await api.get('/api/appointments').catch((e: unknown) => e);
    expect(serverMessageOr(bare, 'An error occurred')).toBe('An error occurred');
    fetchMock.mockResolvedValueOnce(Response.json({ message: 'The counselor filter is not valid.' }, { status: 422 }));
    const said = await api.get('/api/appointments').catch((e: unknown) => e);
    expect(serverMessageOr(said, 'An error occurred')).toBe('The counselor filter is not valid.');
    expect(serverMessageOr(new ApiError(0, 'You are offline'), 'An error occurred')).toBe('An error occurred: You are offline');
  });
});
