import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The app's routes as apps/web/src/app/router.tsx declares them, read from its source so that a walk of every route
// (e2e/every-route-languages.e2e.test.ts) walks a new route without being told: guest routes, the signed-in ones with
// the access each needs, and which of them take a parameter (`:id`).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP = path.join(root, 'apps/web/src/app');

/** What a route needs (app/nav.ts's Access). */
export interface Access {
  permission?: string;
  anyOf?: string[];
  role?: string;
  anyRole?: string[];
  supervisor?: boolean;
}

export interface AppRoute {
  /** The path as declared, '/' first: '/lending/loans/:uuid'. */
  path: string;
  /** Signed in (with `access`) or a guest's screen. */
  signedIn: boolean;
  access: Access;
}

/** `{ permission: 'x', anyRole: ['a', 'b'] }` as written in the source, read as data. */
function accessOf(literal: string): Access {
  const json = literal.replace(/([A-Za-z]+):/g, '"$1":').replace(/'/g, '"');
  return JSON.parse(json) as Access;
}

/** The named Access constants of app/nav.ts (`SYNC_ACCESS` and the like). */
function namedAccess(): Map<string, Access> {
  const source = fs.readFileSync(path.join(APP, 'nav.ts'), 'utf8');
  return new Map([...source.matchAll(/export const ([A-Z_]+): Access = (\{[^;]*\});/g)].map((m) => [m[1], accessOf(m[2])]));
}

/** Every route a person can land on; redirects (`<Navigate …>`) and the landing index are left out (they show another route's screen). */
export function appRoutes(): AppRoute[] {
  const source = fs.readFileSync(path.join(APP, 'router.tsx'), 'utf8');
  const named = namedAccess();
  const routes: AppRoute[] = [];
  for (const m of source.matchAll(/^\s*\{ path: '(\/[a-z-]+)', element: <(\w+)/gm)) {
    // A guest's screen (GuestOnly) or anyone's (the crisis screen): walked before signing in.
    if (m[1] !== '/') routes.push({ path: m[1], signedIn: false, access: {} });
  }
  for (const m of source.matchAll(/^\s*page\('([^']+)', <(\w+)[^\n]*?(?:, (\{[^}]*\}|[A-Z_]+))?\),$/gm)) {
    if (m[2] === 'Navigate') continue;
    const access = m[3] ? (m[3].startsWith('{') ? accessOf(m[3]) : named.get(m[3])) : {};
    if (!access) throw new Error(`router.tsx names an access constant nav.ts does not export: ${m[3]}`);
    routes.push({ path: m[1] === '*' ? '/no-such-page' : `/${m[1]}`, signedIn: true, access });
  }
  if (routes.length < 30) throw new Error(`Read only ${routes.length} routes from router.tsx: has its form changed?`);
  return routes;
}

/** A demo person as the sign-in answers: their roles and permissions. */
export interface Person {
  email: string;
  roles: string[];
  permissions: string[];
  supervises?: boolean;
}

/** app/nav.ts's canAccess, for a person read from the API. */
export function mayOpen(person: Person, access: Access): boolean {
  if (access.permission && !person.permissions.includes(access.permission)) return false;
  if (access.anyOf && !access.anyOf.some((p) => person.permissions.includes(p))) return false;
  if (access.role && !person.roles.includes(access.role)) return false;
  if (access.anyRole && !access.anyRole.some((r) => person.roles.includes(r))) return false;
  if (access.supervisor && !person.supervises) return false;
  return true;
}

/** The pattern a route's path makes (`:uuid` is one path segment). */
export function pathPattern(route: string): RegExp {
  return new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/?#]+')}$`);
}
