import type {
  CapabilityStatement,
  CapabilityStatementRestResource,
  CapabilityStatementRestResourceInteraction,
  CapabilityStatementRestResourceSearchParam,
} from '@medplum/fhirtypes';
import { SDOHCC_IG, SDOHCC_IG_VERSION } from '@trust/domain';

// GET /fhir/metadata (FHIR R4 §3.1.0.14 capabilities): what this server offers, built from what each part of
// the FHIR module registered. The read side contributes the five read/search resources; the write side adds
// create/update/patch on Task, the subscription side Subscription. Each contributes with
// `app.fhirCapability.add({...})` from its routes plugin, so the statement can never list a route that is not
// there.

export type CapabilityContribution = {
  type: string;
  /** The profile every instance claims (CapabilityStatement.rest.resource.profile). */
  profile?: string;
  supportedProfile?: string[];
  interactions?: CapabilityStatementRestResourceInteraction['code'][];
  searchParams?: CapabilityStatementRestResourceSearchParam[];
  operations?: { name: string; definition: string }[];
  /** rest.resource fields to merge as they are (versioning, conditionalCreate, …). */
  extra?: Partial<CapabilityStatementRestResource>;
};

export class CapabilityBuilder {
  private readonly resources = new Map<string, CapabilityContribution>();

  /** Adds (or merges into) a resource's entry: interactions, search params and profiles are unions. */
  add(part: CapabilityContribution): void {
    const current = this.resources.get(part.type);
    if (!current) {
      this.resources.set(part.type, { ...part });
      return;
    }
    const union = <T>(a: T[] | undefined, b: T[] | undefined, key: (x: T) => string) => {
      const out = new Map<string, T>();
      for (const x of [...(a ?? []), ...(b ?? [])]) out.set(key(x), x);
      return [...out.values()];
    };
    this.resources.set(part.type, {
      type: part.type,
      profile: current.profile ?? part.profile,
      supportedProfile: union(current.supportedProfile, part.supportedProfile, (p) => p),
      interactions: union(current.interactions, part.interactions, (i) => i),
      searchParams: union(current.searchParams, part.searchParams, (s) => s.name ?? ''),
      operations: union(current.operations, part.operations, (o) => o.name),
      extra: { ...current.extra, ...part.extra },
    });
  }

  /** The statement, for a server reachable at `publicUrl` (its token endpoint is there too). */
  build(input: { publicUrl: string; version: string; date: string }): CapabilityStatement {
    const base = `${input.publicUrl}/fhir`;
    const resources = [...this.resources.values()].sort((a, b) => a.type.localeCompare(b.type));
    return {
      resourceType: 'CapabilityStatement',
      status: 'active',
      date: input.date,
      publisher: 'Trust Marketplace',
      kind: 'instance',
      software: { name: 'Trust Marketplace', version: input.version },
      implementation: { description: 'Trust Marketplace FHIR R4 API', url: base },
      fhirVersion: '4.0.1',
      format: ['json', 'application/fhir+json'],
      implementationGuide: [`${SDOHCC_IG}|${SDOHCC_IG_VERSION}`],
      rest: [
        {
          mode: 'server',
          security: {
            cors: false,
            service: [
              {
                coding: [
                  {
                    system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                    code: 'SMART-on-FHIR',
                  },
                ],
                text: 'OAuth2 client credentials (POST /oauth/token) or a user session; scopes fhir/*.read and fhir/*.write',
              },
            ],
            extension: [
              {
                url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
                extension: [{ url: 'token', valueUri: `${input.publicUrl}/oauth/token` }],
              },
            ],
          },
          resource: resources.map((r) => ({
            type: r.type as CapabilityStatementRestResource['type'],
            ...(r.profile ? { profile: r.profile } : {}),
            ...(r.supportedProfile?.length ? { supportedProfile: r.supportedProfile } : {}),
            interaction: (r.interactions ?? []).map((code) => ({ code })),
            ...(r.searchParams?.length ? { searchParam: r.searchParams } : {}),
            ...(r.operations?.length ? { operation: r.operations } : {}),
            ...r.extra,
          })),
        },
      ],
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The /fhir context's CapabilityStatement builder (decorated by fhir/fhir-routes.ts; absent elsewhere). */
    fhirCapability: CapabilityBuilder;
  }
}
