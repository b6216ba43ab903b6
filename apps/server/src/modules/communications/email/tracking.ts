import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../../config.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { encryptionKey } from '../../../platform/secret-box.ts';
import { lockEmailByTrackingToken } from '../communications/records.ts';
import { updateCommunicationStatus } from '../communications/service.ts';

// 001 §2.13 opened and clicked times. Each outbound email has a random tracking token; its delivered HTML
// carries a 1×1 image at /api/email/open/{token}.gif and every http(s) link goes through
// /api/email/click/{token}?u=<url>&s=<signature>. The signature (HMAC-SHA256 of token and URL, keyed from the
// server's secret) makes the click route redirect only to links the server itself put in an email: it is
// never an open redirect.

export const TRACKING_PIXEL_PATH = '/api/email/open';
export const TRACKED_LINK_PATH = '/api/email/click';
export const INVALID_LINK_MESSAGE = 'This link is not valid.';

/** A transparent 1×1 GIF. */
export const TRACKING_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const keys = new WeakMap<object, Buffer>();

/** The links' own key, derived with HKDF from the server's secret (never the sealing key itself). */
function linkKey(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', encryptionKey(config), Buffer.alloc(0), 'email-link-tracking', 32));
    keys.set(config, key);
  }
  return key;
}

export function signLink(config: Pick<Config, 'secretKey' | 'dataDir'>, token: string, url: string): string {
  return createHmac('sha256', linkKey(config)).update(`${token}\n${url}`).digest('base64url');
}

export function linkSignatureValid(
  config: Pick<Config, 'secretKey' | 'dataDir'>,
  token: string,
  url: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signLink(config, token, url));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function pixelUrl(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}${TRACKING_PIXEL_PATH}/${token}.gif`;
}

export function trackedLinkUrl(
  config: Pick<Config, 'publicUrl' | 'secretKey' | 'dataDir'>,
  token: string,
  url: string,
): string {
  const query = new URLSearchParams({ u: url, s: signLink(config, token, url) });
  return `${config.publicUrl}${TRACKED_LINK_PATH}/${token}?${query.toString()}`;
}

/** A record that can still move: a failed or bounced email keeps its status. */
const TRACKABLE = ['queued', 'sent', 'delivered', 'opened'];

/** GET /api/email/open/{token}.gif: the first open sets opened_at and the status opened. */
export async function recordOpen(ctx: ServiceContext, input: { token: string }): Promise<void> {
  const found = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const row = await lockEmailByTrackingToken(txCtx, { token: input.token });
    if (!row) return false;
    if (row.openedAt) return true;
    await updateCommunicationStatus(txCtx, {
      id: row.id,
      patch: {
        openedAt: new Date(),
        ...(['queued', 'sent', 'delivered'].includes(row.status) ? { status: 'opened' } : {}),
      },
    });
    return true;
  });
  if (!found) throw new AppError('email.tracking_unknown', 'Unknown tracking image.');
}

/**
 * GET /api/email/click/{token}?u&s: checks the signature (400 otherwise), records the first click (clicked_at,
 * status clicked; an unseen open is implied) and answers where to go.
 */
export async function recordClick(
  ctx: ServiceContext,
  input: { token: string; url: string; signature: string },
): Promise<string> {
  const { token, url, signature } = input;
  if (!/^https?:\/\//i.test(url) || !linkSignatureValid(ctx.deps.config, token, url, signature)) {
    throw new AppError('email.link_invalid', INVALID_LINK_MESSAGE);
  }
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const row = await lockEmailByTrackingToken(txCtx, { token });
    if (!row || row.clickedAt) return;
    const now = new Date();
    await updateCommunicationStatus(txCtx, {
      id: row.id,
      patch: {
        clickedAt: now,
        ...(row.openedAt ? {} : { openedAt: now }),
        ...(TRACKABLE.includes(row.status) ? { status: 'clicked' } : {}),
      },
    });
  });
  return url;
}
