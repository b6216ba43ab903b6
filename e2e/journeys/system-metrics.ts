import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { type Api, apiAs, call } from '../lib/api.ts';
import { apiClient, expectVisible } from '../lib/browser.ts';
import { signInAs } from '../lib/sign-in.ts';
import type { Journey } from './types.ts';

// Issue #20 in a browser: the platform operator's System Metrics Dashboard (both charts drawn), a new referral
// counted after Refresh Metrics, then the Service Gaps screen: a need and a county with declined referrals shown
// and linked to the queue, and the CSV the Export button downloads holding the county table's rows.

const OPERATOR = 'admin@trust.demo';

type GapCounts = {
  total: number;
  unmet: number;
  declined: number;
  expired: number;
  cancelled: number;
  not_served: number;
  unmatched: number;
};
type Gaps = {
  period: { from: string; to: string };
  by_need: (GapCounts & { need: string })[];
  by_county: (GapCounts & { county_fips: string | null; county: string; state: string | null })[];
};

type Place = { zip: string; city: string; state: string; street: string };
/** Downtown Los Angeles, among the demo providers. */
const DOWNTOWN_LA: Place = { zip: '90012', city: 'Los Angeles', state: 'CA', street: '200 N Spring St' };
/**
 * Cheyenne (Laramie County, Wyoming, FIPS 56021): no demo provider within 50 miles, so a referral declined
 * there cannot be matched again by the cascade and stays Rejected, a service gap "declined by every provider".
 */
const CHEYENNE: Place = { zip: '82001', city: 'Cheyenne', state: 'WY', street: '2101 O Neil Ave' };
const LARAMIE_FIPS = '56021';
const NEED = 'Food Assistance';

