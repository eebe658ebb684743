import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';
import { routesForPath } from './routes-for-path';

/** Every route's own address (parameters filled in), and some that no route or only the catch-all takes. */
function addresses(list: RouteObject[], under = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? under : route.path.startsWith('/') ? route.path : `${under.replace(/\/$/, '')}/${route.path}`;
    const own = route.index ? [under || '/'] : [path.replace(/:\w+/g, 'x7').replace('*', 'nothing-here')];
    return [...own, ...addresses(route.children ?? [], path)];
  });
}

const summary = (list: RouteObject[], pathname: string) =>
  matchRoutes(list, pathname)?.map((m) => ({ route: m.route.path ?? (m.route.index ? 'index' : ''), element: m.route.element, params: m.params, pathname: m.pathname }));

describe('routesForPath', () => {
  const paths = [
    ...addresses(routes),
    '/', '', '/Appointments', '/APPOINTMENTS/', '/appointments/', '//appointments', '/%61ppointments', '/nope', '/nope/deeper',
    '/lending', '/lending/loans/abc/ticket', '/clients/5/notes', '/clients/5/screenings', '/resources/12', '/settings',
    '/login/extra', '/%E0%A4%A', '/case-notes/review', '/case-notes/u-1',
  ];

  it.each(paths)('matches %s as the whole list does', (pathname) => {
    expect(summary(routesForPath(routes, pathname), pathname)).toEqual(summary(routes, pathname));
  });

  it('hands React Router far fewer routes, the same array for the same first segment', () => {
    const narrowed = routesForPath(routes, '/appointments');
    const count = (list: RouteObject[]): number => list.reduce((n, r) => n + 1 + count(r.children ?? []), 0);
    expect(count(narrowed)).toBeLessThan(10);
    expect(count(routes)).toBeGreaterThan(40);
    expect(routesForPath(routes, '/appointments/')).toBe(narrowed);
  });
});
