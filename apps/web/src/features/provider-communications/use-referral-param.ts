import { useSearchParams } from 'react-router';

/** ?referral_id= of the provider communications screen: the referral chosen before the screen opened. */
export function useReferralParam(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('referral_id');
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
