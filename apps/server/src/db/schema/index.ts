// Every table, for Drizzle's schema-aware client and drizzle-kit. One file per domain beside this one.
export * from './audit.ts';
export * from './case-notes.ts';
export * from './communications.ts';
export * from './consent.ts';
export * from './documents.ts';
export * from './invitations.ts';
export * from './matching.ts';
export * from './members.ts';
export * from './orgs.ts';
export * from './otf-rtf.ts';
export * from './outbound.ts';
export * from './providers.ts';
export * from './referrals.ts';
export * from './security.ts';
export * from './users.ts';
export * from './voice.ts';
export * from './web-forms.ts';
