import { ACCESSIBILITY_JOURNEYS } from './accessibility.ts';
import { ACCOUNT_JOURNEYS } from './account.ts';
import { COMMUNICATIONS_JOURNEYS } from './communications.ts';
import { CONSENT_JOURNEYS } from './consent.ts';
import { DIRECTORY_JOURNEYS } from './directory.ts';
import { DRAWN_AHEAD_JOURNEYS } from './drawn-ahead.ts';
import { FORMS_JOURNEYS } from './forms.ts';
import { IMPORT_JOURNEYS } from './imports.ts';
import { INTEROP_SETTINGS_JOURNEYS } from './interop-settings.ts';
import { INVITATION_JOURNEYS } from './invitation.ts';
import { MEMBERS_JOURNEYS } from './members.ts';
import { REFERRAL_LOOP_JOURNEYS } from './referral-loop.ts';
import { REFERRAL_JOURNEYS } from './referrals.ts';
import { SHELL_JOURNEYS } from './shell.ts';
import { SYSTEM_METRICS_JOURNEYS } from './system-metrics.ts';
import { TWO_FACTOR_JOURNEYS } from './two-factor.ts';
import type { Journey } from './types.ts';
import { VOICE_JOURNEYS } from './voice.ts';
import { WORKFLOW_JOURNEYS } from './workflows.ts';

// Every journey, in the order they run. One file per area; add a line here for a new one.
// CONSENT_JOURNEYS stays last: it publishes new consent versions, which every later sign-in would have to sign.
export const JOURNEYS: Journey[] = [
  ...SHELL_JOURNEYS,
  ...DRAWN_AHEAD_JOURNEYS,
  ...ACCOUNT_JOURNEYS,
  ...TWO_FACTOR_JOURNEYS,
  ...INVITATION_JOURNEYS,
  ...REFERRAL_JOURNEYS,
  ...DIRECTORY_JOURNEYS,
  ...REFERRAL_LOOP_JOURNEYS,
  ...MEMBERS_JOURNEYS,
  ...FORMS_JOURNEYS,
  ...WORKFLOW_JOURNEYS,
  ...COMMUNICATIONS_JOURNEYS,
  ...VOICE_JOURNEYS,
  ...IMPORT_JOURNEYS,
  ...SYSTEM_METRICS_JOURNEYS,
  ...INTEROP_SETTINGS_JOURNEYS,
  ...ACCESSIBILITY_JOURNEYS,
  ...CONSENT_JOURNEYS,
];
