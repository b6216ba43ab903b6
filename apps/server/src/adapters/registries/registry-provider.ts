import type { ImportDataSource } from '@trust/domain';

/**
 * One provider as a registry describes it, whatever the registry's own format (NPPES API JSON, the NPPES full
 * file's 330 CSV columns, Care Compare, HRSA): each adapter maps its format to this, and the import manager's
 * one normaliser (modules/providers/provider-imports/normalise.ts) maps this to a directory provider.
 */
export type RegistryProvider = {
  source: ImportDataSource;
  /** The NPI, 10 digits: the directory's key for registry providers ('' for a source keyed by `externalId`). */
  npi: string;
  /**
   * The record's id in a source not keyed by NPI (HSDS: the service_at_location's id): the listing's key within its
   * source, so a later import upserts the same listing.
   */
  externalId?: string;
  kind: 'organization' | 'individual';
  /** As the registry spells it (often upper case); the normaliser formats it. */
  name: string;
  /** Taxonomies with the primary one first: NUCC code and its description. */
  taxonomies: { code: string; description: string }[];
  /** The practice location (never the mailing address): null when the registry gave none. */
  location: {
    line1: string;
    line2: string;
    city: string;
    state: string;
    /** 5 or 9 digits as the registry gives it. */
    postalCode: string;
  } | null;
  phone: string | null;
  languages: string[];
  website?: string | null;
  /** HSDS: the service's own name, which maps to directory services with its taxonomy terms (hsds-services.ts). */
  serviceName?: string;
  /** The registry's own geocode of the location (HRSA); otherwise the ZIP's centroid is used. */
  coordinates?: { latitude: number; longitude: number } | null;
};

/** A block of registry records read from a file, each with its line (for a refusal naming it). */
export type RegistryFileBlock = {
  providers: { line: number; provider: RegistryProvider }[];
  deactivations: { line: number; deactivation: { npi: string; deactivatedOn: string; reason: string } }[];
};

/** A registry record that could not be read (a line of a file, a result of the API), with why. */
export class RegistryFormatError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'RegistryFormatError';
  }
}

/** The registry kept failing (HTTP 429/5xx or the network) after every retry. */
export class RegistryUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryUnavailableError';
  }
}
