import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProviderReferral } from '@trust/domain';
import { useEffect, useState } from 'react';
import { useProviderReferrals } from '../../api/communications/get-provider-referrals.ts';

export function referralOptionLabel(r: ProviderReferral): string {
  return `#${r.referral_number} · ${r.member_name}`;
}

/**
 * The referral a message is about, from GET /api/providers/{id}/referrals: the referrals matched, sent or
 * discussed with this provider first, searched on the server as the user types.
 */
export function ReferralSelect({
  providerId,
  value,
  onChange,
  label = 'Referral',
}: {
  providerId: number;
  value: number | null;
  onChange: (referral: ProviderReferral | null) => void;
  label?: string;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<ProviderReferral | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once chosen, the field shows the option's label: that is not a search.
  const query = picked && debounced === referralOptionLabel(picked) ? '' : debounced;
  const referrals = useProviderReferrals(providerId, query);
  const found = referrals.data?.referrals ?? [];

  // A referral chosen elsewhere (?referral_id=) takes its label from the list once it arrives.
  useEffect(() => {
    if (value === null) {
      setPicked(null);
      return;
    }
    if (picked?.id === value) return;
    const match = found.find((r) => r.id === value);
    if (match) {
      setPicked(match);
      onChange(match);
    }
  }, [value, picked, found, onChange]);

  const options = picked && !found.some((r) => r.id === picked.id) ? [picked, ...found] : found;

  return (
    <Select
      label={label}
      placeholder="Search by referral number or member"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; every option it sent is shown.
      filter={({ options: all }) => all}
      nothingFoundMessage={referrals.isFetching ? 'Searching…' : 'No referrals found'}
      data={options.map((r) => ({ value: String(r.id), label: referralOptionLabel(r) }))}
      value={value === null ? null : String(value)}
      onChange={(id) => {
        const referral = options.find((r) => String(r.id) === id) ?? null;
        setPicked(referral);
        onChange(referral);
      }}
    />
  );
}
