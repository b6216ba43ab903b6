import { z } from 'zod';
import { queryInt, timestampSchema } from './common.ts';
import { directoryProviderSchema } from './directory-wire.ts';

// Issue #12 "Providers added by hand stay private": a provider typed in through Add New Provider is seen only by
// the organization that added it until a platform operator verifies it; only then does it reach the public
// directory and other organizations' matching, and only then is its web form ever opened.

export const PROVIDER_VERIFICATION_MESSAGES = {
  /** The My Providers badge of a provider awaiting verification. */
  privateBadge: 'Private to your organization until verified',
  /** Add New Provider's success line. */
  addedPrivately:
    'Only your organization sees it (in My Providers and its matching) until a platform operator verifies it.',
  /** 422 for a web form, a website fallback or discovery of a provider awaiting verification. */
  webFormUnverified:
    'This provider has not been verified yet, so its web form cannot be used. Use phone or email, or ask a platform operator to verify it.',
  /** 422 for website discovery of a provider awaiting verification. */
  discoveryUnverified:
    'This provider has not been verified yet, so its website is not read. Use its phone or email, or ask a platform operator to verify it.',
  operatorsOnly: 'Only platform operators verify providers.',
  notAwaiting: 'No provider added by hand with this id is awaiting verification.',
  alreadyVerified: 'This provider is already verified.',
  verified: (name: string) =>
    `${name} is verified: it now appears in the public directory and in every organization's matching.`,
  confirm: (name: string, org: string | null) =>
    `Verify ${name}${org ? `, added by ${org}` : ''}? Every organization will see it in the directory and in matching, and its web form may be used.`,
  noneWaiting: 'No providers are awaiting verification.',
  verifyFailed: 'The provider could not be verified. Please try again.',
} as const;

export const UNVERIFIED_PAGE_SIZE_DEFAULT = 25;
export const UNVERIFIED_PAGE_SIZE_MAX = 100;

/** GET /api/providers/unverified: newest first, searched over name, city, ZIP, county and services. */
export const unverifiedProviderListQuerySchema = z.object({
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  page_size: queryInt({ min: 1, max: UNVERIFIED_PAGE_SIZE_MAX }).default(UNVERIFIED_PAGE_SIZE_DEFAULT),
  search: z.string().trim().max(200).optional(),
});
export type UnverifiedProviderListQuery = z.infer<typeof unverifiedProviderListQuerySchema>;

/** A provider awaiting verification, with who added it, for which organization, and when. */
export const unverifiedProviderSchema = directoryProviderSchema
  .extend({
    owner_organization_id: z.number().int().nullable(),
    owner_organization_name: z.string().nullable(),
    added_by_name: z.string().nullable(),
    added_by_email: z.string().nullable(),
    added_at: timestampSchema,
  })
  .meta({ id: 'UnverifiedProvider' });
export type UnverifiedProvider = z.infer<typeof unverifiedProviderSchema>;

export const unverifiedProviderListSchema = z
  .object({
    providers: z.array(unverifiedProviderSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  })
  .meta({ id: 'UnverifiedProviderList' });
export type UnverifiedProviderList = z.infer<typeof unverifiedProviderListSchema>;

/** POST /api/providers/{id}/verify. */
export const providerVerifyResponseSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    provider: directoryProviderSchema,
    verified_at: timestampSchema,
  })
  .meta({ id: 'ProviderVerified' });
export type ProviderVerifyResponse = z.infer<typeof providerVerifyResponseSchema>;
