import {
  CONSENT_DOCUMENT_TYPES,
  INVITATION_DAYS,
  INVITATION_MESSAGES,
  type Invitation,
  type InvitationStatus,
  type InviteRequest,
  type InviteResponse,
  isEmailAddress,
  isOrgRoleValue,
  type OrgRole,
  type RegisterResponse,
  type RegisterWithInviteRequest,
  registrationErrors,
  type VerifyInvitationResponse,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import { queueEmail } from '../../../adapters/outbound.ts';
import {
  ATTEMPT_RULES,
  type AttemptSlot,
  addressKey,
  rateLimited,
  refundAttempt,
  takeAttempt,
  tokenGuessMessage,
} from '../../../platform/attempt-limits.ts';
import { audit } from '../../../platform/audit.ts';
import { type AuthContext, isSuperAdmin } from '../../../platform/auth.ts';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../../platform/crypto.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { findUserByEmail, toUserWire } from '../../administration/users/service.ts';
import { beginSignInAttempt, notAFailure, type SignInAttempt } from '../auth/sign-in-limits.ts';
import * as repo from './repo.ts';

/**
 * The product role (003 §3) of a person who registers through an invitation. Invitations carry only an
 * organization role (002 §6); what a user may do in an organization comes from that role, so every invited
 * user gets the ordinary staff product role of a case manager, never an administrator role.
 */
export const INVITED_USER_PRODUCT_ROLE = 'case_manager';

const DAY_MS = 86_400_000;

function toWire(
  row: { invitation: repo.InvitationRow; invitedByName: string | null },
  now = new Date(),
): Invitation {
  const i = row.invitation;
  // A pending row past its expiry that has not been stored as expired yet still reads as expired.
  const status = (i.status === 'pending' && i.expiresAt <= now ? 'expired' : i.status) as InvitationStatus;
  return {
    id: i.id,
    name: i.name,
    email: i.email,
    role: i.role,
    invited_by_name: row.invitedByName,
    status,
    expires_at: i.expiresAt.toISOString(),
    created_at: i.createdAt.toISOString(),
  };
}

/** 002 §6: only super_admin (any organization) and org_admin of this organization manage its invitations. */
async function assertOrgAdmin(deps: AppDeps, auth: AuthContext, orgId: number) {
  const superAdmin = isSuperAdmin(auth.memberships);
  const membership = auth.memberships.find((m) => m.org_id === orgId);
  if (!superAdmin && membership?.role !== 'org_admin') {
    throw new AppError('forbidden', INVITATION_MESSAGES.adminsOnly);
  }
  const org = await repo.findOrganization(deps.database.db, orgId);
  if (!org) throw new AppError('not_found', INVITATION_MESSAGES.orgNotFound);
  return { org, superAdmin };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

function invitationEmail(input: {
  name: string;
  orgName: string;
  inviter: string;
  role: string;
  link: string;
}) {
  const text = [
    `Hello ${input.name},`,
    '',
    `${input.inviter} invited you to join ${input.orgName} on Trust Marketplace as ${input.role}.`,
    '',
    `Create your account here: ${input.link}`,
    '',
    `The link works once and expires in ${INVITATION_DAYS} days. If you did not expect this invitation, ignore this email.`,
  ].join('\n');
  return { subject: `You are invited to join ${input.orgName}`, text };
}

/** POST /api/cbos/{id}/users/invite (002 §7). */
export async function inviteUser(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext,
  orgId: number,
  input: InviteRequest,
): Promise<InviteResponse> {
  const { org, superAdmin } = await assertOrgAdmin(deps, auth, orgId);
  const name = input.name?.trim() ?? '';
  const email = input.email?.trim().toLowerCase() ?? '';
  const role = input.role?.trim() || 'staff'; // 002 §5: default role staff
  const missing: Record<string, string> = {};
  if (!name) missing.name = INVITATION_MESSAGES.requiredFields;
  if (!email) missing.email = INVITATION_MESSAGES.requiredFields;
  if (Object.keys(missing).length) {
    throw new AppError('validation_failed', INVITATION_MESSAGES.requiredFields, { fields: missing });
  }
  if (!isEmailAddress(email)) {
    throw new AppError('validation_failed', INVITATION_MESSAGES.invalidEmail, {
      fields: { email: INVITATION_MESSAGES.invalidEmail },
    });
  }
  if (!isOrgRoleValue(role)) {
    throw new AppError('validation_failed', INVITATION_MESSAGES.invalidRole, {
      fields: { role: INVITATION_MESSAGES.invalidRole },
    });
  }
  if (role === 'super_admin' && !superAdmin)
    throw new AppError('forbidden', INVITATION_MESSAGES.superAdminOnly);

  const now = new Date();
  const token = randomToken();
  const db = deps.database.db;
  try {
    const row = await db.transaction(async (tx) => {
      if (await repo.isMemberByEmail(tx, orgId, email)) {
        throw new AppError('conflict', INVITATION_MESSAGES.alreadyMember);
      }
      await repo.markExpired(tx, { orgId }, now);
      if (await repo.pendingFor(tx, orgId, email))
        throw new AppError('conflict', INVITATION_MESSAGES.alreadyPending);
      const invitation = await repo.insertInvitation(tx, {
        organizationId: orgId,
        email,
        name,
        role,
        tokenHash: hashToken(token),
        invitedBy: auth.user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      });
      const link = `${deps.config.publicUrl}/register?token=${encodeURIComponent(token)}`;
      await queueEmail(deps, tx, {
        to: email,
        ...invitationEmail({
          name,
          orgName: org.name,
          inviter: auth.user.name,
          role: orgRoleName(role),
          link,
        }),
        category: 'invitation',
        carriesSecret: true,
        organizationId: orgId,
        metadata: { invitation_id: invitation.id },
      });
      await repo.auditInOrg(tx, {
        action: 'invitation.sent',
        orgId,
        actorUserId: auth.user.id,
        entityId: invitation.id,
        ip: request.ip,
        details: { email, role },
      });
      return invitation;
    });
    return {
      message: 'Invitation sent',
      invitation: toWire({ invitation: row, invitedByName: auth.user.name }),
    };
  } catch (error) {
    // Two admins inviting the same address at once: the partial unique index keeps one pending invitation.
    if (isUniqueViolation(error)) throw new AppError('conflict', INVITATION_MESSAGES.alreadyPending);
    throw error;
  }
}

function orgRoleName(role: OrgRole): string {
  const names: Record<OrgRole, string> = {
    super_admin: 'Super Administrator',
    org_admin: 'Organization Administrator',
    manager: 'Manager',
    staff: 'Staff',
    viewer: 'Viewer',
  };
  return names[role];
}

/** GET /api/cbos/{id}/users/invitations (002 §7), newest first. */
export async function listInvitations(
  deps: AppDeps,
  auth: AuthContext,
  orgId: number,
  status?: InvitationStatus,
) {
  await assertOrgAdmin(deps, auth, orgId);
  const now = new Date();
  await repo.markExpired(deps.database.db, { orgId }, now);
  const rows = await repo.listInvitations(deps.database.db, orgId, status);
  return { invitations: rows.map((r) => toWire(r, now)) };
}

/** DELETE /api/cbos/{id}/users/invitations/{invitationId}: 002 §4, only a pending invitation can be cancelled. */
export async function cancelInvitation(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext,
  orgId: number,
  invitationId: number,
) {
  await assertOrgAdmin(deps, auth, orgId);
  const now = new Date();
  return deps.database.db.transaction(async (tx) => {
    await repo.markExpired(tx, { orgId, id: invitationId }, now);
    const found = await repo.findInvitation(tx, orgId, invitationId);
    if (!found) throw new AppError('not_found', INVITATION_MESSAGES.notFound);
    if (found.invitation.status !== 'pending') {
      throw new AppError(
        'conflict',
        `${INVITATION_MESSAGES.onlyPendingCancel} This invitation is ${found.invitation.status}.`,
      );
    }
    const updated = await repo.setStatus(tx, invitationId, { status: 'cancelled', cancelledAt: now });
    await repo.auditInOrg(tx, {
      action: 'invitation.cancelled',
      orgId,
      actorUserId: auth.user.id,
      entityId: invitationId,
      ip: request.ip,
      details: { email: found.invitation.email },
    });
    return { message: 'Invitation cancelled', invitation: toWire({ ...found, invitation: updated }, now) };
  });
}

/** Every state of a token gets its own message (issue 3 "Bad input and failure"). */
function assertUsable(row: Awaited<ReturnType<typeof repo.findByTokenHash>>, now: Date) {
  if (!row) throw new AppError('not_found', INVITATION_MESSAGES.tokenInvalid);
  const { invitation } = row;
  if (invitation.status === 'accepted') throw new AppError('bad_request', INVITATION_MESSAGES.tokenAccepted);
  if (invitation.status === 'cancelled')
    throw new AppError('bad_request', INVITATION_MESSAGES.tokenCancelled);
  if (invitation.status === 'expired' || invitation.expiresAt <= now) {
    throw new AppError('bad_request', INVITATION_MESSAGES.tokenExpired);
  }
  return row;
}

/**
 * A token guess of the client address (issue #12): taken before the lookup, 20 in 15 minutes then 429. The
 * caller gives it back when the token matches an invitation (whatever its state): only tokens that match
 * nothing count.
 */
async function takeTokenGuess(deps: AppDeps, request: FastifyRequest, now: Date): Promise<AttemptSlot> {
  const slot = { rule: ATTEMPT_RULES.tokenGuess, subject: addressKey(request.ip) };
  const verdict = await takeAttempt(deps.database.db, slot, now);
  if (!verdict.allowed) throw rateLimited(verdict.retryAfterS, tokenGuessMessage);
  return slot;
}

/** GET /api/auth/invitations/verify: the spec's stub ("always valid") made real. */
export async function verifyInvitation(
  deps: AppDeps,
  request: FastifyRequest,
  token: string | undefined,
): Promise<VerifyInvitationResponse> {
  if (!token?.trim()) throw new AppError('bad_request', INVITATION_MESSAGES.tokenInvalid);
  const now = new Date();
  const guess = await takeTokenGuess(deps, request, now);
  const found = await repo.findByTokenHash(deps.database.db, hashToken(token.trim()));
  if (found) await refundAttempt(deps.database.db, guess);
  const row = assertUsable(found, now);
  const existing = await findUserByEmail(deps.database.db, row.invitation.email);
  return {
    valid: true,
    email: row.invitation.email,
    name: row.invitation.name,
    organization_name: row.organizationName,
    role: row.invitation.role,
    expires_at: row.invitation.expiresAt.toISOString(),
    existing_account: Boolean(existing),
  };
}

/**
 * POST /api/auth/register-with-invite (003 §5, §7.1). Creates the account (or, for an address that already
 * has one, checks its password and adds the membership), the membership with the invited role, SMS as second
 * factor, the Terms and HIPAA signatures, and uses up the invitation: all in one transaction. The client
 * signs in next with the same credentials (003 §4.4).
 */
export async function registerWithInvite(
  deps: AppDeps,
  request: FastifyRequest,
  input: RegisterWithInviteRequest,
): Promise<RegisterResponse> {
  const fields = registrationErrors(input);
  const first = Object.values(fields)[0];
  if (first) throw new AppError('validation_failed', first, { fields });
  const token = input.invitation_token!.trim();
  const password = input.password!;
  const phone = input.phone_number!.trim();
  const now = new Date();
  const ip = request.ip;
  const userAgent = request.headers['user-agent']?.slice(0, 512) ?? null;
  const db = deps.database.db;

  const guess = await takeTokenGuess(deps, request, now);
  const invited = await repo.findByTokenHash(db, hashToken(token));
  if (!invited) throw new AppError('not_found', INVITATION_MESSAGES.tokenInvalid);
  await refundAttempt(db, guess);
  // Joining with an existing account checks its password: a sign-in attempt on that account, under the same
  // limits (issue #12), or an invitation to someone's address would be a way to guess their password.
  const invitedEmail = invited.invitation.email.trim().toLowerCase();
  const account = await findUserByEmail(db, invitedEmail);
  const signIn: SignInAttempt | null = account
    ? await beginSignInAttempt(db, request, invitedEmail, now)
    : null;
  let wrongPassword = false;

  const created = db.transaction(async (tx) => {
    const { invitation } = assertUsable(await repo.findByTokenHash(tx, hashToken(token), true), now);
    const orgId = invitation.organizationId;
    const existing = await findUserByEmail(tx, invitation.email);
    let user = existing;
    if (existing) {
      if (!(await verifyPassword(existing.passwordHash, password)) || !existing.isActive) {
        wrongPassword = true;
        throw new AppError('conflict', INVITATION_MESSAGES.accountExistsWrongPassword);
      }
      if (await repo.membershipOf(tx, existing.id, orgId)) {
        throw new AppError('conflict', INVITATION_MESSAGES.alreadyJoined);
      }
      await repo.setPhoneIfMissing(tx, existing.id, phone);
    } else {
      user = await repo.insertUser(tx, {
        name: invitation.name,
        email: invitation.email,
        phoneNumber: phone,
        passwordHash: await hashPassword(password),
        role: INVITED_USER_PRODUCT_ROLE,
        // The invitation link reached this address, which proves it.
        emailVerified: true,
        createdAt: now,
      });
      await repo.enableSmsTwoFactor(tx, user.id);
    }
    const isFirst = (await repo.membershipCount(tx, user!.id)) === 0;
    await repo.insertMembership(tx, {
      userId: user!.id,
      organizationId: orgId,
      role: invitation.role,
      isPrimary: isFirst,
    });
    // The two agreements ticked on the form are the current versions: recorded as signatures, so the consent
    // dialog does not ask again at the first sign-in.
    for (const document of await repo.currentConsentDocuments(tx, CONSENT_DOCUMENT_TYPES)) {
      await repo.insertSignature(tx, {
        userId: user!.id,
        documentId: document.id,
        documentType: document.documentType,
        documentVersion: document.version,
        signedAt: now,
        signatureText: user!.name,
        ipAddress: ip,
        userAgent,
      });
    }
    await repo.setStatus(tx, invitation.id, {
      status: 'accepted',
      acceptedAt: now,
      acceptedUserId: user!.id,
    });
    await repo.auditInOrg(tx, {
      action: 'invitation.accepted',
      orgId,
      actorUserId: user!.id,
      entityId: invitation.id,
      ip,
      details: { role: invitation.role, existing_account: Boolean(existing) },
    });
    return {
      message: INVITATION_MESSAGES.accountCreated,
      user: toUserWire(user!),
      organization_id: orgId,
      org_role: invitation.role,
      existing_account: Boolean(existing),
    };
  });
  try {
    const result = await created;
    if (signIn) await notAFailure(db, signIn);
    return result;
  } catch (error) {
    if (signIn && wrongPassword) {
      // The failure keeps its slots; the transaction rolled back, so its audit row is written here.
      await audit(
        db,
        request,
        {
          action: 'auth.login_failed',
          entityType: 'user',
          entityId: account?.id,
          details: { via: 'invitation' },
        },
        account?.id,
      );
    } else if (signIn) {
      await notAFailure(db, signIn);
    }
    // An account for the same address created at the same moment (another invitation): the unique email
    // index refuses the second one.
    if (isUniqueViolation(error))
      throw new AppError('conflict', INVITATION_MESSAGES.accountExistsWrongPassword);
    throw error;
  }
}

/**
 * POST /auth/register (003 §7.1): registration is by invitation only in this product. The same payload as
 * register-with-invite; without a token the spec's 'Registration failed: ...' answer. A role in the payload
 * is ignored: the invitation decides it.
 */
export async function register(
  deps: AppDeps,
  request: FastifyRequest,
  input: RegisterWithInviteRequest & { name?: string; email?: string; role?: string },
): Promise<RegisterResponse> {
  if (!input.invitation_token?.trim()) {
    throw new AppError('validation_failed', INVITATION_MESSAGES.registrationByInvite, {
      fields: { invitation_token: INVITATION_MESSAGES.tokenMissing },
    });
  }
  const { name: _name, email: _email, role: _role, ...rest } = input;
  return registerWithInvite(deps, request, rest);
}
