// Texts of the referral form. 000 §8 gives the create failures verbatim; the edit ones follow them.

export const REFERRAL_FORM_MESSAGES = {
  // Issue #14 duplicates: the questions after the server's 409.
  memberMismatchTitle: 'Is this the same person?',
  duplicateTitle: 'This member already has an open referral',
  checkMedicaidId: 'Check the Medicaid ID',
  keepOnFile: 'Keep the details on file',
  useNewDetails: 'Use the details entered',
  createAnother: 'Create another referral',
  createTitle: 'Create New Referral',
  editTitle: 'Edit Referral',
  submitCreate: 'Submit Referral',
  submitEdit: 'Update Referral',
  /** 000 §8 "Submit returns falsy" (here: the server answered, without a referral). */
  createFailed: 'Failed to create referral. Please try again.',
  /** 000 §8 "Submit throws" (here: no answer at all, or one the app could not read). */
  createError: 'An error occurred while creating the referral. Please try again.',
  updateFailed: 'Failed to update referral. Please try again.',
  updateError: 'An error occurred while updating the referral. Please try again.',
  errorSummary: (n: number) => `Please fix ${n === 1 ? '1 error' : `${n} errors`} before submitting.`,
  created: 'Referral created',
  createdText: (number: string, engine: boolean) =>
    `Referral #${number} was created. ${
      engine
        ? 'The matching engine will find a provider; follow it in the queue.'
        : 'Choose its provider here.'
    }`,
  updated: 'Referral updated',
  updatedText: (number: string) => `Referral #${number} was saved.`,
  discardTitle: 'Discard your changes?',
  discardText: 'What you entered in this form will be lost.',
  discardConfirm: 'Discard changes',
  noOrganization: 'Select an organization in the switcher to create referrals for it.',
  viewerCannotCreate:
    'Your role in this organization can read referrals but not create them. Ask an administrator of the organization for a staff role.',
  viewerCannotEdit: 'Your role in this organization can read referrals but not change them.',
  notFoundTitle: 'Referral Not Found',
  notFoundText: 'The selected referral could not be found.',
} as const;
