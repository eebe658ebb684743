import type { RouteObject } from 'react-router';

// The routes that can match a path, for useRoutes (router.tsx). React Router's declarative matching flattens, ranks
// and compiles a pattern for every route on every render of the route list; with the app's ~50 screens that was one
// component render of 20 ms or more on a phone, a long task of its own at every start and navigation (decision
// 0388). A route whose first segment is a fixed word other than the path's first segment can never match it, so it
// is left out before React Router sees the list; what it then matches is what it would have matched in the whole
// list (the test compares both for every route).

/** The routes of `list` whose pattern may match a path starting with `first` (lower case, decoded). */
function mayMatch(list: RouteObject[], first: string, under: string): RouteObject[] {
  const kept: RouteObject[] = [];
  for (const route of list) {
    if (route.index || route.path === undefined) {
      kept.push(route);
      continue;
    }
    const path = route.path.startsWith('/') ? route.path : `${under}${route.path}`;
    const segment = path.replace(/^\/+/, '').split('/')[0];
    if (segment === '') {
      // The root ('/'): its children start at the same segment.
      kept.push(route.children ? { ...route, children: mayMatch(route.children, first, '/') } : route);
      continue;
    }
    if (segment.startsWith(':') || segment.includes('*') || segment.endsWith('?')) {
      kept.push(route);
      continue;
    }
    if (segment.toLowerCase() === first) kept.push(route);
  }
  return kept;
}

const cache = new WeakMap<RouteObject[], Map<string, RouteObject[]>>();
/** Distinct first segments kept per route list (addresses typed by hand are not all kept). */
const KEPT = 64;

/** `routes` narrowed to those that may match `pathname`; the same array objects for the same first segment. */
export function routesForPath(routes: RouteObject[], pathname: string): RouteObject[] {
  let first: string;
  try {
    first = decodeURIComponent(pathname.replace(/^\/+/, '').split('/')[0]).toLowerCase();
  } catch {
    return routes;
  }
  let byFirst = cache.get(routes);
  if (!byFirst) cache.set(routes, (byFirst = new Map()));
  let narrowed = byFirst.get(first);
  if (!narrowed) {
    narrowed = mayMatch(routes, first, '/');
    if (byFirst.size >= KEPT) byFirst.delete(byFirst.keys().next().value as string);
    byFirst.set(first, narrowed);
  }
  return narrowed;
}
