import {
  type AuditAction,
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
  USER_CREATE_MESSAGES,
  type UserCreateRequest,
  type UserCreateResponse,
  type VerifyInvitationResponse,
} from '@trust/domain';
import { queueEmail } from '../../../adapters/outbound.ts';
import { uniqueViolation } from '../../../db/unique-violation.ts';
import {
  ATTEMPT_RULES,
  type AttemptSlot,
  rateLimited,
  refundAttempt,
  takeAttempt,
  tokenGuessMessage,
} from '../../../platform/attempt-limits.ts';
import { audit } from '../../../platform/audit.ts';
import { isPlatformOperator, isSuperAdmin } from '../../../platform/auth.ts';
import { inTransaction, type ServiceContext, type UserContext } from '../../../platform/context.ts';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../../platform/crypto.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  findOrganization,
  isMemberByEmail,
  joinOrganization,
  membershipRole,
} from '../../administration/orgs/service.ts';
import { createUser, findUserByEmail, setPhoneIfMissing } from '../../administration/users/service.ts';
import { toUserWire } from '../../administration/users/wire.ts';
import {
  beginSignInAttempt,
  clientAddress,
  notAFailure,
  type SignInAttempt,
} from '../auth/sign-in-limits.ts';
import { signAtRegistration } from '../consent/service.ts';
import { createPasswordSetupLink } from '../passwords/service.ts';
import { enableSmsForNewAccount } from '../two-factor/service.ts';
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
async function assertOrgAdmin(ctx: UserContext, orgId: number) {
  const auth = ctx.actor;
  const superAdmin = isSuperAdmin(auth.memberships);
  const membership = auth.memberships.find((m) => m.org_id === orgId);
  if (!superAdmin && membership?.role !== 'org_admin') {
    throw new AppError('invitation.admins_only', INVITATION_MESSAGES.adminsOnly);
  }
  const org = await findOrganization(ctx, { id: orgId });
  if (!org) throw new AppError('invitation.organization_not_found', INVITATION_MESSAGES.orgNotFound);
  return { org, superAdmin };
}

/**
 * The audit row of an invitation event: it belongs to the invitation's organization, which is not necessarily
 * the one the actor acts for (invites name it in the path; registration has no session yet).
 */
