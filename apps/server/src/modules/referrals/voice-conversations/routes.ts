import {
  idParamSchema,
  ORG_ROLES,
  type OrgRole,
  voiceConversationCreateResponseSchema,
  voiceConversationRequestSchema,
  voiceConversationSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { createConversation, getConversation, saveConversationField, updateConversation } from './service.ts';

// 000 §7 voice conversation calls: one POST with an action, for the organization roles that create referrals.

const read = { auth: { org: true as const } };
/** Viewers (002 §6) do not create referrals. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };

export function voiceConversationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/voice-conversations',
      {
        config: write,
        schema: {
          tags: ['voice-conversations'],
          summary:
            "Save a voice referral conversation by action: create {session_id, language} → conversation_id; update {conversation_id, transcript, extracted_data, conversation_messages}; save_field {conversation_id, field_name, extracted_value, original_text, confidence}. Another organization's conversation is 404.",
          body: voiceConversationRequestSchema,
          response: {
            200: z.union([voiceConversationCreateResponseSchema, z.object({ success: z.literal(true) })]),
            ...errorResponses(400, 401, 403, 404, 409, 422),
          },
        },
      },
      async (request) => {
        const ctx = orgContext(request, deps);
        const body = request.body;
        switch (body.action) {
          case 'create':
            return createConversation(ctx, body);
          case 'update':
            return updateConversation(ctx, body);
          case 'save_field':
            return saveConversationField(ctx, body);
        }
      },
    );

    app.get(
      '/api/voice-conversations/:id',
      {
        config: { ...read, ...phiRoute('voice_conversation') },
        schema: {
          tags: ['voice-conversations'],
          summary:
            "One of the organization's voice referral conversations, with its extracted field entries (audited)",
          params: idParamSchema,
          response: { 200: voiceConversationSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getConversation(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
