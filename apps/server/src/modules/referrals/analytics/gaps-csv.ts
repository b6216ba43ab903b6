import { GAP_KINDS, type ServiceGaps } from '@trust/domain';

// GET /api/service-gaps/csv: the same figures as the JSON answer, as a spreadsheet. Two tables one after the
// other (by county, then by need), each with its header row, separated by an empty line.

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is neutralised (formula). */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function line(values: (string | number | null)[]): string {
  return values.map(field).join(',');
}

const COUNT_COLUMNS = ['total', 'unmet', ...GAP_KINDS] as const;

export function serviceGapsCsv(gaps: ServiceGaps): string {
  const lines = [
    line(['county_fips', 'county', 'state', ...COUNT_COLUMNS]),
    ...gaps.by_county.map((c) => line([c.county_fips, c.county, c.state, ...COUNT_COLUMNS.map((k) => c[k])])),
    '',
    line(['need', ...COUNT_COLUMNS]),
    ...gaps.by_need.map((n) => line([n.need, ...COUNT_COLUMNS.map((k) => n[k])])),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The attachment's file name: the scope and the period. */
export function serviceGapsFileName(gaps: ServiceGaps): string {
  return `service-gaps-${gaps.scope}-${gaps.period.from}-to-${gaps.period.to}.csv`;
}