async function auditInvitation(
  ctx: ServiceContext,
  entry: { action: AuditAction; orgId: number; invitationId: number; details: Record<string, unknown> },
  actorId?: number,
) {
  await audit(
    ctx.db,
    ctx,
    {
      action: entry.action,
      entityType: 'invitation',
      entityId: entry.invitationId,
      organizationId: entry.orgId,
      details: entry.details,
    },
    actorId,
  );
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
  ctx: UserContext,
  input: InviteRequest & { orgId: number },
): Promise<InviteResponse> {
  const { deps } = ctx;
  const auth = ctx.actor;
  const { orgId } = input;
  const { org, superAdmin } = await assertOrgAdmin(ctx, orgId);
  const name = input.name?.trim() ?? '';
  const email = input.email?.trim().toLowerCase() ?? '';
  const role = input.role?.trim() || 'staff'; // 002 §5: default role staff
  const missing: Record<string, string> = {};
  if (!name) missing.name = INVITATION_MESSAGES.requiredFields;
  if (!email) missing.email = INVITATION_MESSAGES.requiredFields;
  if (Object.keys(missing).length) {
    throw new AppError('invitation.fields_missing', INVITATION_MESSAGES.requiredFields, { fields: missing });
  }
  if (!isEmailAddress(email)) {
    throw new AppError('invitation.email_invalid', INVITATION_MESSAGES.invalidEmail, {
      fields: { email: INVITATION_MESSAGES.invalidEmail },
    });
  }
  if (!isOrgRoleValue(role)) {
    throw new AppError('invitation.role_invalid', INVITATION_MESSAGES.invalidRole, {
      fields: { role: INVITATION_MESSAGES.invalidRole },
    });
  }
  if (role === 'super_admin' && !superAdmin) {
    throw new AppError('invitation.super_admin_only', INVITATION_MESSAGES.superAdminOnly);
  }

  const now = new Date();
  const token = randomToken();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      if (await isMemberByEmail(txCtx, { orgId, email })) {
        throw new AppError('invitation.already_member', INVITATION_MESSAGES.alreadyMember);
      }
      await repo.markExpired(tx, { orgId }, now);
      if (await repo.pendingFor(tx, orgId, email)) {
        throw new AppError('invitation.already_pending', INVITATION_MESSAGES.alreadyPending);
      }
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
      await auditInvitation(txCtx, {
        action: 'invitation.sent',
        orgId,
        invitationId: invitation.id,
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
    if (uniqueViolation(error) !== null) {
      throw new AppError('invitation.already_pending', INVITATION_MESSAGES.alreadyPending);
    }
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
  ctx: UserContext,
  input: { orgId: number; status?: InvitationStatus | undefined },
) {
  const { orgId, status } = input;
  await assertOrgAdmin(ctx, orgId);
  const now = new Date();
  await repo.markExpired(ctx.db, { orgId }, now);
  const rows = await repo.listInvitations(ctx.db, orgId, status);
  return { invitations: rows.map((r) => toWire(r, now)) };
}

/** DELETE /api/cbos/{id}/users/invitations/{invitationId}: 002 §4, only a pending invitation can be cancelled. */
export async function cancelInvitation(ctx: UserContext, input: { orgId: number; invitationId: number }) {
  const { orgId, invitationId } = input;
  await assertOrgAdmin(ctx, orgId);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    await repo.markExpired(tx, { orgId, id: invitationId }, now);
    const found = await repo.findInvitation(tx, orgId, invitationId);
    if (!found) throw new AppError('invitation.not_found', INVITATION_MESSAGES.notFound);
    if (found.invitation.status !== 'pending') {
      throw new AppError(
        'invitation.not_pending',
        `${INVITATION_MESSAGES.onlyPendingCancel} This invitation is ${found.invitation.status}.`,
      );
    }
    const updated = await repo.setStatus(tx, invitationId, { status: 'cancelled', cancelledAt: now });
    await auditInvitation(inTransaction(ctx, tx), {
      action: 'invitation.cancelled',
      orgId,
      invitationId,
      details: { email: found.invitation.email },
    });
    return { message: 'Invitation cancelled', invitation: toWire({ ...found, invitation: updated }, now) };
  });
}

/** Every state of a token gets its own message (issue 3 "Bad input and failure"). */
function assertUsable(row: Awaited<ReturnType<typeof repo.findByTokenHash>>, now: Date) {
  if (!row) throw new AppError('invitation.token_invalid', INVITATION_MESSAGES.tokenInvalid);
  const { invitation } = row;
  if (invitation.status === 'accepted') {
    throw new AppError('invitation.token_accepted', INVITATION_MESSAGES.tokenAccepted);
  }
  if (invitation.status === 'cancelled') {
    throw new AppError('invitation.token_cancelled', INVITATION_MESSAGES.tokenCancelled);
  }
  if (invitation.status === 'expired' || invitation.expiresAt <= now) {
    throw new AppError('invitation.token_expired', INVITATION_MESSAGES.tokenExpired);
  }
  return row;
}

/**
 * A token guess of the client address (issue #12): taken before the lookup, 20 in 15 minutes then 429. The
 * caller gives it back when the token matches an invitation (whatever its state): only tokens that match
 * nothing count.
 */
async function takeTokenGuess(ctx: ServiceContext, now: Date): Promise<AttemptSlot> {
  const slot = { rule: ATTEMPT_RULES.tokenGuess, subject: clientAddress(ctx) };
  const verdict = await takeAttempt(ctx.db, slot, now);
  if (!verdict.allowed) throw rateLimited('token.too_many_guesses', verdict.retryAfterS, tokenGuessMessage);
  return slot;
}

