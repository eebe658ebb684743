import { afterEach, describe, expect, it, vi } from 'vitest';

// The page's CSP has no 'unsafe-eval': in the browser the contracts' zod must never reach for `Function`
// (its probe is reported as a CSP violation even when caught; packages/contracts/src/zod.ts).
describe('contracts in the browser', () => {
  const original = globalThis.Function;
  afterEach(() => {
    globalThis.Function = original;
  });

  it('parse object schemas without compiling code', async () => {
    const reached = vi.fn();
    globalThis.Function = new Proxy(original, {
      construct: (target, args: unknown[]) => {
        reached();
        return Reflect.construct(target, args) as object;
      },
      apply: (target, self: unknown, args: unknown[]) => {
        reached();
        return Reflect.apply(target, self, args) as unknown;
      },
    });
    const { loginBodySchema } = await import('@kalinga/contracts/auth');
    for (let i = 0; i < 3; i++) expect(loginBodySchema.safeParse({ email: 'a@b.test', password: 'x' }).success).toBe(true);
    expect(loginBodySchema.safeParse({ email: 'not an email' }).success).toBe(false);
    expect(reached).not.toHaveBeenCalled();
  });
});
