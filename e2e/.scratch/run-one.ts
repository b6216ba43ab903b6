import { COMMUNICATIONS_JOURNEYS } from '../journeys/communications.ts';
import { openBrowser } from '../lib/browser.ts';
const base = 'http://127.0.0.1:3999';
const only = process.argv[2];
for (const j of COMMUNICATIONS_JOURNEYS.filter((x) => !only || x.name === only)) {
  const b = await openBrowser(base);
  const t = Date.now();
  try {
    await j.run({ page: b.page, password: 'TrustDemo!2026', baseURL: base });
    console.log('PASS', j.name, Date.now() - t);
  } catch (e) {
    console.log('FAIL', j.name, (e as Error).message, b.page.url());
    for (const p of b.problems.slice(-5)) console.log('   ', p);
    await b.page.screenshot({ path: `/tmp/fail-${j.name}.png`, fullPage: true });
  } finally { await b.close(); }
}
