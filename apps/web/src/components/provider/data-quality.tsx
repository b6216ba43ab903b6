import { Alert, Badge } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { CALL_FIRST_BELOW, dataQualityLabel } from '@trust/domain';

/** Colour of each 001 §9 data-quality label. */
const LABEL_COLORS: Record<string, string> = {
  'High quality': 'green',
  'Good quality': 'blue',
  'Needs update': 'orange',
  'Not rated': 'gray',
};

export const CALL_FIRST_TEXT = 'Information may be outdated. Call to confirm before referring.';

/** 001 §9 data quality: 80+ High quality, 60+ Good quality, below 60 Needs update, none Not rated. */
export function DataQualityBadge({ score }: { score: number | null }) {
  const label = dataQualityLabel(score);
  return (
    <Badge color={LABEL_COLORS[label] ?? 'gray'} variant="light" size="sm" tt="none">
      {score === null ? label : `${label} (${score}%)`}
    </Badge>
  );
}

/** 001 §2.6, §9: a warning to call first when the record's quality is below 70. */
export function CallFirstWarning({ score }: { score: number | null }) {
  if (score === null || score >= CALL_FIRST_BELOW) return null;
  return (
    <Alert color="yellow" variant="light" p="xs" icon={<IconPhoneCall size={16} />}>
      {CALL_FIRST_TEXT}
    </Alert>
  );
}
