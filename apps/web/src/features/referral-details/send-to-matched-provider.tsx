import { Paper } from '@mantine/core';
import type { ClientReferral } from '@trust/domain';
import {
  type SendableReferral,
  SendReferralPanel,
} from '../../components/send-referral/send-referral-panel.tsx';

/** What the panel's templates fill in from the referral (001 §2.1; the server fills the rest). */
export function sendableReferral(r: ClientReferral): SendableReferral {
  return {
    id: Number(r.id),
    referral_number: r.referralNumber,
    first_name: r.firstName,
    last_name: r.lastName,
    medicaid_id: r.memberMedicaidId,
    date_of_birth: r.dateOfBirth,
    phone_number: r.phoneNumber,
    primary_diagnosis: r.primaryDiagnosis,
    sdoh_needs: r.sdohNeeds,
    // Issue #14: the templates show the urgency as chosen ("Within 1 Week"), not its server value.
    urgency: r.urgencyLevel,
    created_at: r.createdAt,
  };
}

/**
 * 001 §2.1 / §2.2 on the referral's page: the organization that made the referral reaches its matched provider
 * through one of the provider's contact methods while the provider's answer is awaited. The server allows it
 * to the referring organization's writers only (POST /api/referral-communications).
 */
export function SendToMatchedProvider({ referral }: { referral: ClientReferral }) {
  const provider = referral.matchedProvider;
  if (!provider) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Send Referral to ${provider.name}`}>
      <SendReferralPanel
        referral={sendableReferral(referral)}
        provider={{ id: provider.id, name: provider.name }}
      />
    </Paper>
  );
}
