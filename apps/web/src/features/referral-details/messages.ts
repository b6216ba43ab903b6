// Texts of the Referral Details screen (000 §2.4, §2.7, §8), kept verbatim where the spec quotes them.
export const DETAILS_MESSAGES = {
  notFoundTitle: 'Referral Not Found',
  notFoundText: 'The selected referral could not be found.',
  goBack: 'Go Back',
  loadFailedTitle: 'Could not load the referral',
  responseRequired: 'Provider Response Required',
  providerResponse: 'Provider Response',
  editReferral: 'Edit Referral',
  openWorkspace: 'Open Case Workspace',
  noNotes: 'No additional notes.',
  notRecorded: 'Not recorded',
  // Issue #14 item 8: the way forward from the page (Match, Send).
  matchTitle: 'Match',
  matchPending: 'No provider has this referral yet.',
  matchAfterRejected: 'The provider declined this referral; it needs another provider.',
  matchAfterExpired: 'The provider did not answer in time; it needs another provider.',
  matchChoices:
    'Auto-Match picks the nearest providers that offer the needed services; Find a provider lets you choose one.',
  sendTitle: 'Send',
  notSentYet: (n: number) =>
    n === 1
      ? '1 matched provider has not been sent the referral yet.'
      : `${n} matched providers have not been sent the referral yet.`,
} as const;
