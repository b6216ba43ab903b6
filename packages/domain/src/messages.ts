// User-visible texts of the spec, kept verbatim (spec/README.md). Both the server and the browser use them.

export const MESSAGES = {
  /** 003 §8: the server answers the same text for a wrong email and a wrong password. */
  invalidCredentials: 'Incorrect email or password',
  loginFailed: 'Login failed',
  loginFailedRetry: 'Login failed. Please try again.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  notSignedIn: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  accountDisabled: 'This account is disabled. Contact your organization administrator.',
  notAMember: 'You are not a member of this organization.',
  noOrganization: 'You do not belong to any organization yet.',
  forbiddenRole: 'Your role does not allow this action.',
  /** Issue #12: a signed-in browser's change request that did not come from this app's own pages. */
  crossSiteRefused: 'This request came from another site and was refused. Open the app and try again.',
  connectionError: 'Unable to connect to the backend server.',
  backendUnavailable: 'Backend service is not available. Please try again later or contact support.',
  switchOrgFailed: 'Failed to switch organization',
  loadOrgsFailed: 'Failed to load organizations',
} as const;