/** GET /api/auth/invitations/verify: the spec's stub ("always valid") made real. */
export async function verifyInvitation(
  ctx: ServiceContext,
  input: { token: string | undefined },
): Promise<VerifyInvitationResponse> {
  const { token } = input;
  if (!token?.trim()) throw new AppError('invitation.token_missing', INVITATION_MESSAGES.tokenInvalid);
  const now = new Date();
  const guess = await takeTokenGuess(ctx, now);
  const found = await repo.findByTokenHash(ctx.db, hashToken(token.trim()));
  if (found) await refundAttempt(ctx.db, guess);
  const row = assertUsable(found, now);
  const existing = await findUserByEmail(ctx, { email: row.invitation.email });
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
  ctx: ServiceContext,
  input: RegisterWithInviteRequest & { deviceToken: string | undefined },
): Promise<RegisterResponse> {
  const { deviceToken, ...form } = input;
  const fields = registrationErrors(form);
  const first = Object.values(fields)[0];
  if (first) throw new AppError('invitation.registration_invalid', first, { fields });
  const token = form.invitation_token!.trim();
  const password = form.password!;
  const phone = form.phone_number!.trim();
  const now = new Date();
  const db = ctx.db;

  const guess = await takeTokenGuess(ctx, now);
  const invited = await repo.findByTokenHash(db, hashToken(token));
  if (!invited) throw new AppError('invitation.token_invalid', INVITATION_MESSAGES.tokenInvalid);
  await refundAttempt(db, guess);
  // Joining with an existing account checks its password: a sign-in attempt on that account, under the same
  // limits (issue #12), or an invitation to someone's address would be a way to guess their password.
  const invitedEmail = invited.invitation.email.trim().toLowerCase();
  const account = await findUserByEmail(ctx, { email: invitedEmail });
  const signIn: SignInAttempt | null = account
    ? await beginSignInAttempt(ctx, { email: invitedEmail, now, deviceToken })
    : null;
  let wrongPassword = false;

  const created = db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const { invitation } = assertUsable(await repo.findByTokenHash(tx, hashToken(token), true), now);
    const orgId = invitation.organizationId;
    const existing = await findUserByEmail(txCtx, { email: invitation.email });
    let user = existing;
    if (existing) {
      if (!(await verifyPassword(existing.passwordHash, password)) || !existing.isActive) {
        wrongPassword = true;
        throw new AppError(
          'invitation.account_password_wrong',
          INVITATION_MESSAGES.accountExistsWrongPassword,
        );
      }
      if ((await membershipRole(txCtx, { userId: existing.id, orgId })) !== null) {
        throw new AppError('invitation.already_joined', INVITATION_MESSAGES.alreadyJoined);
      }
      await setPhoneIfMissing(txCtx, { userId: existing.id, phone });
    } else {
      user = await createUser(txCtx, {
        name: invitation.name,
        email: invitation.email,
        phoneNumber: phone,
        passwordHash: await hashPassword(password),
        role: INVITED_USER_PRODUCT_ROLE,
        // The invitation link reached this address, which proves it.
        emailVerified: true,
        createdAt: now,
      });
      // 003 §5: the phone is "required for two-factor authentication": SMS becomes the user's second factor.
      await enableSmsForNewAccount(txCtx, { userId: user.id });
    }
    await joinOrganization(txCtx, { userId: user!.id, orgId, role: invitation.role });
    // The two agreements ticked on the form are the current versions: recorded as signatures, so the consent
    // dialog does not ask again at the first sign-in.
    await signAtRegistration(txCtx, { userId: user!.id, signatureText: user!.name, signedAt: now });
    await repo.setStatus(tx, invitation.id, {
      status: 'accepted',
      acceptedAt: now,
      acceptedUserId: user!.id,
    });
    await auditInvitation(
      txCtx,
      {
        action: 'invitation.accepted',
        orgId,
        invitationId: invitation.id,
        details: { role: invitation.role, existing_account: Boolean(existing) },
      },
      user!.id,
    );
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
    if (signIn) await notAFailure(ctx, { attempt: signIn });
    return result;
  } catch (error) {
    if (signIn && wrongPassword) {
      // The failure keeps its slots; the transaction rolled back, so its audit row is written here.
      await audit(
        db,
        ctx,
        {
          action: 'auth.login_failed',
          entityType: 'user',
          entityId: account?.id,
          details: { via: 'invitation' },
        },
        account?.id,
      );
    } else if (signIn) {
      await notAFailure(ctx, { attempt: signIn });
    }
    // An account for the same address created at the same moment (another invitation): the unique email
    // index refuses the second one.
    if (uniqueViolation(error) !== null) {
      throw new AppError('invitation.account_password_wrong', INVITATION_MESSAGES.accountExistsWrongPassword);
    }
    throw error;
  }
}

/**
 * POST /auth/register (003 §7.1): registration is by invitation only in this product. The same payload as
 * register-with-invite; without a token the spec's 'Registration failed: ...' answer. A role in the payload
 * is ignored: the invitation decides it.
 */
