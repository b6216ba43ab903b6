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
} as const;
