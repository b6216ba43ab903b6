import { describe, expect, it } from 'vitest';
import {
  GRAPH_HEIGHT,
  GRAPH_NODE_RADIUS,
  GRAPH_WIDTH,
  type GraphLayout,
  layoutDependencyGraph,
  nodeAt,
  routeEdge,
  samplePath,
  scheduleLevels,
  toDrawingPoint,
  truncateLabel,
  wrapLabel,
} from './dependency-graph-layout.ts';

const edge = (schedule_id: number, depends_on_schedule_id: number) => ({
  schedule_id,
  depends_on_schedule_id,
});

/** Every circle inside the canvas by at least its radius, and no two circles overlapping. */
function expectFits(layout: GraphLayout) {
  const nodes = [...layout.nodes.values()];
  for (const n of nodes) {
    expect(n.x - layout.radius).toBeGreaterThanOrEqual(0);
    expect(n.y - layout.radius).toBeGreaterThanOrEqual(0);
    expect(n.x + layout.radius).toBeLessThanOrEqual(GRAPH_WIDTH);
    expect(n.y + layout.radius).toBeLessThanOrEqual(GRAPH_HEIGHT);
  }
  for (const a of nodes)
    for (const b of nodes)
      if (a.id < b.id) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(2 * layout.radius);
}

