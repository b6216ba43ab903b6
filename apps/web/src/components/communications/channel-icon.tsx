import {
  type Icon,
  IconMail,
  IconMessage,
  IconPhone,
  IconPrinter,
  IconRecordMail,
  IconWorldWww,
} from '@tabler/icons-react';
import type { CommunicationChannel } from '@trust/domain';

export const CHANNEL_LABELS: Record<CommunicationChannel, string> = {
  sms: 'SMS',
  email: 'Email',
  voice: 'Voice',
  web_form: 'Web Form',
  fax: 'Fax',
};

const CHANNEL_ICONS: Record<CommunicationChannel, Icon> = {
  sms: IconMessage,
  email: IconMail,
  voice: IconPhone,
  web_form: IconWorldWww,
  fax: IconPrinter,
};

export function channelLabel(channel: string): string {
  return (CHANNEL_LABELS as Record<string, string>)[channel] ?? channel;
}

/** 001 §2.11 method icon, named for screen readers. */
export function ChannelIcon({
  channel,
  category,
  size = 18,
}: {
  channel: string;
  /** A voicemail is a voice record with its own icon. */
  category?: string;
  size?: number;
}) {
  const ChannelGlyph =
    category === 'voicemail'
      ? IconRecordMail
      : ((CHANNEL_ICONS as Record<string, Icon>)[channel] ?? IconMessage);
  return <ChannelGlyph size={size} aria-label={channelLabel(channel)} role="img" />;
}
