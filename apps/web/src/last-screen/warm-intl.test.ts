import { afterEach, describe, expect, it } from 'vitest';
import { INTL_WARM_URL, warmIntl } from './warm-intl';

const started: string[] = [];
class FakeWorker {
  constructor(url: string) {
    started.push(url);
  }
}

function windowAt(pathname: string, worker: unknown = FakeWorker): Parameters<typeof warmIntl>[0] {
  return { location: { pathname }, Worker: worker } as Parameters<typeof warmIntl>[0];
}

function signedIn(): void {
  localStorage.setItem('token', 'secret');
  localStorage.setItem('book_user', '41');
}

afterEach(() => {
  localStorage.clear();
  started.length = 0;
});

describe("readying the browser's Intl data in a worker (decision 0334)", () => {
  it('starts the worker on a signed-in path with a session on the device', () => {
    signedIn();
    expect(warmIntl(windowAt('/appointments'), () => localStorage)).toBe(true);
    expect(started).toEqual([INTL_WARM_URL]);
  });

  it('starts nothing on the sign-in pages, without a session, or without workers', () => {
    signedIn();
    expect(warmIntl(windowAt('/login'), () => localStorage)).toBe(false);
    expect(warmIntl(windowAt('/register'), () => localStorage)).toBe(false);
    expect(warmIntl(windowAt('/appointments', null), () => localStorage)).toBe(false);
    localStorage.clear();
    expect(warmIntl(windowAt('/appointments'), () => localStorage)).toBe(false);
    expect(started).toEqual([]);
  });

  it('starts nothing, and throws nothing, when storage or the worker is refused', () => {
    expect(warmIntl(windowAt('/appointments'), () => {
      throw new DOMException('denied', 'SecurityError');
    })).toBe(false);
    signedIn();
    class Refused {
      constructor() {
        throw new DOMException('blocked', 'SecurityError');
      }
    }
    expect(warmIntl(windowAt('/appointments', Refused), () => localStorage)).toBe(false);
  });
});
