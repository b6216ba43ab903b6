import Fastify from 'fastify';
import pg from 'pg';

// The limit of a database-backed page on this machine (issue #22): a bare Fastify route that runs one prepared
// query for a 50-row page of the queue's table, the newest referrals of one organization (the index the queue
// reads), and answers the rows as JSON. No ORM, no session, no audit, no schema: what every real page is read
// against in the same run. DATABASE_URL and ORG_ID come from the bench; the pool is the server's default size.
const url = process.env.DATABASE_URL;
const orgId = Number(process.env.ORG_ID);
if (!url || !Number.isInteger(orgId)) throw new Error('plain-pg needs DATABASE_URL and ORG_ID');

const pool = new pg.Pool({ connectionString: url, max: Number(process.env.POOL_MAX ?? 20) });
const PAGE = {
  name: 'plain_page',
  text: `SELECT id, referral_number, first_name, last_name, status, urgency, sdoh_needs, created_at, updated_at,
                matched_provider_id, organization_id
           FROM referrals WHERE organization_id = $1
          ORDER BY created_at DESC, id DESC LIMIT 50`,
};

const app = Fastify({ logger: false });
app.get('/', async () => {
  const { rows } = await pool.query({ ...PAGE, values: [orgId] });
  return { rows };
});

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
console.log(`plain-pg page listening on ${port}`);

const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