export async function register(
  ctx: ServiceContext,
  input: RegisterWithInviteRequest & {
    name?: string;
    email?: string;
    role?: string;
    deviceToken: string | undefined;
  },
): Promise<RegisterResponse> {
  if (!input.invitation_token?.trim()) {
    throw new AppError('invitation.required', INVITATION_MESSAGES.registrationByInvite, {
      fields: { invitation_token: INVITATION_MESSAGES.tokenMissing },
    });
  }
  const { name: _name, email: _email, role: _role, ...rest } = input;
  return registerWithInvite(ctx, rest);
}

function newAccountEmail(input: {
  name: string;
  orgName: string;
  inviter: string;
  role: string;
  link: string;
}) {
  const text = [
    `Hello ${input.name},`,
    '',
    `${input.inviter} created your Trust Marketplace account in ${input.orgName} as ${input.role}.`,
    '',
    `Choose your password here: ${input.link}`,
    '',
    `The link works once and expires in ${INVITATION_DAYS} days. If you did not expect this email, ignore it: nobody can sign in to the account until a password is chosen.`,
  ].join('\n');
  return { subject: `Your Trust Marketplace account in ${input.orgName}`, text };
}

/**
 * POST /api/users (003 §7.5): a platform operator adds a person to an organization, under the invitation's
 * rules. The account is made with the membership and organization role in one transaction, with a password
 * nobody knows (a hash of a random secret that is thrown away), and the person is emailed a one-time link to
 * choose one (the password module's link, valid as long as an invitation). Nothing secret is answered. Their
 * phone, when given, becomes their second factor, as at registration; the consent documents are asked for at
 * the first sign-in. 403 for anyone but a platform operator (an organization's admin invites instead), 409
 * for an address that has an account.
 */
export async function provisionUser(ctx: UserContext, input: UserCreateRequest): Promise<UserCreateResponse> {
  const { deps } = ctx;
  const auth = ctx.actor;
  if (!isPlatformOperator(auth))
    throw new AppError('user.operators_only', USER_CREATE_MESSAGES.operatorsOnly);
  const org = await findOrganization(ctx, { id: input.organization_id });
  if (!org) {
    throw new AppError('invitation.organization_not_found', INVITATION_MESSAGES.orgNotFound, {
      fields: { organization_id: INVITATION_MESSAGES.orgNotFound },
    });
  }
  const email = input.email.trim().toLowerCase();
  const orgRole: OrgRole = input.org_role ?? 'staff';
  const phone = input.phone_number?.trim() || null;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const taken = () =>
    new AppError('user.email_taken', USER_CREATE_MESSAGES.emailTaken, {
      fields: { email: USER_CREATE_MESSAGES.emailTaken },
    });
  if (await findUserByEmail(ctx, { email })) throw taken();
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const created = await createUser(txCtx, {
        name: input.name.trim(),
        email,
        phoneNumber: phone,
        passwordHash: await hashPassword(randomToken()),
        role: input.role ?? INVITED_USER_PRODUCT_ROLE,
        emailVerified: false,
        createdAt: now,
      });
      if (phone) await enableSmsForNewAccount(txCtx, { userId: created.id });
      await joinOrganization(txCtx, { userId: created.id, orgId: org.id, role: orgRole });
      const link = await createPasswordSetupLink(txCtx, { userId: created.id, now, expiresAt });
      await queueEmail(deps, tx, {
        to: email,
        ...newAccountEmail({
          name: created.name,
          orgName: org.name,
          inviter: auth.user.name,
          role: orgRoleName(orgRole),
          link,
        }),
        category: 'invitation',
        carriesSecret: true,
        organizationId: org.id,
        userId: created.id,
      });
      await audit(tx, ctx, {
        action: 'user.created',
        entityType: 'user',
        entityId: created.id,
        organizationId: org.id,
        details: { org_role: orgRole, role: created.role },
      });
      return created;
    });
    return {
      message: USER_CREATE_MESSAGES.created,
      user: toUserWire(user),
      organization_id: org.id,
      org_role: orgRole,
      password_link_expires_at: expiresAt.toISOString(),
    };
  } catch (error) {
    // The same address created at the same moment: the unique email index refuses the second.
    if (uniqueViolation(error) !== null) throw taken();
    throw error;
  }
}
