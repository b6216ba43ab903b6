import type { ServiceContext } from '../../../platform/context.ts';

/**
 * What a referral's own changes need from modules that depend on the referrals module. Those modules import it
 * (its access policy, history and lookups), so importing them back would be a module cycle (`npm run
 * boundaries`): each lends its function here from its manifest file (`provideReferralPorts` in its module.ts,
 * which modules/index.ts loads before the app is built), and the referrals module calls it in its own
 * transaction (`ctx.db`), exactly as it would call an import.
 */
export type ReferralPorts = {
  /**
   * communications: an SMS about a referral (000 §2.3 the member's status notice), queued in the outbox and
   * recorded with the referral's communications, outside any provider thread, under `recordCategory`.
   */
  queueReferralSms: (
    ctx: ServiceContext,
    input: {
      to: string;
      body: string;
      category: string;
      recordCategory: string;
      organizationId: number;
      referralId: number;
    },
  ) => Promise<{ messageId: number }>;
  /**
   * documents: called in the transaction that deletes a referral (its document rows go with it, ON DELETE
   * CASCADE): the stored files of those rows are removed once the transaction committed, none if it rolls back.
   */
  removeReferralDocuments: (ctx: ServiceContext, input: { referralId: number }) => Promise<void>;
  /**
   * communications: the member-details email of an accepted referral (000 §2.5), queued in the outbox and
   * recorded on the thread with the provider as the acceptance email (001 §3 is_acceptance_email).
   */
  queueAcceptanceEmail: (
    ctx: ServiceContext,
    input: {
      to: string;
      subject: string;
      text: string;
      html?: string;
      category: string;
      organizationId: number;
      referralId: number;
      providerId: number;
      metadata: Record<string, unknown>;
    },
  ) => Promise<{ messageId: number }>;
  /**
   * referral-sending (first accept wins, 001 §2.8): whether the provider holds a 'sent' entry on the referral;
   * `organizationId` is the organization answering for it in the app, null for the provider itself (by SMS).
   */
  holdsSentEntry: (
    ctx: ServiceContext,
    input: { referralId: number; providerId: number; organizationId: number | null },
  ) => Promise<boolean>;
  /** referral-sending: after an accept, that provider's entry is accepted and every other one not_selected. */
  settleFirstAccept: (
    ctx: ServiceContext,
    input: { referralId: number; providerId: number; at?: Date },
  ) => Promise<void>;
  /**
   * referral-sending (issue #14 item 2): the provider's entry records its decline and reason (false when it had
   * no open entry); how many entries are still open.
   */
  declineProviderEntry: (
    ctx: ServiceContext,
    input: { referralId: number; providerId: number; reason: string; at: Date },
  ) => Promise<{ declined: boolean; openLeft: number; providerName: string | null }>;
  /**
   * referral-sending: the sent entries whose answer window passed by `now` expire (with `all`, every sent one,
   * and the pending ones are not selected: the referral itself expired); how many are still open.
   */
  expireProviderEntries: (
    ctx: ServiceContext,
    input: { referralId: number; now: Date; all?: boolean },
  ) => Promise<{ expired: { providerId: number; providerName: string }[]; openLeft: number }>;
  /** referral-sending: referrals holding a sent entry whose window passed by `now` (the expiry job's scan). */
  overdueEntryReferrals: (ctx: ServiceContext, input: { now: Date; limit: number }) => Promise<number[]>;
  /**
   * matching (issue #14 item 2): a referral that just became Rejected or Expired (locked, in this transaction)
   * is matched to the next providers and sent when its organization's routing allows, else flagged for its
   * coordinator. Runs in the caller's transaction.
   */
  rematchReferral: (ctx: ServiceContext, input: { referralId: number }) => Promise<void>;
  /**
   * matching (issue #14 item 8): a referral just created with the matching engine, in this transaction, is
   * auto-matched to its nearest eligible providers by the system acting for its organization; how many. 0
   * when none was found (nothing written: it stays Pending). Runs in the caller's transaction.
   */
  autoMatchNewReferral: (ctx: ServiceContext, input: { referralId: number }) => Promise<number>;
};

const provided: Partial<ReferralPorts> = {};

/** A module's manifest file lends its part of the ports (once, when it is loaded). */
export function provideReferralPorts(ports: Partial<ReferralPorts>): void {
  Object.assign(provided, ports);
}

/** The port, or an error naming the module that should have provided it (its manifest was not loaded). */
export function referralPort<K extends keyof ReferralPorts>(name: K): ReferralPorts[K] {
  const port = provided[name];
  if (!port) throw new Error(`referrals: no module provided ${name} (see referrals/referrals/ports.ts)`);
  return port as ReferralPorts[K];
}
