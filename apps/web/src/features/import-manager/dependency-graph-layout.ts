import { graphLevels, type ScheduleEdge } from '@trust/domain';

// Where each schedule's node sits on the Dependencies canvas (002 §2: 800 × 600, node radius 50, levels follow
// topological order, roots on the left). Pure, so the geometry is tested without a canvas (jsdom has none).

export const GRAPH_WIDTH = 800;
export const GRAPH_HEIGHT = 600;
export const GRAPH_NODE_RADIUS = 50;
/** Room kept between a node and the canvas edge, and between two nodes. */
const PADDING = 10;

export type GraphNode = { id: number; level: number; x: number; y: number };
export type GraphLayout = {
  nodes: Map<number, GraphNode>;
  /** The radius every node is drawn with: 50, or less when a level or the levels would not fit otherwise. */
  radius: number;
  /** How many levels (columns) the graph has. */
  levels: number;
};

/**
 * Each schedule's level: 0 for one that depends on none, else one more than the deepest it depends on. Edges to
 * schedules not listed are ignored; a cycle (the server never stores one) puts every schedule on level 0 rather
 * than failing the screen.
 */
export function scheduleLevels(ids: readonly number[], edges: readonly ScheduleEdge[]): Map<number, number> {
  const known = new Set(ids);
  const inside = edges.filter((e) => known.has(e.schedule_id) && known.has(e.depends_on_schedule_id));
  try {
    return graphLevels(ids, inside);
  } catch {
    return new Map(ids.map((id) => [id, 0]));
  }
}

/**
 * Node centres: one column per level from left to right, the columns sharing the width evenly; in a column the
 * nodes share the height evenly, ordered by where the nodes they depend on sit (fewer crossing edges), then by
 * id. Each node is the centre of its own cell, and its circle stays inside that cell: no two circles overlap
 * and each stays at least its radius inside the canvas. The radius is 50 while it fits (up to 6 levels and 5
 * schedules in a level); a more crowded graph draws smaller nodes.
 */
export function layoutDependencyGraph(
  ids: readonly number[],
  edges: readonly ScheduleEdge[],
  size: { width: number; height: number; radius: number } = {
    width: GRAPH_WIDTH,
    height: GRAPH_HEIGHT,
    radius: GRAPH_NODE_RADIUS,
  },
): GraphLayout {
  const levelOf = scheduleLevels(ids, edges);
  const columns: number[][] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const level = levelOf.get(id) ?? 0;
    while (columns.length <= level) columns.push([]);
    columns[level]?.push(id);
  }
  const levels = columns.length;
  const tallest = Math.max(1, ...columns.map((c) => c.length));
  const cellWidth = size.width / Math.max(1, levels);
  const cellHeight = size.height / tallest;
  const half = Math.min(cellWidth, cellHeight) / 2;
  const radius = Math.min(size.radius, Math.max(half - PADDING, half * 0.6));

  const nodes = new Map<number, GraphNode>();
  columns.forEach((column, level) => {
    // Order a column by the mean height of what its nodes depend on (already placed, to the left).
    const parentY = (id: number) => {
      const ys = edges
        .filter((e) => e.schedule_id === id)
        .map((e) => nodes.get(e.depends_on_schedule_id)?.y)
        .filter((y): y is number => y !== undefined);
      return ys.length === 0 ? Number.POSITIVE_INFINITY : ys.reduce((s, y) => s + y, 0) / ys.length;
    };
    const ordered = level === 0 ? column : [...column].sort((a, b) => parentY(a) - parentY(b) || a - b);
    const rowHeight = size.height / ordered.length;
    ordered.forEach((id, index) => {
      nodes.set(id, { id, level, x: (level + 0.5) * cellWidth, y: (index + 0.5) * rowHeight });
    });
  });
  return { nodes, radius, levels };
}

/** The node under a point of the canvas (in drawing coordinates), or null. */
export function nodeAt(layout: GraphLayout, x: number, y: number): number | null {
  for (const node of layout.nodes.values()) {
    if ((node.x - x) ** 2 + (node.y - y) ** 2 <= layout.radius ** 2) return node.id;
  }
  return null;
}

