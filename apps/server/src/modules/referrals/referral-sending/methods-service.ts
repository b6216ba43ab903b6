import {
  buildFallbackMethods,
  type CommunicationMethod,
  type CommunicationMethodList,
  type CommunicationMethodUpdate,
  computePriority,
  type DiscoverResponse,
  PROVIDER_VERIFICATION_MESSAGES,
  SENDING_MESSAGES,
  successRatePercent,
  toE164,
  websiteUrl,
} from '@trust/domain';
import { optedOutNumbers } from '../../../adapters/sms/opt-outs.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { canSeeProvider, findProvider } from '../../providers/directory/service.ts';
import { recordMethodAttempt } from './delivery-outcome.ts';
import * as methods from './methods-repo.ts';
import { type DiscoveryOptions, discoverWebsiteContacts } from './website-contacts.ts';

// A provider's communication methods (001 §2.1, §2.2, §3, §4, §7 "Communication methods"). Provider contacts
// are directory data, not PHI: any signed-in member of an organization reads them; changes are audited.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * `optedOut`: the numbers that answered STOP (sms_opt_outs); a phone method shows opted_out from its own flag or
 * from that list, so a number opted out before the method was stored still says so.
 */
export function toMethodWire(
  row: methods.MethodRow,
  providerName: string,
  optedOut: ReadonlySet<string> = new Set(),
): CommunicationMethod {
  return {
    id: row.id,
    provider_id: row.providerId,
    provider_name: providerName,
    method_type: row.methodType as CommunicationMethod['method_type'],
    contact_value: row.contactValue,
    notes: row.notes,
    verified: row.verified,
    is_preferred: row.isPreferred,
    success_count: row.successCount,
    failure_count: row.failureCount,
    success_rate: successRatePercent(row.successCount, row.failureCount),
    priority: row.priority,
    discovery_method: row.discoveryMethod,
    discovered_at: iso(row.discoveredAt),
    accepts_referrals: row.acceptsReferrals,
    opted_out: row.methodType === 'phone' && (row.optedOut || isListed(optedOut, row.contactValue)),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function isListed(optedOut: ReadonlySet<string>, phone: string): boolean {
  const e164 = toE164(phone);
  return e164 !== null && optedOut.has(e164);
}

/** The numbers among a provider's phone methods that answered STOP (one query). */
function optedOutOf(db: DbOrTx, phones: readonly (string | null | undefined)[]) {
  return optedOutNumbers(
    db,
    phones.filter((p): p is string => Boolean(p?.trim())),
  );
}

/**
 * The provider, if the actor's organization may see it (issue #12: another organization's private provider is
 * 404), and whether the server may open its web form or website (only once it is verified).
 */
async function providerOrThrow(ctx: ServiceContext, providerId: number) {
  const provider = await findProvider(ctx, { id: providerId });
  if (!provider) throw new AppError('send.provider_not_found', SENDING_MESSAGES.providerNotFound);
  return {
    id: provider.id,
    name: provider.organization_name,
    phone: provider.phone,
    email: provider.email,
    website: provider.website,
    webFormUrl: provider.web_form_url,
    verified: provider.verification_status === 'verified',
  };
}

/**
 * GET /api/provider-communication-methods?provider_id=: the stored methods, highest priority first; a provider
 * with none gets its directory fallbacks (negative ids, 001 §3), so the send panel always has its contacts.
 * A provider awaiting verification offers no web form (issue #12): its own organization phones or emails it.
 */
export async function listProviderMethods(
  ctx: ServiceContext,
  input: { providerId: number },
): Promise<CommunicationMethodList> {
  const { providerId } = input;
  const provider = await providerOrThrow(ctx, providerId);
  const db = ctx.db;
  const rows = (await methods.listMethods(db, providerId)).filter(
    (r) => provider.verified || r.methodType !== 'web_form',
  );
  if (rows.length) {
    const optedOut = await optedOutOf(
      db,
      rows.filter((r) => r.methodType === 'phone').map((r) => r.contactValue),
    );
    return { methods: rows.map((r) => toMethodWire(r, provider.name, optedOut)) };
  }
  const optedOut = await optedOutOf(db, [provider.phone]);
  return {
    methods: buildFallbackMethods({
      id: provider.id,
      name: provider.name,
      phone: provider.phone,
      email: provider.email,
      website: provider.verified ? (provider.webFormUrl ?? provider.website) : null,
    }).map((m) => ({
      ...m,
      opted_out: m.method_type === 'phone' && isListed(optedOut, m.contact_value),
    })),
  };
}

/**
 * GET /api/provider-communication-methods/discover/{providerId}: stores the contacts of the provider's record
 * (phone, email, web form or website) and the tel:/mailto: links of its website. Each new method gets its
 * priority from 001 §9. A website that cannot be read finds nothing; the answer says why in `error`.
 */
export async function discoverProviderMethods(
  ctx: ServiceContext,
  input: { providerId: number; options?: DiscoveryOptions },
): Promise<DiscoverResponse> {
  const { providerId, options = {} } = input;
  const provider = await providerOrThrow(ctx, providerId);
  // Issue #12: the server reads no page whose address an organization typed in and nobody has vetted.
  if (!provider.verified) {
    throw new AppError('provider.unverified_discovery', PROVIDER_VERIFICATION_MESSAGES.discoveryUnverified);
  }
  const candidates: { methodType: string; contactValue: string; discoveryMethod: string }[] = [];
  const add = (methodType: string, contactValue: string | null | undefined, discoveryMethod: string) => {
    const value = contactValue?.trim();
    if (value) candidates.push({ methodType, contactValue: value, discoveryMethod });
  };
  add('phone', provider.phone, 'directory');
  add('email', provider.email, 'directory');
  const site = provider.webFormUrl ?? provider.website;
  if (site?.trim()) add('web_form', websiteUrl(site), 'directory');

  let error: string | null = null;
  if (provider.website?.trim()) {
    const found = await discoverWebsiteContacts(websiteUrl(provider.website), options);
    error = found.error;
    for (const phone of found.phones) add('phone', phone, 'website');
    for (const email of found.emails) add('email', email, 'website');
  }

  const now = new Date();
  let discovered = 0;
  await ctx.db.transaction(async (tx) => {
    for (const c of candidates) {
      const priority = computePriority(
        {
          methodType: c.methodType,
          verified: false,
          isPreferred: false,
          successCount: 0,
          failureCount: 0,
          lastUsedAt: null,
        },
        now,
      );
      const { created } = await methods.insertMethodIfMissing(tx, {
        providerId,
        methodType: c.methodType,
        contactValue: c.contactValue,
        discoveryMethod: c.discoveryMethod,
        discoveredAt: now,
        notes:
          c.discoveryMethod === 'website' ? 'Found on the provider’s website' : 'From the provider directory',
        priority,
      });
      if (created) discovered++;
    }
    await audit(tx, ctx, {
      action: 'provider_methods.discovered',
      entityType: 'provider',
      entityId: providerId,
      details: { discovered, website_error: error },
    });
  });
  const rows = await methods.listMethods(ctx.db, providerId);
  const optedOut = await optedOutOf(
    ctx.db,
    rows.filter((r) => r.methodType === 'phone').map((r) => r.contactValue),
  );
  return {
    success: rows.length > 0,
    discovered,
    methods: rows.map((r) => toMethodWire(r, provider.name, optedOut)),
    error: rows.length > 0 ? null : (error ?? 'No contacts found for this provider.'),
  };
}

/**
 * PUT /api/provider-communication-methods/{id} (001 §7): {success} records an attempt, {verified: true}
 * verifies, {is_preferred: true} makes it the provider's one preferred method. The priority is recomputed each
 * time (001 §4). Directory fallbacks (negative ids) are not stored and cannot be changed (001 §2.1).
 */
export async function updateProviderMethod(
  ctx: ServiceContext,
  input: CommunicationMethodUpdate & { id: number },
): Promise<CommunicationMethod> {
  const { id, ...body } = input;
  if (id < 0) throw new AppError('provider_method.fallback_not_stored', SENDING_MESSAGES.fallbackNotStored);
  if (body.success === undefined && body.verified === undefined && body.is_preferred === undefined) {
    throw new AppError('provider_method.update_empty', SENDING_MESSAGES.updateRequired);
  }
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    let row = await methods.lockMethod(tx, id);
    if (!row || !(await canSeeProvider(txCtx, { providerId: row.providerId }))) {
      throw new AppError('provider_method.not_found', SENDING_MESSAGES.methodNotFound);
    }
    const now = new Date();
    if (body.success !== undefined) {
      row = (await recordMethodAttempt(txCtx, { methodId: id, success: body.success, at: now }))!;
    }
    const flags: Partial<methods.MethodInsert> = {};
    if (body.verified) flags.verified = true;
    if (body.is_preferred) {
      flags.isPreferred = true;
      for (const other of await methods.clearOtherPreferred(tx, row.providerId, id)) {
        await methods.updateMethod(tx, other.id, { priority: computePriority(other, now) });
      }
    }
    const next = { ...row, ...flags };
    row = await methods.updateMethod(tx, id, { ...flags, priority: computePriority(next, now) });
    await audit(tx, ctx, {
      action: 'provider_method.updated',
      entityType: 'provider_communication_method',
      entityId: id,
      details: { provider_id: row.providerId, ...body },
    });
    const provider = await findProvider(txCtx, { id: row.providerId });
    const optedOut = row.methodType === 'phone' ? await optedOutOf(tx, [row.contactValue]) : undefined;
    return toMethodWire(row, provider?.organization_name ?? '', optedOut);
  });
}

