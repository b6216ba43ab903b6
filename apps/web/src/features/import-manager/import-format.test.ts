import { IMPORT_LIMIT_PER_RUN, IMPORT_LIMIT_PER_STATE } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { makeImportJob } from '../../test/import-fixtures.ts';
import { formatDuration, formatUsd, jobPercent, limitWithin, orderedSources } from './import-format.ts';

describe('Import Manager figures', () => {
  it('takes a limit only whole, within its range and on its steps (002 §5)', () => {
    expect(limitWithin(1000, IMPORT_LIMIT_PER_STATE)).toBe(1000);
    expect(limitWithin(100, IMPORT_LIMIT_PER_STATE)).toBe(100);
    expect(limitWithin(10_000, IMPORT_LIMIT_PER_STATE)).toBe(10_000);
    expect(limitWithin(10_100, IMPORT_LIMIT_PER_STATE)).toBeNull();
    expect(limitWithin(50_000, IMPORT_LIMIT_PER_RUN)).toBe(50_000);
    expect(limitWithin(0, IMPORT_LIMIT_PER_STATE)).toBeNull();
    expect(limitWithin(150, IMPORT_LIMIT_PER_STATE)).toBeNull();
    expect(limitWithin(100.5, IMPORT_LIMIT_PER_STATE)).toBeNull();
    expect(limitWithin('', IMPORT_LIMIT_PER_STATE)).toBeNull();
  });

  it("counts each state as one share of an API job's bar, and a file job as unknown", () => {
    const running = makeImportJob({ status: 'running', states: ['NV', 'UT', 'AZ', 'WA'], limit: 1000 });
    const at = (done: string[], current: string | null, fetched: number) =>
      jobPercent({
        ...running,
        progress: {
          ...running.progress,
          states_completed: done,
          current_state: current,
          current_state_fetched: fetched,
        },
      });
    expect(at([], 'NV', 0)).toBe(0);
    expect(at([], 'NV', 500)).toBe(13);
    // A state with fewer providers than the limit still counts as done once done.
    expect(at(['NV'], 'UT', 0)).toBe(25);
    expect(at(['NV', 'UT', 'AZ'], 'WA', 5000)).toBe(99);
    expect(jobPercent({ ...running, status: 'completed' })).toBe(100);
    expect(jobPercent({ ...running, method: 'file' })).toBeNull();
  });

  it('writes money to the fraction of a cent under a dollar, and durations readably', () => {
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(3_720_000)).toBe('1 h 02 min');
  });

  it('lists the registries first, then organizations and demo data, then sources it does not know', () => {
    expect(orderedSources({ demo: 1, zeta: 2, hrsa: 3, cms_nppes: 4 })).toEqual([
      'cms_nppes',
      'hrsa',
      'demo',
      'zeta',
    ]);
  });
});
