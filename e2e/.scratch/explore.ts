import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3999';
const pw = 'TrustDemo!2026';
async function token(email: string) {
  const r = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: pw }) });
  return ((await r.json()) as { access_token: string }).access_token;
}
const tok = await token('coordinator@trust.demo');
const h = { authorization: `Bearer ${tok}`, 'content-type': 'application/json' };
const sp = await fetch(`${base}/api/saved-providers`, { method: 'POST', headers: h, body: JSON.stringify({
  organization_name: `Explore Pantry ${Date.now() % 10000}`, organization_type: 'Food Bank', street_address: '1 Main St', city: 'Los Angeles', state: 'CA', zip_code: '90012',
  primary_phone: '(213) 555-0177', primary_email: 'intake@explore.example', website: 'http://127.0.0.1:3998/', services: ['Food Assistance'], languages_spoken: ['English'] }) });
const provider = await sp.json() as { provider_id: number; id: number };
console.log('provider', sp.status, JSON.stringify(provider).slice(0, 200));
const pid = provider.provider_id ?? provider.id;
const rr = await fetch(`${base}/api/referrals`, { method: 'POST', headers: h, body: JSON.stringify({
  first_name: 'Explore', last_name: 'Member', phone_number: '2135550148', email: 'm@example.test', date_of_birth: '1979-04-02', zip_code: '90012', street_address: '200 N Spring St', city: 'Los Angeles', state: 'CA', medicaid_id: `CA${String(Date.now()).slice(-9)}`, health_plan: 'Health Net', provider_name: 'Dr. P', npi_number: '1902837465', organization: 'Eastside', provider_phone_number: '2135550190', primary_diagnosis: 'Diabetes', availability: 'Weekdays 9am-5pm', urgency_level: 'Urgent', sdoh_needs: ['Food Assistance'], member_consent_obtained: true, use_matching_engine: false }) });
const ref = await rr.json() as { id: number; referral_number: string };
console.log('referral', rr.status, ref.id, ref.referral_number);
const m = await fetch(`${base}/api/referrals/${ref.id}/match`, { method: 'PUT', headers: h, body: JSON.stringify({ provider_id: pid, provider_name: 'x', provider_organization: 'x', communication_method: 'phone' }) });
console.log('match', m.status, (await m.text()).slice(0, 200));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [1280, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base });
  const page = await ctx.newPage();
  await page.goto('/');
  await page.evaluate((t) => { localStorage.setItem('auth_token', t); localStorage.setItem('session_start', String(Date.now())); }, tok);
  await page.goto(`/provider-communications/${pid}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shot-sms-${width}.png`, fullPage: true });
  const open = page.getByRole('button', { name: `Open Referral #${ref.referral_number}` });
  if (await open.count()) { await open.first().click(); await page.waitForTimeout(1500); }
  await page.screenshot({ path: `/tmp/shot-sms-open-${width}.png`, fullPage: true });
  await page.getByRole('tab', { name: /Email/ }).click(); await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shot-email-${width}.png`, fullPage: true });
  await page.getByRole('tab', { name: /Web Form/ }).click(); await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shot-webform-${width}.png`, fullPage: true });
  await page.getByRole('tab', { name: /Phone/ }).click(); await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shot-phone-${width}.png`, fullPage: true });
  await page.goto('/provider-communications'); await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/shot-inbox-${width}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
console.log(JSON.stringify({ pid, ref }));