/** A referral that needs food, created by the coordinator through the API (manual selection: Pending). */
async function createReferral(
  page: Page,
  coordinator: Api,
  place: Place,
): Promise<{ id: number; referral_number: string }> {
  const tag = String(parseInt(randomBytes(4).toString('hex'), 16))
    .padStart(9, '5')
    .slice(0, 9);
  const client = await apiClient(page);
  const res = await client.post('/api/referrals', {
    headers: { authorization: `Bearer ${coordinator.token}`, 'X-CBO-ID': String(coordinator.org) },
    data: {
      first_name: 'Journey',
      last_name: 'Metrics Member',
      phone_number: '2135550149',
      email: 'journey.member@example.test',
      date_of_birth: '1975-09-21',
      zip_code: place.zip,
      street_address: place.street,
      city: place.city,
      state: place.state,
      medicaid_id: `${place.state}${tag}`,
      health_plan: 'Health Net',
      provider_name: 'Dr. Priya Natarajan',
      npi_number: '1902837465',
      organization: 'Eastside Medical Group',
      provider_phone_number: '2135550190',
      primary_diagnosis: 'Type 2 diabetes (E11.9)',
      availability: 'Weekdays 9am-5pm',
      urgency_level: 'Urgent',
      sdoh_needs: [NEED],
      member_consent_obtained: true,
      use_matching_engine: false,
    },
  });
  if (res.status() !== 201)
    throw new Error(`creating a referral answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as { id: number; referral_number: string };
}

/**
 * A referral in Cheyenne matched by hand to Harbor's listing, which declines it: nobody else is near enough to
 * be tried, so it stays Rejected.
 */
async function declinedReferral(page: Page, password: string, coordinator: Api): Promise<number> {
  const harbor = await apiAs(page, 'cbo@trust.demo', password);
  const { providers } = (await call(page, harbor, 'GET', '/api/provider-performance/own-listings')) as {
    providers: { id: number; organization_name?: string; name?: string }[];
  };
  const listing = providers[0];
  if (!listing) throw new Error('Harbor has no listing of its own in the demo data');
  const referral = await createReferral(page, coordinator, CHEYENNE);
  await call(page, coordinator, 'PUT', `/api/referrals/${referral.id}/match`, {
    provider_id: listing.id,
    provider_name: 'Harbor Community Services',
    provider_organization: 'Harbor Community Services',
    communication_method: 'phone',
  });
  await call(page, harbor, 'POST', `/api/referrals/${referral.id}/reject`, {
    provider_id: listing.id,
    reason: 'Outside our service area',
  });
  return referral.id;
}

async function totalReferrals(page: Page): Promise<number> {
  const text = await page.getByTestId('stat-total-referrals').innerText();
  const value = Number(text.replaceAll(',', ''));
  if (!Number.isInteger(value)) throw new Error(`Total Referrals reads "${text}"`);
  return value;
}

/** RFC 4180 lines of a CSV (quoted fields with commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The county table's rows as the CSV writes them: fips, county, state, then the counts. */
async function countyTableRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'Service gaps by county' });
  // Only plain expressions run in the page (tsx names functions with a helper the page does not have).
  const cells = await table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
  const blank = (v: string) => (v === '—' ? '' : v);
  return cells.map(([county = '', state = '', fips = '', ...counts]) => [
    blank(fips),
    county,
    blank(state),
    ...counts.map((c) => c.replaceAll(',', '')),
  ]);
}

export const SYSTEM_METRICS_JOURNEYS: Journey[] = [
  {
    name: 'system-metrics',
    title:
      'the operator sees System Metrics with both charts, a new referral counted after Refresh Metrics, the dashboard’s Recent Activity toggled between Personal and Organization, then Service Gaps with a need and a county with declined referrals linked to the queue, and the CSV holding the county table',
    timeoutMs: 120_000,
    run: async ({ page, password }) => {
      await signInAs(page, OPERATOR, password);

      // 1. System Metrics: the figures and both charts (the network, the operator's default).
      await page.goto('/metrics');
      await expectVisible(
        page.getByRole('heading', { name: 'System Metrics Dashboard' }),
        'the metrics screen',
      );
      await expectVisible(page.getByTestId('stat-total-referrals'), 'Total Referrals');
      await expectVisible(
        page.getByRole('figure', { name: 'Referral outcomes' }).locator('svg.recharts-surface').first(),
        'the pie chart',
      );
      await expectVisible(
        page
          .getByRole('figure', { name: 'Success rate of the top performing CBOs' })
          .locator('svg.recharts-surface')
          .first(),
        'the bar chart',
      );
      const before = await totalReferrals(page);

      // 2. A new referral, then Refresh Metrics counts it.
      const coordinator = await apiAs(page, 'coordinator@trust.demo', password);
      const fresh = await createReferral(page, coordinator, DOWNTOWN_LA);
      const deadline = Date.now() + 20_000;
      let after = before;
      while (after !== before + 1 && Date.now() < deadline) {
        const refreshed = page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/metrics' && r.request().method() === 'GET',
        );
        await page.getByRole('button', { name: 'Refresh Metrics' }).click();
        await refreshed;
        await page.waitForTimeout(300);
        after = await totalReferrals(page);
      }
      if (after !== before + 1)
        throw new Error(
          `Total Referrals went from ${before} to ${after} after a new referral, not ${before + 1}`,
        );

      // 3. The dashboard's Recent Activity: the coordinator's new referral is the organization's activity, not
      // the operator's own.
      await page.goto('/dashboard');
      const activity = page.getByRole('region', { name: 'Recent Activity' });
      const freshLink = activity.getByRole('link', { name: `Referral #${fresh.referral_number}` }).first();
      // Mantine's segmented control: the label is what a person clicks (its radio input is visually hidden).
      await activity.locator('label.mantine-SegmentedControl-label', { hasText: 'Organization' }).click();
      await expectVisible(
        activity.getByRole('list', { name: 'Recent Activity, organization' }),
        "the organization's activity",
      );
      await expectVisible(freshLink, "the coordinator's new referral in the organization's activity");
      await activity.locator('label.mantine-SegmentedControl-label', { hasText: 'Personal' }).click();
      await expectVisible(
        activity
          .getByRole('list', { name: 'Recent Activity, personal' })
          .or(activity.getByText('No activity yet on your referrals or by you.')),
        "the operator's own activity",
      );
      if ((await freshLink.count()) !== 0)
        throw new Error("the coordinator's referral shows in the operator's personal activity");

      // 4. Service Gaps: a referral declined in Cheyenne shows under its need and its county, each figure linked
      // to its referrals in the queue.
      await declinedReferral(page, password, coordinator);
      const operatorApi = await apiAs(page, OPERATOR, password);
      // The figures of the operator's organization (the coordinator's, where the referral was made): the
      // network's open no list, since the queue lists one organization's referrals.
      const gaps = (await call(
        page,
        { ...operatorApi, org: coordinator.org },
        'GET',
        '/api/service-gaps?scope=organization',
      )) as Gaps;
      const need = gaps.by_need.find((n) => n.need === NEED);
      const county = gaps.by_county.find((c) => c.county_fips === LARAMIE_FIPS);
      if (!need || need.declined < 1 || !county || county.declined < 1)
        throw new Error(
          `the declined referral in Laramie County is not among the gaps: ${JSON.stringify({ need, county })}`,
        );
      await page.goto('/service-gaps');
      await expectVisible(page.getByRole('heading', { name: 'Service Gaps', level: 2 }), 'the gaps screen');
      // Mantine's segmented control: the label is what a person clicks (its radio input is visually hidden).
      await page.locator('label.mantine-SegmentedControl-label', { hasText: 'Organization' }).click();
      await expectVisible(
        page.getByText('Your organization', { exact: false }).first(),
        "the organization's gaps",
      );
      const needLink = page.getByRole('table', { name: 'Service gaps by need' }).getByRole('link', {
        name: `${need.declined} referrals declined by every provider for ${need.need}`,
      });
      await expectVisible(needLink, `the declined referrals of ${need.need}`);
      const needHref = new URL((await needLink.getAttribute('href')) ?? '', 'http://x');
      if (needHref.pathname !== '/queue' || needHref.searchParams.get('gap') !== 'declined')
        throw new Error(`the need's link is ${needHref.pathname}${needHref.search}`);
      const where = county.state ? `${county.county}, ${county.state}` : county.county;
      await expectVisible(
        page
          .getByRole('table', { name: 'Service gaps by county' })
          .getByRole('link', { name: `${county.declined} referrals declined by every provider in ${where}` }),
        `the declined referrals in ${where}`,
      );
      await expectVisible(
        page
          .getByRole('region', { name: 'Map of counties shaded by unmet referrals' })
          .locator('path')
          .first(),
        'a county on the map',
      );

      // 5. The CSV the Export button downloads holds the county table's rows.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      if (!/^service-gaps-.*\.csv$/.test(file.suggestedFilename()))
        throw new Error(`the CSV is named ${file.suggestedFilename()}`);
      const rows = parseCsv(fs.readFileSync(await file.path(), 'utf8'));
      const header = rows[0] ?? [];
      if (header[0] !== 'county_fips') throw new Error(`the CSV starts with ${header.join(',')}`);
      const end = rows.findIndex((r, i) => i > 0 && r.length === 1 && r[0] === '');
      const csvCounties = rows.slice(1, end === -1 ? undefined : end);
      const shown = await countyTableRows(page);
      const key = (r: string[]) => r.join('|');
      if (JSON.stringify(csvCounties.map(key).sort()) !== JSON.stringify(shown.map(key).sort()))
        throw new Error(
          `the CSV's counties differ from the table:\nCSV:\n${csvCounties.map(key).join('\n')}\ntable:\n${shown.map(key).join('\n')}`,
        );
    },
  },
];
