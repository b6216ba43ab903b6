import { describe, expect, it } from 'vitest';
import { cycleIfAdded, executionOrder, graphLevels } from './import-schedule-graph.ts';

const e = (schedule_id: number, depends_on_schedule_id: number) => ({ schedule_id, depends_on_schedule_id });

describe('cycleIfAdded', () => {
  it('finds no cycle in a chain extended forwards', () => {
    expect(cycleIfAdded([e(2, 1), e(3, 2)], 4, 3)).toBeNull();
  });
  it('names the cycle closed by an edge back to the start', () => {
    // 2 depends on 1, 3 on 2; making 1 depend on 3 closes 1 → 3 → 2 → 1.
    expect(cycleIfAdded([e(2, 1), e(3, 2)], 1, 3)).toEqual([1, 3, 2, 1]);
  });
  it('refuses a schedule depending on itself and a two-schedule loop', () => {
    expect(cycleIfAdded([], 5, 5)).toEqual([5, 5]);
    expect(cycleIfAdded([e(2, 1)], 1, 2)).toEqual([1, 2, 1]);
  });
  it('follows branches (a diamond is not a cycle; closing it is)', () => {
    const diamond = [e(2, 1), e(3, 1), e(4, 2), e(4, 3)];
    expect(cycleIfAdded(diamond, 5, 4)).toBeNull();
    expect(cycleIfAdded(diamond, 1, 4)).toHaveLength(4);
  });
});

describe('executionOrder', () => {
  it('puts every schedule after those it depends on, ties by id', () => {
    expect(executionOrder([4, 3, 2, 1], [e(2, 1), e(3, 1), e(4, 2), e(4, 3)])).toEqual([1, 2, 3, 4]);
    expect(executionOrder([10, 5, 7], [e(5, 10)])).toEqual([7, 10, 5]);
  });
  it('ignores dependencies on schedules not asked about', () => {
    expect(executionOrder([2, 3], [e(2, 1), e(3, 2)])).toEqual([2, 3]);
  });
  it('throws on a cycle', () => {
    expect(() => executionOrder([1, 2], [e(1, 2), e(2, 1)])).toThrow(/cycle/);
  });
});

describe('graphLevels', () => {
  it('places roots at 0 and each schedule one past its deepest dependency', () => {
    const levels = graphLevels([1, 2, 3, 4, 5], [e(2, 1), e(3, 2), e(4, 1), e(4, 3)]);
    expect(Object.fromEntries(levels)).toEqual({ 1: 0, 2: 1, 3: 2, 4: 3, 5: 0 });
  });
});