describe('dependency graph layout (002 §2: 800 × 600, radius 50, roots on the left)', () => {
  // 3 and 4 depend on 1; 5 depends on 3 and on 2; 6 stands alone.
  const ids = [1, 2, 3, 4, 5, 6];
  const edges = [edge(3, 1), edge(4, 1), edge(5, 3), edge(5, 2)];

  it('puts the roots on the leftmost level and every dependent a level right of what it depends on', () => {
    const layout = layoutDependencyGraph(ids, edges);
    const at = (id: number) => layout.nodes.get(id)!;
    expect([1, 2, 6].map((id) => at(id).level)).toEqual([0, 0, 0]);
    expect(at(3).level).toBe(1);
    expect(at(4).level).toBe(1);
    expect(at(5).level).toBe(2);
    expect(layout.levels).toBe(3);
    for (const e of edges) {
      const from = at(e.depends_on_schedule_id);
      const to = at(e.schedule_id);
      expect(to.level).toBeGreaterThan(from.level);
      expect(to.x).toBeGreaterThan(from.x);
    }
    // Roots share the leftmost column; it is left of every other node.
    const rootX = at(1).x;
    expect(at(2).x).toBe(rootX);
    for (const id of [3, 4, 5]) expect(at(id).x).toBeGreaterThan(rootX);
  });

  it('keeps the spec radius and every node at least a radius inside the 800 × 600 canvas', () => {
    const layout = layoutDependencyGraph(ids, edges);
    expect(layout.radius).toBe(GRAPH_NODE_RADIUS);
    expect(layout.nodes.size).toBe(6);
    expectFits(layout);
  });

  it('centres a lone schedule', () => {
    const layout = layoutDependencyGraph([7], []);
    expect(layout.nodes.get(7)).toEqual({ id: 7, level: 0, x: GRAPH_WIDTH / 2, y: GRAPH_HEIGHT / 2 });
    expect(layout.radius).toBe(GRAPH_NODE_RADIUS);
  });

  it('shrinks the nodes of a crowded graph so they still fit without overlapping', () => {
    const many = Array.from({ length: 12 }, (_, i) => i + 1);
    const column = layoutDependencyGraph(many, []);
    expect(column.radius).toBeLessThan(GRAPH_NODE_RADIUS);
    expectFits(column);
    // A chain of 10: ten levels across the width.
    const chain = many.slice(0, 10);
    const deep = layoutDependencyGraph(
      chain,
      chain.slice(1).map((id) => edge(id, id - 1)),
    );
    expect(deep.levels).toBe(10);
    expectFits(deep);
  });

  it('orders a level by where what it depends on sits, so edges cross less', () => {
    // 10 and 11 are roots (10 above 11); 20 depends on 11, 21 on 10: 21 goes above 20.
    const layout = layoutDependencyGraph([10, 11, 20, 21], [edge(20, 11), edge(21, 10)]);
    expect(layout.nodes.get(21)!.y).toBeLessThan(layout.nodes.get(20)!.y);
  });

  it('ignores edges to unknown schedules and survives a cycle', () => {
    expect(scheduleLevels([1, 2], [edge(2, 1), edge(2, 99)])).toEqual(
      new Map([
        [1, 0],
        [2, 1],
      ]),
    );
    const cyclic = scheduleLevels([1, 2], [edge(1, 2), edge(2, 1)]);
    expect([...cyclic.values()]).toEqual([0, 0]);
  });

  it('finds the node under a point, and nothing between nodes', () => {
    const layout = layoutDependencyGraph(ids, edges);
    const n = layout.nodes.get(5)!;
    expect(nodeAt(layout, n.x, n.y)).toBe(5);
    expect(nodeAt(layout, n.x + layout.radius - 1, n.y)).toBe(5);
    expect(nodeAt(layout, n.x + layout.radius + 1, n.y)).toBeNull();
    expect(nodeAt(layout, 1, 1)).toBeNull();
  });

  it('maps a click on a canvas scaled down by CSS back to drawing coordinates', () => {
    // Drawn 800 × 600, shown 400 × 300 at (100, 50).
    expect(toDrawingPoint(300, 200, { left: 100, top: 50, width: 400, height: 300 })).toEqual({
      x: 400,
      y: 300,
    });
    expect(toDrawingPoint(110, 60, { left: 100, top: 50, width: 800, height: 600 })).toEqual({
      x: 10,
      y: 10,
    });
  });

  it('draws an edge straight between the circles’ rims when nothing is in its way', () => {
    const line = routeEdge({ x: 100, y: 300 }, { x: 400, y: 300 }, 50, [{ x: 250, y: 100 }]);
    expect(line).toEqual({ x1: 150, y1: 300, cx: 250, cy: 300, x2: 350, y2: 300, angle: 0 });
  });

  it('bends an edge that skips a level around the node in between, arriving at the dependent’s rim', () => {
    const from = { x: 100, y: 450 };
    const to = { x: 700, y: 450 };
    const between = { x: 400, y: 450 };
    const path = routeEdge(from, to, 50, [between]);
    for (const p of samplePath(path))
      expect(Math.hypot(p.x - between.x, p.y - between.y)).toBeGreaterThan(50);
    expect(Math.hypot(path.x2 - to.x, path.y2 - to.y)).toBeCloseTo(50);
    expect(Math.hypot(path.x1 - from.x, path.y1 - from.y)).toBeCloseTo(50);
  });

  it('routes every edge of a laid-out graph clear of the nodes it does not join, inside the canvas', () => {
    // 6 depends on 4 (level 1) and on 5 (a root): the edge 5 → 6 skips a level.
    const all = [1, 2, 3, 4, 5, 6];
    const links = [edge(3, 1), edge(2, 3), edge(4, 1), edge(6, 4), edge(6, 5)];
    const layout = layoutDependencyGraph(all, links);
    for (const e of links) {
      const from = layout.nodes.get(e.depends_on_schedule_id)!;
      const to = layout.nodes.get(e.schedule_id)!;
      const others = [...layout.nodes.values()].filter((n) => n !== from && n !== to);
      for (const p of samplePath(routeEdge(from, to, layout.radius, others))) {
        for (const o of others) expect(Math.hypot(p.x - o.x, p.y - o.y)).toBeGreaterThan(layout.radius);
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.y).toBeGreaterThanOrEqual(0);
        expect(p.x).toBeLessThanOrEqual(GRAPH_WIDTH);
        expect(p.y).toBeLessThanOrEqual(GRAPH_HEIGHT);
      }
    }
  });

  it('truncates a label to the width with an ellipsis, leaving short ones whole', () => {
    const measure = (s: string) => s.length * 10;
    expect(truncateLabel('Weekly', 90, measure)).toBe('Weekly');
    const cut = truncateLabel('California NPPES weekly', 90, measure);
    expect(cut.endsWith('…')).toBe(true);
    expect(measure(cut)).toBeLessThanOrEqual(90);
    expect(cut).toBe('Californ…');
    expect(truncateLabel('Anything', 5, measure)).toBe('…');
  });

  it('wraps a label onto two lines by words, cutting only the last', () => {
    const measure = (s: string) => s.length * 10;
    expect(wrapLabel('Weekly', 90, measure)).toEqual(['Weekly']);
    expect(wrapLabel('NPPES California weekly refresh', 90, measure)).toEqual(['NPPES', 'Californ…']);
    expect(wrapLabel('Care Compare', 90, measure)).toEqual(['Care', 'Compare']);
    expect(wrapLabel('HRSA health', 120, measure)).toEqual(['HRSA health']);
    expect(wrapLabel('Deactivations-and-more here', 90, measure, 1)).toEqual(['Deactiva…']);
    for (const line of wrapLabel('A very long schedule name indeed', 90, measure))
      expect(measure(line)).toBeLessThanOrEqual(90);
  });
});