export type EdgePath = {
  /** Start, on the rim of the dependency's circle. */
  x1: number;
  y1: number;
  /** The control point of a quadratic curve (on the line between the ends when the edge is straight). */
  cx: number;
  cy: number;
  /** End, on the rim of the dependent's circle, where the arrowhead points. */
  x2: number;
  y2: number;
  /** The direction the edge arrives in (radians), for the arrowhead. */
  angle: number;
};

type Point = { x: number; y: number };

function pathWith(from: Point, to: Point, radius: number, control: Point): EdgePath {
  const out = Math.atan2(control.y - from.y, control.x - from.x);
  const angle = Math.atan2(to.y - control.y, to.x - control.x);
  return {
    x1: from.x + Math.cos(out) * radius,
    y1: from.y + Math.sin(out) * radius,
    cx: control.x,
    cy: control.y,
    x2: to.x - Math.cos(angle) * radius,
    y2: to.y - Math.sin(angle) * radius,
    angle,
  };
}

/** Points along an edge's curve, ends included. */
export function samplePath(path: EdgePath, steps = 24): Point[] {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    const a = (1 - t) ** 2;
    const b = 2 * t * (1 - t);
    const c = t ** 2;
    return { x: a * path.x1 + b * path.cx + c * path.x2, y: a * path.y1 + b * path.cy + c * path.y2 };
  });
}

/**
 * An edge from the rim of the dependency's circle to the rim of the dependent's. Straight when that line
 * passes clear of every other node; otherwise bent (a quadratic curve, the least bend that clears them and stays
 * on the canvas), so an edge that skips a level never seems to enter a node it does not touch.
 */
export function routeEdge(
  from: Point,
  to: Point,
  radius: number,
  others: readonly Point[] = [],
  size: { width: number; height: number } = { width: GRAPH_WIDTH, height: GRAPH_HEIGHT },
): EdgePath {
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  const normal = { x: -(to.y - from.y) / length, y: (to.x - from.x) / length };
  const clearance = radius + 4;
  const clear = (path: EdgePath) =>
    samplePath(path).every(
      (p) =>
        p.x >= 0 &&
        p.y >= 0 &&
        p.x <= size.width &&
        p.y <= size.height &&
        others.every((o) => Math.hypot(p.x - o.x, p.y - o.y) > clearance),
    );
  for (let step = 0; step <= 16; step += 1) {
    for (const sign of step === 0 ? [1] : [1, -1]) {
      const bend = sign * step * 30;
      const path = pathWith(from, to, radius, { x: mid.x + normal.x * bend, y: mid.y + normal.y * bend });
      if (clear(path)) return path;
    }
  }
  return pathWith(from, to, radius, mid);
}

/**
 * A label cut to fit `maxWidth` (as `measure` reports widths), ending in an ellipsis when cut. Whole when it fits.
 */
export function truncateLabel(text: string, maxWidth: number, measure: (s: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  // The longest prefix whose text plus the ellipsis fits.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, mid).join('').trimEnd()}…`) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '…' : `${chars.slice(0, low).join('').trimEnd()}…`;
}

/**
 * A label on at most `maxLines` lines of `maxWidth`: words fill a line while they fit, and the last line is cut
 * with an ellipsis when the text does not end there (a word longer than a line is cut too).
 */
export function wrapLabel(
  text: string,
  maxWidth: number,
  measure: (s: string) => number,
  maxLines = 2,
): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let index = 0;
  while (index < words.length && lines.length < maxLines) {
    if (lines.length === maxLines - 1) {
      // The last line takes the rest, cut to fit.
      lines.push(truncateLabel(words.slice(index).join(' '), maxWidth, measure));
      return lines;
    }
    let line = words[index] as string;
    index += 1;
    while (index < words.length && measure(`${line} ${words[index]}`) <= maxWidth) {
      line = `${line} ${words[index]}`;
      index += 1;
    }
    lines.push(truncateLabel(line, maxWidth, measure));
  }
  return lines;
}

/**
 * Map a pointer's position on the drawn canvas (which CSS may have scaled down) to drawing coordinates.
 */
export function toDrawingPoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
  size: { width: number; height: number } = { width: GRAPH_WIDTH, height: GRAPH_HEIGHT },
): { x: number; y: number } {
  const sx = rect.width > 0 ? size.width / rect.width : 1;
  const sy = rect.height > 0 ? size.height / rect.height : 1;
  return { x: (clientX - rect.left) * sx, y: (clientY - rect.top) * sy };
}
