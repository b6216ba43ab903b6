import { Alert, Badge, Button, Center, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconMail, IconMessage, IconPhone, IconWorldWww } from '@tabler/icons-react';
import { COMMUNICATION_MESSAGES } from '@trust/domain';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useConversations } from '../../api/communications/get-conversations.ts';
import { useCommunicationUpdates } from '../../api/communications/use-communication-updates.ts';
import { useDirectoryProvider } from '../../api/directory/get-provider.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { tabPath } from '../../app/navigation/tabs.ts';
import { EmailTab } from './email-tab.tsx';
import { PhoneView } from './phone/phone-view.tsx';
import { providerEmail, providerFormUrl, providerPhone } from './provider-contact.ts';
import { ProviderHeader } from './provider-header.tsx';
import { providerThreadParams } from './provider-threads.ts';
import { SmsTab } from './sms-tab.tsx';
import { useReferralParam } from './use-referral-param.ts';
import { WebFormTab } from './web-form-tab.tsx';

/** The id of `/provider-communications/:providerId`, or null when it is not a provider id. */
export function providerIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

function Unread({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge size="xs" color="red" circle={count < 10} aria-label={`${count} unread`}>
      {count}
    </Badge>
  );
}

function Notice({ title, text, onBack }: { title: string; text: string; onBack: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="xs" align="center" ta="center">
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Button variant="light" onClick={onBack} mt="sm">
          Open the Communications inbox
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * 001 §2.10 Provider communications screen (003 §2.1 "needs a selected provider"), at
 * /provider-communications/:providerId, ?referral_id= choosing a referral first: Back, the provider's name and
 * type, and the SMS, Email, Web Form and Phone tabs. Live over the page's event stream.
 */
export function ProviderCommunicationsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const providerId = providerIdOf(params.id);
  const referralId = useReferralParam();
  const provider = useDirectoryProvider(providerId);
  const [tab, setTab] = useState<string | null>('sms');
  useCommunicationUpdates();
  const sms = useConversations(providerThreadParams(providerId ?? 0, 'sms'), {
    enabled: providerId !== null,
  });
  const email = useConversations(providerThreadParams(providerId ?? 0, 'email'), {
    enabled: providerId !== null,
  });

  const inbox = () => navigate(tabPath('provider-communications'));
  const back = () => (location.key === 'default' ? inbox() : navigate(-1));

  if (providerId === null) {
    return (
      <Notice
        title="No provider selected"
        text="Choose a provider to see its communications."
        onBack={inbox}
      />
    );
  }
  if (provider.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading provider" />
      </Center>
    );
  }
  if (!provider.data) {
    if (provider.error instanceof ApiError && provider.error.status === 404) {
      return (
        <Notice
          title={COMMUNICATION_MESSAGES.providerNotFound}
          text="This provider is not in the directory."
          onBack={inbox}
        />
      );
    }
    return (
      <Alert color="red" role="alert">
        {errorText(provider.error, 'The provider could not be loaded.')}
      </Alert>
    );
  }

  const p = provider.data;
  const phone = providerPhone(p);
  const address = providerEmail(p);
  return (
    <Stack gap="lg">
      <ProviderHeader provider={p} phone={phone} email={address} onBack={back} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List
          aria-label="Communication channels"
          // Phones: one row that scrolls sideways instead of wrapping.
          style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
        >
          <Tabs.Tab
            value="sms"
            leftSection={<IconMessage size={16} />}
            rightSection={<Unread count={sms.data?.total_unread ?? 0} />}
          >
            SMS
          </Tabs.Tab>
          <Tabs.Tab
            value="email"
            leftSection={<IconMail size={16} />}
            rightSection={<Unread count={email.data?.total_unread ?? 0} />}
          >
            Email
          </Tabs.Tab>
          <Tabs.Tab value="web_form" leftSection={<IconWorldWww size={16} />}>
            Web Form
          </Tabs.Tab>
          <Tabs.Tab value="phone" leftSection={<IconPhone size={16} />}>
            Phone
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sms" pt="md">
          <SmsTab
            providerId={providerId}
            providerName={p.organization_name}
            phone={phone}
            referralId={referralId}
          />
        </Tabs.Panel>
        <Tabs.Panel value="email" pt="md">
          <EmailTab
            providerId={providerId}
            providerName={p.organization_name}
            email={address}
            referralId={referralId}
          />
        </Tabs.Panel>
        <Tabs.Panel value="web_form" pt="md">
          <WebFormTab providerId={providerId} formUrl={providerFormUrl(p)} referralId={referralId} />
        </Tabs.Panel>
        <Tabs.Panel value="phone" pt="md">
          <PhoneView providerId={providerId} providerName={p.organization_name} mainPhone={phone} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
