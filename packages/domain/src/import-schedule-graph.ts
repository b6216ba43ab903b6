// The dependency graph of import schedules (issue #18 item 6): an edge `schedule → depends_on` means the
// schedule runs after the one it depends on. Pure functions, shared by the server (cycle refusal, execution
// order) and the Dependencies tab (levels of the canvas).

export type ScheduleEdge = { schedule_id: number; depends_on_schedule_id: number };

/**
 * The cycle that adding `from depends on to` would close, as schedule ids from `from` back to it
 * ([from, to, …, from]), or null when there is none: there is a cycle when `from` is already reachable from
 * `to` by following what each schedule depends on.
 */
export function cycleIfAdded(edges: readonly ScheduleEdge[], from: number, to: number): number[] | null {
  if (from === to) return [from, from];
  const dependsOn = new Map<number, number[]>();
  for (const e of edges)
    dependsOn.set(e.schedule_id, [...(dependsOn.get(e.schedule_id) ?? []), e.depends_on_schedule_id]);
  const parent = new Map<number, number>();
  const stack = [to];
  const seen = new Set([to]);
  while (stack.length > 0) {
    const node = stack.pop() as number;
    if (node === from) {
      // Back from `from` to `to` through the parents, then read it forwards: from → to → … → from.
      const back = [from];
      for (let at = from; at !== to; ) {
        at = parent.get(at) as number;
        back.push(at);
      }
      return [from, ...back.reverse()];
    }
    for (const next of dependsOn.get(node) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      parent.set(next, node);
      stack.push(next);
    }
  }
  return null;
}

/**
 * The order to run the schedules in: every schedule after the ones it depends on (among those given), ties
 * by id (Kahn's algorithm). Throws on a cycle (the server never stores one).
 */
export function executionOrder(ids: readonly number[], edges: readonly ScheduleEdge[]): number[] {
  const nodes = new Set(ids);
  const indegree = new Map<number, number>([...nodes].map((id) => [id, 0]));
  const dependents = new Map<number, number[]>();
  for (const e of edges) {
    if (!nodes.has(e.schedule_id) || !nodes.has(e.depends_on_schedule_id)) continue;
    indegree.set(e.schedule_id, (indegree.get(e.schedule_id) ?? 0) + 1);
    dependents.set(e.depends_on_schedule_id, [
      ...(dependents.get(e.depends_on_schedule_id) ?? []),
      e.schedule_id,
    ]);
  }
  const ready = [...nodes].filter((id) => indegree.get(id) === 0).sort((a, b) => a - b);
  const order: number[] = [];
  while (ready.length > 0) {
    const id = ready.shift() as number;
    order.push(id);
    for (const d of dependents.get(id) ?? []) {
      const left = (indegree.get(d) ?? 0) - 1;
      indegree.set(d, left);
      if (left === 0) {
        ready.push(d);
        ready.sort((a, b) => a - b);
      }
    }
  }
  if (order.length !== nodes.size) throw new Error('The schedules’ dependencies form a cycle.');
  return order;
}

/**
 * Each schedule's level for the graph (002 §2: levels follow topological order, roots on the left): 0 for a
 * schedule that depends on none, else one more than the deepest schedule it depends on.
 */
export function graphLevels(ids: readonly number[], edges: readonly ScheduleEdge[]): Map<number, number> {
  const level = new Map<number, number>();
  for (const id of executionOrder(ids, edges)) {
    const ups = edges.filter((e) => e.schedule_id === id && level.has(e.depends_on_schedule_id));
    level.set(
      id,
      ups.length === 0 ? 0 : Math.max(...ups.map((e) => level.get(e.depends_on_schedule_id) as number)) + 1,
    );
  }
  return level;
}
