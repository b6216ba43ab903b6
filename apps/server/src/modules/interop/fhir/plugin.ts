import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../platform/deps.ts';
import { fhirReadRoutes } from './routes-read.ts';
import { fhirWriteRoutes } from './routes-write.ts';
import { fhirSubscriptionRoutes } from './subscriptions/routes.ts';

/**
 * Everything under /fhir, in one encapsulated context: FHIR's media type and OperationOutcome errors apply
 * here and nowhere else. Each part registers its routes with `config.apiClients: true` and checks its scope.
 */
export function fhirPlugin(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(
      async (fhir) => {
        await fhir.register(fhirReadRoutes(deps));
        await fhir.register(fhirWriteRoutes(deps));
        await fhir.register(fhirSubscriptionRoutes(deps));
      },
      { prefix: '/fhir' },
    );
  };
}
