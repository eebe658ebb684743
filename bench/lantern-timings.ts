// LIGHTHOUSE_LANTERN=1 (bench/lighthouse.bench.ts): after each run, what Lighthouse's simulation (Lantern) put in
// front of the largest paint: each request the paint depended on, with its simulated start and end and its bytes,
// and the main thread's work, in the order they ended (decision 0386). Lighthouse keeps the last simulation of each
// label in one map of its own; it is read right after the run that filled it.
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

interface Timing {
  startTime: number;
  endTime: number;
}

interface SimNode {
  type: string;
  getDependencies?: () => SimNode[];
  childEvents?: { name: string; ts?: number; dur?: number; args?: { data?: { url?: string; stackTrace?: unknown } } }[];
  event?: { dur?: number; ts?: number };
  request?: { url: string; transferSize?: number; protocol?: string; connectionId?: number };
  duration?: number;
}

const LABELS = ['optimisticLargestContentfulPaint', 'pessimisticLargestContentfulPaint'];

function short(url: string): string {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  const last = u.pathname.split('/').pop() || u.pathname;
  return `${last}${u.search.length > 40 ? `${u.search.slice(0, 40)}…` : u.search}`;
}

function describe(node: SimNode): string {
  if (node.type !== 'cpu') return `request ${node.request ? short(node.request.url) : '?'}`;
  const names = new Map<string, number>();
  for (const e of node.childEvents ?? []) names.set(e.name, (names.get(e.name) ?? 0) + 1);
  const urls = (node.childEvents ?? []).map((e) => e.args?.data?.url).filter((u): u is string => typeof u === 'string' && u.length > 0).map(short);
  const top = [...names.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, c]) => `${n}x${c}`).join(' ');
  const line = `task ${Math.round((node.event?.dur ?? 0) / 1000)} ms observed [${top}] ${[...new Set(urls)].slice(0, 4).join(' ')}`;
  // LIGHTHOUSE_LANTERN_EVENTS=1: under a task of over 20 ms observed, its events of over 2 ms and its requests, each
  // at its offset into the task.
  if (process.env.LIGHTHOUSE_LANTERN_EVENTS !== '1' || (node.event?.dur ?? 0) <= 20_000) return line;
  const t0 = node.event?.ts ?? 0;
  const events = (node.childEvents ?? [])
    .filter((e) => (e.dur ?? 0) > 2000 || e.name === 'ResourceSendRequest')
    .map((e) => `        ${(((e.ts ?? 0) - t0) / 1000).toFixed(1)} +${((e.dur ?? 0) / 1000).toFixed(1)} ${e.name} ${e.args?.data?.url ? short(e.args.data.url) : ''}`);
  return [line, ...events].join('\n');
}

/**
 * The simulated tasks over 50 ms (what total blocking time counts, from first contentful paint to interactive), each
 * with its blocking part and what it ran, in the order they started.
 */
export function lanternBlockingLines(): string[] {
  const all = Lantern.Simulation.Simulator.allNodeTimings as Map<string, Map<SimNode, Timing>>;
  const timings = all.get('optimisticTotalBlockingTime') ?? all.get('pessimisticTotalBlockingTime');
  if (!timings) return [];
  const long = [...timings.entries()].filter(([n, t]) => n.type === 'cpu' && t.endTime - t.startTime > 50).sort((a, b) => a[1].startTime - b[1].startTime);
  return long.map(([n, t]) => `    ${String(Math.round(t.startTime)).padStart(5)} +${Math.round(t.endTime - t.startTime - 50)} ${describe(n)}`);
}

/** One line per node of each LCP simulation, ended-first; CPU nodes summed between network ends. */
export function lanternLcpLines(): string[] {
  const all = Lantern.Simulation.Simulator.allNodeTimings as Map<string, Map<SimNode, Timing>>;
  const lines: string[] = [];
  for (const label of LABELS) {
    const timings = all.get(label);
    if (!timings) continue;
    const nodes = [...timings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
    const end = nodes.length ? nodes[nodes.length - 1][1].endTime : 0;
    lines.push(`  ${label}: ends at ${Math.round(end)} ms, ${nodes.length} nodes`);
    let cpu = 0;
    for (const [node, t] of nodes) {
      if (node.type === 'cpu') {
        cpu += t.endTime - t.startTime;
        if (process.env.LIGHTHOUSE_LANTERN_EVENTS === '1' && t.endTime - t.startTime > 20) lines.push(`      ${Math.round(t.startTime)}-${Math.round(t.endTime)} ${describe(node)}`);
        continue;
      }
      if (cpu > 0) lines.push(`      main thread ${Math.round(cpu)} ms`);
      cpu = 0;
      const r = node.request;
      if (!r) continue;
      const kb = ((r.transferSize ?? 0) / 1024).toFixed(1);
      lines.push(`    ${String(Math.round(t.startTime)).padStart(5)}-${String(Math.round(t.endTime)).padEnd(5)} ${kb.padStart(6)} KB c${r.connectionId ?? '?'} ${short(r.url)}`);
    }
    if (cpu > 0) lines.push(`      main thread ${Math.round(cpu)} ms`);
    lines.push('    critical path (each step the dependency that ended last):');
    let at: SimNode | undefined = nodes[nodes.length - 1]?.[0];
    while (at) {
      const t = timings.get(at);
      lines.push(`      ${describe(at)} ${Math.round(t?.startTime ?? 0)}-${Math.round(t?.endTime ?? 0)}`);
      const deps: SimNode[] = (at.getDependencies?.() ?? []).filter((d) => timings.has(d));
      at = deps.sort((a, b) => (timings.get(b)?.endTime ?? 0) - (timings.get(a)?.endTime ?? 0))[0];
    }
  }
  return lines;
}
