import { Text } from '@mantine/core';

export type PhoneViewProps = {
  providerId: number;
  providerName: string;
  /** The provider's main phone from its record (001 §2.14 Contacts: Main Phone, type work). */
  mainPhone: string | null;
};

/** 001 §2.14 phone view: dialer, contacts, recent calls and voicemail (being built). */
export function PhoneView({ providerName }: PhoneViewProps) {
  return <Text c="dimmed">Phone for {providerName}</Text>;
}
