import { desc } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { consentDocuments, consentSignatures, memberships, users, userTwoFactor } from '../schema/index.ts';

/** The demo account that signs in with an SMS code (README "Demo accounts"); the others stay one-step. */
export const TWO_FACTOR_DEMO_USER = {
  email: 'secure@trust.demo',
  name: 'Sam Secure',
  phone: '(213) 555-0110',
} as const;

/**
 * Adds the SMS two-factor demo account: a case manager of the given organization with SMS codes enabled and
 * the current consents signed, so its sign-in shows the second-factor screen and nothing else.
 */
export async function insertTwoFactorDemoData(
  tx: Tx,
  options: { passwordHash: string; organizationId: number; now: Date },
) {
  const [user] = await tx
    .insert(users)
    .values({
      name: TWO_FACTOR_DEMO_USER.name,
      email: TWO_FACTOR_DEMO_USER.email,
      phoneNumber: TWO_FACTOR_DEMO_USER.phone,
      role: 'case_manager',
      passwordHash: options.passwordHash,
      emailVerified: true,
    })
    .returning({ id: users.id });
  const userId = user!.id;
  await tx
    .insert(memberships)
    .values({ userId, organizationId: options.organizationId, role: 'staff', isPrimary: true });
  await tx.insert(userTwoFactor).values({ userId, smsEnabled: true, preferredMethod: 'sms' });

  const documents = await tx.select().from(consentDocuments).orderBy(desc(consentDocuments.publishedAt));
  const newest = new Map<string, (typeof documents)[number]>();
  for (const d of documents) if (!newest.has(d.documentType)) newest.set(d.documentType, d);
  const signatures = [...newest.values()].map((d) => ({
    userId,
    documentId: d.id,
    documentType: d.documentType,
    documentVersion: d.version,
    signatureText: TWO_FACTOR_DEMO_USER.name,
    signedAt: options.now,
    userAgent: 'demo data',
  }));
  if (signatures.length > 0) await tx.insert(consentSignatures).values(signatures);
}
