import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY } from 'd3-force';
import type { SimulationLinkDatum, SimulationNodeDatum } from 'd3-force';
import { scaleLinear, scalePoint } from 'd3-scale';
import { area, stack, stackOrderNone, stackOffsetNone } from 'd3-shape';
import type { StatusRole } from '../core/preset/process.js';
import type { HistoryPoint, ReportModel } from './model.js';

/*
 * The page's two pictures, drawn when the report is made (d3 computes the geometry, the page gets
 * plain SVG): it needs no script, so it shows the same in a browser that runs none, and a hostile
 * RFC has nothing to run in. docs/architecture.md says why d3 and not a charting library.
 */

import { esc } from '../core/reporters/html.js';

export { esc };

/** One colour per status role (a status the process does not name is grey). */
export const ROLE_COLOURS: Readonly<Record<StatusRole | 'other', string>> = {
  draft: '#9aa5b1',
  active: '#2f7ed8',
  accepted: '#2e9e5b',
  withdrawn: '#c9822b',
  superseded: '#8a63c8',
  rejected: '#d0453a',
  other: '#6b6b6b',
};

const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

/**
 * RFCs per status over the history, stacked (d3-shape's stack and area over d3-scale's axes): one
 * band per status, oldest commit on the left, the working tree last.
 */
export function historyChart(model: ReportModel, points: readonly HistoryPoint[]): string {
  const W = 640;
  const H = 300;
  const m = { top: 12, right: 12, bottom: 34, left: 36 };
  const names = model.statuses.map((s) => s.status);
  const colour = (name: string) => ROLE_COLOURS[model.statuses.find((s) => s.status === name)?.role ?? 'other'];
  const rows = points.map((p) => Object.fromEntries(names.map((n) => [n, p.counts[n] ?? 0])) as Record<string, number>);
  // One point is drawn as a band of some width: the same counts twice.
  const xs = points.map((p, i) => `${i}`);
  const series = stack<Record<string, number>>().keys(names).order(stackOrderNone).offset(stackOffsetNone)(rows.length === 1 ? [rows[0]!, rows[0]!] : rows);
  const domain = rows.length === 1 ? ['0', '1'] : xs;
  const x = scalePoint<string>().domain(domain).range([m.left, W - m.right]);
  const top = Math.max(1, ...rows.map((r) => names.reduce((t, n) => t + r[n]!, 0)));
  const y = scaleLinear().domain([0, top]).nice().range([H - m.bottom, m.top]);
  const band = area<[number, number]>()
    .x((_, i) => x(domain[i]!)!)
    .y0((d) => y(d[0]))
    .y1((d) => y(d[1]));
  const paths = series
    .filter((s) => s.some((d) => d[1] > d[0]))
    .map((s) => `<path class="band" d="${band(s as unknown as Array<[number, number]>)}" fill="${colour(s.key)}"><title>${esc(s.key)}</title></path>`);
  const ticks = y.ticks(Math.min(5, top)).map((t) => `<g class="tick"><line x1="${m.left}" x2="${W - m.right}" y1="${fmt(y(t))}" y2="${fmt(y(t))}"/><text x="${m.left - 6}" y="${fmt(y(t))}" dy="0.32em" text-anchor="end">${t}</text></g>`);
  const first = points[0]!;
  const last = points.at(-1)!;
  const dates = `<text x="${m.left}" y="${H - 10}" text-anchor="start">${esc(first.date)}</text><text x="${W - m.right}" y="${H - 10}" text-anchor="end">${esc(last.date)}</text>`;
  return `<svg id="history-chart" class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="RFCs per status over ${points.length} point${points.length === 1 ? '' : 's'} of the git history">${ticks.join('')}${paths.join('')}${dates}</svg>`;
}

/** The citation graph is drawn up to these (real RFC folders: hundreds of RFCs, a few thousand citations). */
export const MAX_GRAPH_EDGES = 20_000;
export const MAX_GRAPH_NODES = 2_000;

interface Node extends SimulationNodeDatum {
  id: string;
  row: ReportModel['rfcs'][number];
}

/**
 * The citation graph between RFCs, laid out by d3-force (run to rest here, deterministic: d3-force
 * places nodes on a fixed spiral and draws its jitter from a seeded source): one circle per RFC
 * coloured by its status, one line per citation, each circle a link to the RFC's file.
 */