/**
 * A number answered STOP (true) or START (false) by text (issue #6): every phone method with it, whichever
 * provider holds it, shows it (001 §2.2). In the context's transaction; returns how many changed.
 */
export async function markPhoneMethodsOptedOut(
  ctx: ServiceContext,
  input: { phoneDigits: string; optedOut: boolean },
): Promise<number> {
  return methods.setPhoneMethodsOptedOut(ctx.db, input.phoneDigits, input.optedOut);
}

/**
 * The method a referral goes to the provider by when nobody chooses (the cascade, issue #14 item 2): its
 * highest-priority phone or email that takes referrals and has not opted out, else its directory phone, else its
 * directory email. Null when it has none (the cascade passes it by). A negative id is a directory fallback.
 */
export async function bestSendMethod(
  ctx: ServiceContext,
  input: { providerId: number },
): Promise<{ id: number; methodType: 'phone' | 'email'; contactValue: string } | null> {
  const { methods: list } = await listProviderMethods(ctx, input);
  for (const m of list) {
    if (m.method_type !== 'phone' && m.method_type !== 'email') continue;
    if (!m.accepts_referrals || m.opted_out || !m.contact_value) continue;
    return { id: m.id, methodType: m.method_type, contactValue: m.contact_value };
  }
  return null;
}
