import type { ImportUsage } from '@trust/domain';
import type { Config } from '../../../config.ts';

/**
 * What one import run uses (issue #18 item 4): registry calls and their bytes as the adapters report them, rows
 * written, wall time, and CPU time. CPU is the process's own (process.cpuUsage) over the run, so HTTP requests
 * served meanwhile count towards it: an overestimate, never an invention. A resumed run adds to what its
 * earlier attempt recorded.
 */
export class UsageMeter {
  #calls = 0;
  #bytes = 0;
  #rows = 0;
  readonly #cpuStart = process.cpuUsage();
  readonly #startedAt = Date.now();

  constructor(private readonly before: ImportUsage) {}

  call(bytes: number) {
    this.#calls++;
    this.#bytes += bytes;
  }

  download(bytes: number) {
    this.#bytes += bytes;
  }

  rows(n: number) {
    this.#rows += n;
  }

  snapshot(): ImportUsage {
    const cpu = process.cpuUsage(this.#cpuStart);
    return {
      api_calls: this.before.api_calls + this.#calls,
      bytes_downloaded: this.before.bytes_downloaded + this.#bytes,
      rows_written: this.before.rows_written + this.#rows,
      cpu_seconds: Math.round((this.before.cpu_seconds + (cpu.user + cpu.system) / 1e6) * 1000) / 1000,
      duration_ms: this.before.duration_ms + (Date.now() - this.#startedAt),
    };
  }
}

/** A run's cost in US dollars at the configured unit prices, by kind (the monthly summary's `by_type`). */
export function costOf(
  usage: ImportUsage,
  prices: Config['importCosts'],
): { total: number; byType: Record<string, number> } {
  const byType = {
    api_calls: usage.api_calls * prices.perApiCall,
    data_transfer: (usage.bytes_downloaded / 1e9) * prices.perGbDownloaded,
    storage: (usage.rows_written / 1e6) * prices.perMillionRows,
    compute: (usage.cpu_seconds / 3600) * prices.perCpuHour,
  };
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const rounded = Object.fromEntries(Object.entries(byType).map(([k, v]) => [k, round(v)]));
  return { total: round(Object.values(byType).reduce((a, b) => a + b, 0)), byType: rounded };
}
