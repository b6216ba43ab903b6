import type pg from 'pg';

/**
 * `count` messages in `threads` threads (half of them `plan`'s, the rest spread over `others`), each thread with
 * a provider and a referral (of the first 5,000 providers and 50,000 referrals), seven in ten by SMS, a third of
 * the messages inbound (one in seven of those unread), over the last 90 days; `sealed` is every body, sealed as
 * the product stores it. Then the threads' kept figures and the inbox's kept totals, as the repo keeps them.
 */
export async function generateCommunications(
  client: pg.Client,
  options: { plan: number; others: number[]; threads: number; count: number; sealed: string },
) {
  const { plan, others, threads, count, sealed } = options;
  // Threads: half the plan's, the rest spread over the other organizations; a provider and a referral each;
  // seven in ten by SMS. Counterparts are distinct numbers, so a lookup finds one thread.
  await client.query(
    `INSERT INTO conversations (organization_id, provider_id, referral_id, channel, counterpart)
     SELECT CASE WHEN i % 2 = 0 THEN $1::int ELSE ($2::int[])[1 + (i / 2) % cardinality($2::int[])] END,
            p.ids[1 + i % cardinality(p.ids)],
            r.ids[1 + i % cardinality(r.ids)],
            CASE WHEN i % 10 < 7 THEN 'sms' ELSE 'email' END,
            CASE WHEN i % 10 < 7 THEN '+1' || (2000000000 + i)::text ELSE 'intake' || i || '@provider.example' END
       FROM generate_series(1, $3::int) i,
            (SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM providers ORDER BY id LIMIT 5000) x) p,
            (SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM referrals ORDER BY id LIMIT 50000) y) r`,
    [plan, others, threads],
  );
  const { rows: bounds } = await client.query<{ lo: number; hi: number }>(
    'SELECT min(id) AS lo, max(id) AS hi FROM conversations',
  );
  const lo = bounds[0]!.lo;
  const span = bounds[0]!.hi - lo + 1;
  // Messages: spread over the threads, a third inbound (one in seven of those unread), over the last 90 days.
  await client.query(
    `INSERT INTO communications (conversation_id, organization_id, referral_id, provider_id, channel, direction,
                                 category, status, counterpart, to_address, body_text, phi, read_at, created_at)
     SELECT c.id, c.organization_id, c.referral_id, c.provider_id, c.channel,
            CASE WHEN j % 3 = 0 THEN 'inbound' ELSE 'outbound' END, 'conversation',
            CASE WHEN j % 3 = 0 THEN 'received' ELSE 'delivered' END,
            c.counterpart, c.counterpart, $1, true,
            CASE WHEN j % 21 = 0 THEN NULL ELSE now() END,
            now() - (j % 129600) * interval '1 minute'
       FROM generate_series(1, $2::int) j
       JOIN conversations c ON c.id = $3::int + (j % $4::int)`,
    [sealed, count, lo, span],
  );
  await client.query(`
    UPDATE conversations c SET message_count = s.n, unread_count = s.unread, last_communication_id = s.last_id,
           last_message_at = s.last_at, last_direction = 'outbound'
      FROM (SELECT conversation_id, count(*)::int AS n,
                   count(*) FILTER (WHERE direction = 'inbound' AND read_at IS NULL)::int AS unread,
                   max(id) AS last_id, max(created_at) AS last_at
              FROM communications GROUP BY conversation_id) s
     WHERE c.id = s.conversation_id`);
  // The inbox's kept totals, as the repo keeps them when messages arrive one by one.
  await client.query(`
    INSERT INTO conversation_totals (organization_id, channel, threads, unread)
    SELECT organization_id, channel, count(*)::int, sum(unread_count)::int FROM conversations
     WHERE last_message_at IS NOT NULL GROUP BY organization_id, channel`);
  await client.query('ANALYZE conversations');
  await client.query('ANALYZE communications');
}
