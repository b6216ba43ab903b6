import type { Tx } from '../client.ts';
import { consentDocuments, consentSignatures } from '../schema/index.ts';

/**
 * The first published versions of the two consent documents (003 §3). Written for this product in plain
 * language; an administrator publishes later versions from the Consent documents screen.
 */
export const INITIAL_CONSENT_DOCUMENTS = [
  {
    documentType: 'terms_of_use',
    version: '1.0',
    title: 'Terms of Use',
    summary: 'First version of the Terms of Use for Trust Marketplace.',
    content: `These Terms of Use explain how you may use Trust Marketplace, a care-coordination service that helps health plans, clinics and community organizations refer members to the social-needs services they need, such as housing, food and transportation.

1. Who may use the service. You may use Trust Marketplace only if your organization has given you an account and only for the work your organization does. Your account is personal: do not share your password, your authenticator app or your backup codes with anyone.

2. What you agree to do. You agree to enter accurate information, to look at a member's information only when you need it to help that member, and to follow your organization's policies and the law when you create, accept, update or close a referral.

3. Protecting information. Referrals contain protected health information. Keep it on screen only as long as you need it, do not copy it outside the service, and sign out or lock your device when you step away. The service signs you out after 60 minutes without activity.

4. Monitoring and records. We record sign-ins, changes to referrals and other security events in an audit log so that your organization can show who did what and when.

5. Suspension. Your organization or we may suspend your account if it is used in a way that breaks these terms or puts members' information at risk.

6. Changes. When these terms change we publish a new version. You will be asked to read and sign it the next time you sign in, and you can see every version you signed in your profile.`,
  },
  {
    documentType: 'hipaa_authorization',
    version: '1.0',
    title: 'HIPAA Authorization',
    summary: 'First version of the HIPAA Authorization for Trust Marketplace.',
    content: `This authorization covers how you handle protected health information (PHI) in Trust Marketplace under the Health Insurance Portability and Accountability Act (HIPAA).

1. What information is involved. Referrals and member records can include names, dates of birth, addresses, phone numbers, Medicaid identifiers, diagnoses and notes about a member's social needs. All of it is PHI.

2. How you may use it. You may view, create and share PHI only to coordinate care for the member concerned, and only with organizations that take part in that member's referral. Use the least information needed for the task.

3. How it is shared. The service sends referral details to providers through secure channels and shows only masked details in the public live feed. Do not forward PHI by personal email, text message or any other channel outside the service.

4. Reporting problems. If you believe PHI was seen or sent by mistake, or that someone else used your account, tell your organization's administrator right away so the incident can be looked into and reported as the law requires.

5. Your acknowledgement. By signing you confirm that you have been trained on your organization's privacy practices, that you understand the rules above, and that misuse of PHI can lead to loss of access and to penalties under federal and state law.

6. Revoking. You may revoke this authorization from your profile at any time. Without a current signature you cannot work with PHI in the service, and you will be asked to sign again at your next sign-in.`,
  },
] as const;

/**
 * Publishes the initial documents and signs both for every demo user (their own name, as typed), so a demo
 * sign-in stays one step. A database loaded without demo data has no documents: nothing to sign.
 */
export async function insertConsentDemoData(tx: Tx, users: { id: number; name: string }[], now: Date) {
  const publishedAt = new Date(now.getTime() - 90 * 86_400_000);
  const documents = await tx
    .insert(consentDocuments)
    .values(INITIAL_CONSENT_DOCUMENTS.map((d) => ({ ...d, publishedAt })))
    .returning();
  const signedAt = new Date(publishedAt.getTime() + 86_400_000);
  const rows = users.flatMap((user) =>
    documents.map((d) => ({
      userId: user.id,
      documentId: d.id,
      documentType: d.documentType,
      documentVersion: d.version,
      signatureText: user.name,
      signedAt,
      ipAddress: null,
      userAgent: 'demo data',
    })),
  );
  if (rows.length > 0) await tx.insert(consentSignatures).values(rows);
}
