import {
  matchTimeLabel,
  PERFORMANCE_RANGE_LABELS,
  type PerformanceRange,
  type ProviderMetrics,
} from '@trust/domain';
import Papa from 'papaparse';

// 001 §2.19 'Export CSV': one line per provider of the list's filter, with the figures the cards show.

const COLUMNS: readonly [string, (m: ProviderMetrics, range: PerformanceRange) => string | number | null][] =
  [
    ['Provider', (m) => m.provider.organization_name],
    ['Organization Type', (m) => m.provider.organization_type],
    ['City', (m) => m.provider.city],
    ['State', (m) => m.provider.state],
    ['Time Range', (_m, range) => PERFORMANCE_RANGE_LABELS[range]],
    ['Referrals Matched', (m) => m.referralsMatched],
    ['Referrals Accepted', (m) => m.referralsAccepted],
    ['Referrals Pending', (m) => m.referralsPending],
    ['Acceptance Rate (%)', (m) => m.acceptanceRate],
    ['Avg Acceptance Time (hours)', (m) => m.avgAcceptanceTime],
    ['Avg Match-to-Close (days)', (m) => m.avgMatchToCloseTime],
    ['Match-to-Close Rating', (m) => matchTimeLabel(m.avgMatchToCloseTime)],
    ['Member-Confirmed Rate (%)', (m) => m.memberConfirmedRate],
    ['Member Answers', (m) => m.memberAnswers],
    ['PHI Emails Sent', (m) => m.phiEmailsSent],
    ['Data Quality Score', (m) => m.dataQualityScore],
    ['Google Rating', (m) => m.googleRating],
    ['Google Reviews', (m) => m.googleReviewCount],
    ['Services', (m) => m.services.join('; ')],
  ];

/**
 * The CSV text (RFC 4180, CRLF line ends), with a BOM so spreadsheet programs read the UTF-8 names right. A text
 * cell starting with = + - @ (or a tab/CR) gets a leading apostrophe so a spreadsheet never runs it as a formula
 * (OWASP CSV injection): provider names come from public registries and user input.
 */
export function performanceCsv(rows: readonly ProviderMetrics[], range: PerformanceRange): string {
  const csv = Papa.unparse(
    {
      fields: COLUMNS.map(([header]) => header),
      data: rows.map((m) => COLUMNS.map(([, cell]) => cell(m, range) ?? '')),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
  return `\uFEFF${csv}\r\n`;
}
