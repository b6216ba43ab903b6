import {
  backupCodesResponseSchema,
  confirmIdentityRequestSchema,
  deviceIdParamsSchema,
  preferredMethodRequestSchema,
  totpSetupResponseSchema,
  totpVerifySetupRequestSchema,
  trustedDevicesResponseSchema,
  twoFactorMethodsSchema,
  twoFactorOkSchema,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { userContext } from '../../../platform/request-context.ts';
import * as service from './service.ts';

/**
 * 003 §7.3 two-factor management, for the signed-in user (the verify-login calls live in the auth module).
 * Turning a factor off, changing the preferred method and generating backup codes take the spec's paths plus
 * a body with `current_password` or `code` (issue #12): 400 without or with a wrong one, 429 past the limit.
 */
export function twoFactorRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['two-factor'];
    const session = { auth: 'session' as const };
    const ctx = (request: FastifyRequest) => userContext(request, deps);

    app.get(
      '/api/auth/2fa/methods',
      {
        config: session,
        schema: {
          tags,
          summary: 'Two-factor methods of the signed-in user (003 §3)',
          response: { 200: twoFactorMethodsSchema, ...errorResponses(401) },
        },
      },
      async (request) => service.getMethods(ctx(request)),
    );

    app.post(
      '/api/auth/2fa/sms/enable',
      {
        config: session,
        schema: {
          tags,
          summary: 'Enable SMS codes at sign-in (needs a phone number)',
          response: { 200: twoFactorOkSchema, ...errorResponses(401, 422) },
        },
      },
      async (request) => service.setSms(ctx(request), { enabled: true }),
    );

    app.post(
      '/api/auth/2fa/sms/disable',
      {
        config: session,
        schema: {
          tags,
          summary: 'Disable SMS codes at sign-in (needs current_password or a current code)',
          body: confirmIdentityRequestSchema.nullish(),
          response: { 200: twoFactorOkSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => service.setSms(ctx(request), { enabled: false, confirmation: request.body }),
    );

    app.put(
      '/api/auth/2fa/preferred-method',
      {
        config: session,
        schema: {
          tags,
          summary:
            'Choose the preferred second factor (sms or totp, must be enabled; needs current_password or a current code)',
          body: preferredMethodRequestSchema,
          response: { 200: twoFactorOkSchema, ...errorResponses(400, 401, 422, 429) },
        },
      },
      async (request) => service.setPreferredMethod(ctx(request), request.body),
    );

    app.post(
      '/api/auth/2fa/totp/setup',
      {
        config: session,
        schema: {
          tags,
          summary:
            'Start authenticator setup: QR code (data: URL) and secret (needs current_password or a current code: whoever holds the app signs in)',
          body: confirmIdentityRequestSchema.nullish(),
          response: { 200: totpSetupResponseSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => service.setupTotp(ctx(request), { confirmation: request.body }),
    );

    app.post(
      '/api/auth/2fa/totp/verify-setup',
      {
        config: session,
        schema: {
          tags,
          summary: 'Confirm authenticator setup with a 6-digit code',
          body: totpVerifySetupRequestSchema,
          response: { 200: twoFactorOkSchema, ...errorResponses(400, 401, 422) },
        },
      },
      async (request) => service.verifyTotpSetup(ctx(request), { code: request.body.code }),
    );

    app.post(
      '/api/auth/2fa/totp/disable',
      {
        config: session,
        schema: {
          tags,
          summary: 'Disable the authenticator app (needs current_password or a current code)',
          body: confirmIdentityRequestSchema.nullish(),
          response: { 200: twoFactorOkSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => service.disableTotp(ctx(request), { confirmation: request.body }),
    );

    app.post(
      '/api/auth/2fa/backup-codes/generate',
      {
        config: session,
        schema: {
          tags,
          summary:
            'Generate 10 single-use backup codes; the previous set stops working (needs current_password or a current code)',
          body: confirmIdentityRequestSchema.nullish(),
          response: { 200: backupCodesResponseSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => service.generateBackupCodes(ctx(request), { confirmation: request.body }),
    );

    app.get(
      '/api/auth/2fa/trusted-devices',
      {
        config: session,
        schema: {
          tags,
          summary: 'Devices that skip the second factor (003 §3)',
          response: { 200: trustedDevicesResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => service.listDevices(ctx(request)),
    );

    app.delete(
      '/api/auth/2fa/trusted-devices/:id',
      {
        config: session,
        schema: {
          tags,
          summary: 'Revoke one trusted device',
          params: deviceIdParamsSchema,
          response: { 200: twoFactorOkSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.revokeDevices(ctx(request), { id: request.params.id }),
    );

    app.delete(
      '/api/auth/2fa/trusted-devices',
      {
        config: session,
        schema: {
          tags,
          summary: 'Revoke every trusted device',
          response: { 200: twoFactorOkSchema, ...errorResponses(401) },
        },
      },
      async (request) => service.revokeDevices(ctx(request), {}),
    );
  };
}
