import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { registerOpenRoutes } from './auth.ts';
import { phiExtension } from './phi.ts';

/**
 * OpenAPI generated from the routes' zod schemas: JSON at /api/openapi.json, a browsable page at /api/docs.
 * Routes that require a session are marked with the bearer security scheme; routes that answer with PHI of
 * members carry `x-phi: {entity_type}` (platform/phi.ts), so the audited PHI reads can be listed from here.
 */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  const zodTransform = createJsonSchemaTransform({ skipList: ['/api/docs', '/api/docs/*', '/*'] });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Trust Marketplace API',
        description:
          'Care-coordination referral marketplace. Errors are `{code, detail, message, error, fields?}`. ' +
          'Authenticate with `Authorization: Bearer <access_token>` from POST /auth/login; pick the active ' +
          'organization with the `X-CBO-ID` header. Browsers are signed in by the HttpOnly session cookie the ' +
          'sign-in calls set (`tm_session`, `__Host-tm_session` over https); a change request carrying it must ' +
          'come from this origin.',
        version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Session token' } },
      },
    },
    transform: (input) => {
      const result = zodTransform(input);
      const auth = input.route.config?.auth ?? 'session';
      const schema = result.schema as Record<string, unknown>;
      if (auth !== 'public') schema.security = [{ bearer: [] }];
      if (input.route.config?.phi) Object.assign(schema, phiExtension(input.route.config));
      return result;
    },
    transformObject: jsonSchemaTransformObject,
  });
  // The documentation pages are open, like the OpenAPI document itself.
  await registerOpenRoutes(app, async (child) => {
    await child.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true } });
  });
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
