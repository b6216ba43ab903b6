import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

// GET /fhir/metadata (issue #21): the FHIR API's CapabilityStatement, open to anyone. The app's client reads it
// like any JSON answer (application/fhir+json); no session is sent, the statement is the same for everyone.
// Only the parts the Interop screen shows are typed.

export interface CapabilityStatement {
  resourceType: 'CapabilityStatement';
  fhirVersion?: string;
  implementationGuide?: string[];
  implementation?: { url?: string };
  rest?: {
    mode?: string;
    security?: {
      extension?: { url: string; extension?: { url: string; valueUri?: string }[] }[];
    };
    resource?: {
      type: string;
      interaction?: { code: string }[];
      searchParam?: { name?: string }[];
    }[];
  }[];
}

const OAUTH_URIS = 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris';

export interface CapabilitySummary {
  /** The FHIR base URL the server announces (its public URL + /fhir). */
  baseUrl: string | null;
  tokenUrl: string | null;
  resources: { type: string; interactions: string[]; searchParams: string[] }[];
}

/** What the screen shows of a statement: where it lives, where tokens come from, what each resource allows. */
export function summarizeCapability(cs: CapabilityStatement): CapabilitySummary {
  const rest = cs.rest?.find((r) => r.mode === 'server') ?? cs.rest?.[0];
  const tokenUrl =
    rest?.security?.extension?.find((e) => e.url === OAUTH_URIS)?.extension?.find((e) => e.url === 'token')
      ?.valueUri ?? null;
  return {
    baseUrl: cs.implementation?.url ?? null,
    tokenUrl,
    resources: (rest?.resource ?? []).map((r) => ({
      type: r.type,
      interactions: (r.interaction ?? []).map((i) => i.code),
      searchParams: (r.searchParam ?? []).flatMap((p) => (p.name ? [p.name] : [])),
    })),
  };
}

export function getCapabilityStatement(signal?: AbortSignal): Promise<CapabilityStatement> {
  return apiRequest<CapabilityStatement>('/fhir/metadata', { auth: false, signal });
}

export function useCapabilityStatement() {
  return useQuery({
    queryKey: ['fhir', 'metadata'],
    queryFn: ({ signal }) => getCapabilityStatement(signal),
    // It changes only when the server is redeployed.
    staleTime: 10 * 60_000,
  });
}

/**
 * Where other systems reach this server: the public URL its CapabilityStatement announces (the base URL less
 * `/fhir`), this page's origin until the statement is read or when it cannot be. Every URL on the screen starts
 * there, so they agree with each other and with what the server tells FHIR clients.
 */
export function usePublicBase(origin: string): string {
  const metadata = useCapabilityStatement();
  const baseUrl = metadata.data ? summarizeCapability(metadata.data).baseUrl : null;
  return baseUrl?.replace(/\/fhir\/?$/, '') || origin;
}
