import { SEARCH_RADIUS_MAX_MILES } from '@trust/domain';
import type { Database } from '../apps/server/src/db/client.ts';

/** The dense metro of the directory bench: downtown Houston. */
export const DENSE_CENTER = { latitude: 29.7604, longitude: -95.3698 };
/** A point in the sparse rest of the country (central Kansas). */
export const SPARSE_CENTER = { latitude: 38.5, longitude: -98.0 };

const TYPES = ['FQHC', 'Food Bank', 'Housing Support', 'Mental Health Center', 'Transportation Provider'];
const SERVICES = [
  'Food Assistance',
  'Housing Assistance',
  'Transportation',
  'Mental Health Services',
  'Case Management',
  'Primary Care',
  'Dental Services',
  'Behavioral Health',
  'Pharmacy Services',
  'Substance Abuse Treatment',
];

const sqlList = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;

/** Secondary indexes of providers, dropped while loading and rebuilt after (much faster than maintaining them). */
async function secondaryIndexes(database: Database): Promise<{ name: string; definition: string }[]> {
  const rows = await database.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'providers' AND indexname <> 'providers_pkey'`,
  );
  return rows.map((r) => ({ name: r.indexname, definition: r.indexdef }));
}

/**
 * `count` generated providers, in SQL inside the database (fast on PGlite and PostgreSQL alike): `dense` of
 * them within 50 miles of DENSE_CENTER (uniform over the disc), the rest uniform over the contiguous US box.
 * Each offers two of ten services, so a one-service filter keeps about a fifth. Deterministic (setseed).
 */
export async function generateProviders(
  database: Database,
  options: { count: number; dense: number; onProgress?: (done: number) => void },
): Promise<{ loadS: number; indexS: number }> {
  const indexes = await secondaryIndexes(database);
  for (const index of indexes) await database.exec(`DROP INDEX IF EXISTS ${index.name}`);
  const started = Date.now();
  const chunk = 100_000;
  const milesPerDegree = 69.09;
  for (let from = 1; from <= options.count; from += chunk) {
    const to = Math.min(options.count, from + chunk - 1);
    await database.exec(`
      SELECT setseed(${(from % 9973) / 9973});
      INSERT INTO providers (name, organization_type, city, state, zip_code, latitude, longitude, services,
                             languages, data_quality_score, capacity_status, phone)
      SELECT 'Bench Provider ' || g,
             (${sqlList(TYPES)})[1 + g % ${TYPES.length}],
             'Bench City', 'TX', '77002',
             CASE WHEN g <= ${options.dense}
               THEN ${DENSE_CENTER.latitude} + r * cos(theta) / ${milesPerDegree}
               ELSE 25 + random() * 24 END,
             CASE WHEN g <= ${options.dense}
               THEN ${DENSE_CENTER.longitude} + r * sin(theta) / (${milesPerDegree} * cos(radians(${DENSE_CENTER.latitude})))
               ELSE -124 + random() * 57 END,
             ARRAY[(${sqlList(SERVICES)})[1 + g % 10], (${sqlList(SERVICES)})[1 + (g / 10) % 10]],
             ARRAY['English'],
             40 + g % 60,
             CASE WHEN g % 20 = 0 THEN 'full' ELSE 'accepting' END,
             '(713) 555-' || lpad((g % 10000)::text, 4, '0')
        FROM (SELECT g, ${SEARCH_RADIUS_MAX_MILES - 0.01} * sqrt(random()) AS r, 2 * pi() * random() AS theta
                FROM generate_series(${from}, ${to}) g) s;
    `);
    options.onProgress?.(to);
  }
  const loadS = (Date.now() - started) / 1000;
  const indexStarted = Date.now();
  for (const index of indexes) await database.exec(index.definition);
  await database.exec('ANALYZE providers');
  return { loadS, indexS: (Date.now() - indexStarted) / 1000 };
}