export function citationGraph(model: ReportModel, href: (file: string) => string): string {
  const W = 640;
  const H = 480;
  const cited = new Set(model.citations.edges.flatMap((e) => [e.from, e.to]));
  const nodes: Node[] = model.rfcs.filter((r) => cited.has(r.number)).map((row) => ({ id: row.number, row }));
  if (nodes.length === 0) return `<p class="empty">No RFC cites another.</p>`;
  // d3-force costs every tick a pass over the links and the nodes, and the page a line per link.
  // The report lists up to MAX_REPORT_EDGES of them (`edgeCount` says how many past it), and every RFC's counts.
  const edgeCount = model.citations.edgeCount ?? model.citations.edges.length;
  const citing = model.citations.edgeCount === undefined ? nodes.length : model.rfcs.filter((r) => r.citesOut.length || r.citedBy.length).length;
  if (edgeCount > MAX_GRAPH_EDGES || citing > MAX_GRAPH_NODES) return `<p class="empty">${edgeCount} citations between ${citing} RFCs: too many to draw (the picture shows up to ${MAX_GRAPH_EDGES} citations between ${MAX_GRAPH_NODES} RFCs); the RFC table lists them.</p>`;
  // A file of the folder without an RFC number (a PROVENANCE.md citing RFCs) is no circle: its citations are no lines (d3-force threw "node not found").
  const ids = new Set(nodes.map((n) => n.id));
  const drawn = model.citations.edges.filter((e) => ids.has(e.from) && ids.has(e.to));
  const links: Array<SimulationLinkDatum<Node>> = drawn.map((e) => ({ source: e.from, target: e.to }));
  const degree = new Map<string, number>();
  for (const e of drawn) for (const n of [e.from, e.to]) degree.set(n, (degree.get(n) ?? 0) + 1);
  const radius = (n: Node) => 7 + Math.min(10, Math.sqrt(degree.get(n.id) ?? 0) * 2);
  const sim = forceSimulation(nodes)
    .force('link', forceLink<Node, SimulationLinkDatum<Node>>(links).id((d) => d.id).distance(60))
    .force('charge', forceManyBody().strength(-140))
    .force('x', forceX(0).strength(0.06))
    .force('y', forceY(0).strength(0.08))
    .force('collide', forceCollide<Node>((n) => radius(n) + 10))
    .stop();
  sim.tick(300);
  // Fit the layout into the view box.
  const minX = Math.min(...nodes.map((n) => n.x! - radius(n)));
  const maxX = Math.max(...nodes.map((n) => n.x! + radius(n)));
  const minY = Math.min(...nodes.map((n) => n.y! - radius(n)));
  const maxY = Math.max(...nodes.map((n) => n.y! + radius(n)));
  const pad = 24;
  const k = Math.min((W - 2 * pad) / Math.max(1, maxX - minX), (H - 2 * pad) / Math.max(1, maxY - minY), 2.5);
  const X = (v: number) => fmt(pad + (v - minX) * k + (W - 2 * pad - (maxX - minX) * k) / 2);
  const Y = (v: number) => fmt(pad + (v - minY) * k + (H - 2 * pad - (maxY - minY) * k) / 2);
  const lines = links.map((l) => {
    const s = l.source as Node;
    const t = l.target as Node;
    return `<line x1="${X(s.x!)}" y1="${Y(s.y!)}" x2="${X(t.x!)}" y2="${Y(t.y!)}"><title>RFC ${esc(s.id)} cites RFC ${esc(t.id)}</title></line>`;
  });
  const circles = nodes.map((n) => {
    const r = n.row;
    return `<a href="${esc(href(r.file))}"><g class="node" transform="translate(${X(n.x!)},${Y(n.y!)})"><circle r="${fmt(radius(n))}" fill="${ROLE_COLOURS[r.role ?? 'other']}"/><text dy="0.32em" text-anchor="middle">${esc(r.number.replace(/^0+(?=\d{2})/, ''))}</text><title>RFC ${esc(r.number)}: ${esc(r.title)} (${esc(r.status)}; cites ${r.citesOutCount ?? r.citesOut.length}, cited by ${r.citedByCount ?? r.citedBy.length})</title></g></a>`;
  });
  return `<svg id="citation-graph" class="graph" viewBox="0 0 ${W} ${H}" role="img" aria-label="Citations between ${nodes.length} RFCs"><g class="links">${lines.join('')}</g>${circles.join('')}</svg>`;
}
