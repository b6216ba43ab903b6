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
  /**
   * Issue #14 item 8: the server runs the matching engine when it creates the referral and says how many
   * providers it matched (`matched`; none from a server that does not say).
   */
  createdText: (number: string, engine: boolean, matched?: number) =>
    `Referral #${number} was created. ${
      !engine
        ? 'Choose its provider here.'
        : matched === undefined
          ? 'The matching engine will find a provider; follow it in the queue.'
          : matched > 0
            ? `The matching engine matched it to ${matched === 1 ? '1 nearby provider' : `${matched} nearby providers`}; open it in the queue to send it to them.`
            : 'The matching engine could not match it to a provider yet; it stays Pending on the Auto-Match screen.'
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
