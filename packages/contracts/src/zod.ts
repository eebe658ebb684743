import { z } from 'zod';

// Every contract takes zod from here, so this runs before any schema is built or parsed.
// In a browser page: the app's Content-Security-Policy has no 'unsafe-eval' (server plugins/security-headers.ts).
// zod's faster object parsing compiles code with `new Function`; its probe for that is refused by the policy and
// reported as a violation (an issue in DevTools, and a lost point in Lighthouse's best practices) even though
// zod catches it.
// Pages parse small payloads, so zod runs without compiling there; the server keeps the faster parsing.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
