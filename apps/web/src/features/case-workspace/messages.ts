// Texts of the Case Workspace (000 §2.7, §8), kept verbatim where the spec quotes them.
export const WORKSPACE_MESSAGES = {
  noCaseTitle: 'No case selected',
  noCaseText: 'Select a referral from the queue to view case details.',
  notFoundTitle: 'Referral Not Found',
  notFoundText: 'The selected referral could not be found.',
  connectionTitle: 'Connection Error',
  noInformation: 'No information available',
  findProviders: 'Find Providers',
  providerAccepted: 'Provider Accepted',
  responseRequired: 'Provider Response Required',
  expiredText: 'Provider did not respond within 7 days - will need to re-match',
  rematch: 'Will need to re-match',
  phiEmailSent: (address: string) => `A secure PHI email was sent to ${address}`,
  phiEmailPending: (address: string | null) =>
    address
      ? `Email Pending: the secure PHI email to ${address} has not been delivered yet.`
      : 'Email Pending: no email address is on file for the provider.',
  phiEmailFailed: (address: string | null) =>
    `The secure PHI email${address ? ` to ${address}` : ''} could not be delivered.`,
  noStatusStep: (status: string) =>
    `Nothing your organization may do changes this referral's status from ${status}: the next step is the other side's, or it is closed.`,
  viewerReadOnly: 'Your role in this organization can read this case but not change it.',
  contactSaved: 'Contact information saved.',
  contactFailed: 'Failed to save contact information. Please try again.',
  contactOwnerOnly: 'Only the organization that created this referral can change its emergency contact.',
  noCommunicationsTitle: 'No communications yet',
  noCommunicationsText:
    'Messages sent about this referral (SMS to the member, emails to the provider) will appear here.',
  noTimeline: 'No history recorded for this referral yet.',
} as const;
