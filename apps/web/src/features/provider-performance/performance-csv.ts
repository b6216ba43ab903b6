import {
  matchTimeLabel,
  PERFORMANCE_RANGE_LABELS,
  type PerformanceRange,
  type ProviderMetrics,
} from '@trust/domain';

// 001 §2.19 'Export CSV' (built in the client): exactly the providers shown, with the figures the cards show.

const HEADER = [
  'Provider',
  'Organization Type',
  'City',
  'State',
  'Time Range',
  'Referrals Matched',
  'Referrals Accepted',
  'Referrals Pending',
  'Acceptance Rate (%)',
  'Avg Acceptance Time (hours)',
  'Avg Match-to-Close (days)',
  'Match-to-Close Rating',
  'Member-Confirmed Rate (%)',
  'Member Answers',
  'PHI Emails Sent',
  'Data Quality Score',
  'Google Rating',
  'Google Reviews',
  'Services',
];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces, quotes doubled.
 * A text starting with = + - @ (or a tab/CR) gets a leading apostrophe so a spreadsheet never runs it as a
 * formula (OWASP CSV injection): provider names come from public registries and user input.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function performanceCsv(rows: readonly ProviderMetrics[], range: PerformanceRange): string {
  const lines = [HEADER.map(csvField).join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.provider.organization_name,
        r.provider.organization_type,
        r.provider.city,
        r.provider.state,
        PERFORMANCE_RANGE_LABELS[range],
        r.referralsMatched,
        r.referralsAccepted,
        r.referralsPending,
        r.acceptanceRate,
        r.avgAcceptanceTime,
        r.avgMatchToCloseTime,
        matchTimeLabel(r.avgMatchToCloseTime),
        r.memberConfirmedRate,
        r.memberAnswers,
        r.phiEmailsSent,
        r.dataQualityScore,
        r.googleRating,
        r.googleReviewCount,
        r.services.join('; '),
      ]
        .map(csvField)
        .join(','),
    );
  }
  // CRLF line ends (RFC 4180) and a BOM so spreadsheet programs read the UTF-8 names right.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function performanceCsvFilename(range: PerformanceRange, now = new Date()): string {
  return `provider-performance-${range}-${now.toISOString().slice(0, 10)}.csv`;
}
