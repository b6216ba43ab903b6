import { Alert, Button, Flex, Paper, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconMicrophone,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
} from '@tabler/icons-react';
import {
  SPEECH_MESSAGES,
  stagePrompt,
  VOICE_LANGUAGES,
  type VoiceLanguage,
  voiceLanguageSchema,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../../api/errors.ts';
import { useSpeechSettings } from '../../../api/voice/speech-settings.ts';
import { browserRecognition, createBrowserRecognizer } from './browser-recognizer.ts';
import { ConversationHistory } from './conversation-history.tsx';
import { ExtractedList } from './extracted-list.tsx';
import { MicrophoneWarning } from './microphone-warning.tsx';
import { LISTENING, type RecognizerFactory } from './recognizer.ts';
import { createServerRecognizer } from './server-recognizer.ts';
import { StageProgress } from './stage-progress.tsx';
import { useSpokenPrompt } from './use-spoken-prompt.ts';
import { useVoiceIntake, type VoiceIntakeComplete } from './use-voice-intake.ts';
import { LAST_STAGE, showsMicrophoneWarning, stageOf } from './voice-intake-reducer.ts';

export const VOICE_TAB_TEXTS = {
  settingsFailed: 'The speech settings could not be loaded. You can type the referral on the Text Input tab.',
  noBrowserRecognition:
    'This browser has no speech recognition of its own. Recordings are transcribed on our server instead.',
  typeInstead: 'You can type the referral on the Text Input tab; nothing entered so far is lost.',
  transcriptEmpty: 'Nothing heard yet in this stage.',
} as const;

const LANGUAGE_OPTIONS = VOICE_LANGUAGES.map((l) => ({ value: l.code, label: l.label }));

/**
 * The "Voice Referral" tab of Create Referral (000 §2.1, §2.2, §4.4): guided intake in seven stages, by the
 * browser's own recognition where the organization allows it, else by our server (issue #19). Completing, or
 * Submit Referral Now, hands the collected data to the form.
 */
export function VoiceReferralTab({
  onComplete,
  recognizerFactory,
}: {
  onComplete: VoiceIntakeComplete;
  /** Tests inject a recognizer; the app chooses the browser's or the server's. */
  recognizerFactory?: RecognizerFactory;
}) {
  const settings = useSpeechSettings();
  const [spoken, setSpoken] = useState(false);
  const browserAllowed = settings.data?.browser_recognition === true;
  const mode = browserAllowed && browserRecognition() ? 'browser' : 'server';
  const createRecognizer: RecognizerFactory =
    recognizerFactory ??
    ((events) =>
      mode === 'browser'
        ? createBrowserRecognizer(events)
        : createServerRecognizer(events, { maxSeconds: settings.data?.max_seconds }));
  const intake = useVoiceIntake({ createRecognizer, onComplete });
  const { state } = intake;
  const stage = stageOf(state);
  const prompt = stagePrompt(stage, state.language);
  useSpokenPrompt(spoken, prompt, state.language);

  const serverLanguage = settings.data?.languages.find((l) => l.code === state.language);
  const languageUnavailable = Boolean(settings.data) && mode === 'server' && !serverLanguage?.server_engine;
  const note =
    !settings.data || mode === 'browser'
      ? null
      : !browserAllowed
        ? SPEECH_MESSAGES.browserOff
        : VOICE_TAB_TEXTS.noBrowserRecognition;
  const transcript = state.transcripts[state.stageIndex] ?? '';
  const interim = state.interim || (state.recording === 'recording' ? LISTENING : '');
  const last = state.stageIndex >= LAST_STAGE;

  return (
    <Stack gap="md">
      {settings.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {errorText(settings.error, VOICE_TAB_TEXTS.settingsFailed)}
        </Alert>
      )}
      <Flex direction={{ base: 'column', sm: 'row' }} gap="md" align={{ base: 'stretch', sm: 'flex-end' }}>
        <Select
          label="Language"
          data={LANGUAGE_OPTIONS}
          value={state.language}
          onChange={(value) => {
            const parsed = voiceLanguageSchema.safeParse(value);
            if (parsed.success) intake.setLanguage(parsed.data as VoiceLanguage);
          }}
          allowDeselect={false}
          disabled={state.recording !== 'idle'}
          w={{ base: '100%', sm: 240 }}
        />
        <Switch
          label="Spoken prompts"
          checked={spoken}
          onChange={(event) => setSpoken(event.currentTarget.checked)}
          mb={{ sm: 8 }}
        />
      </Flex>
      {note && (
        <Text size="sm" c="dimmed" data-testid="voice-mode-note">
          {note}
        </Text>
      )}
      {languageUnavailable && (
        <Alert color="yellow" role="status" icon={<IconAlertCircle size={18} />}>
          {SPEECH_MESSAGES.languageUnavailable(state.language)}
        </Alert>
      )}

      <Flex direction={{ base: 'column', xs: 'row' }} gap="sm">
        {state.recording === 'idle' ? (
          <Button
            leftSection={<IconMicrophone size={18} />}
            onClick={intake.start}
            disabled={!settings.data || languageUnavailable}
            loading={settings.isPending}
          >
            Start Speaking
          </Button>
        ) : (
          <>
            {state.recording === 'recording' ? (
              <Button variant="default" leftSection={<IconPlayerPause size={18} />} onClick={intake.pause}>
                Pause
              </Button>
            ) : (
              <Button variant="default" leftSection={<IconPlayerPlay size={18} />} onClick={intake.resume}>
                Resume
              </Button>
            )}
            <Button color="red" leftSection={<IconPlayerStop size={18} />} onClick={intake.stop}>
              Stop
            </Button>
          </>
        )}
      </Flex>

      {state.error && (
        <Alert
          color="red"
          role="alert"
          icon={<IconAlertCircle size={18} />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={intake.dismissError}
        >
          <Text size="sm">{state.error}</Text>
          <Text size="sm" mt={4}>
            {VOICE_TAB_TEXTS.typeInstead}
          </Text>
        </Alert>
      )}
      {showsMicrophoneWarning(state) && <MicrophoneWarning />}

      <StageProgress stageIndex={state.stageIndex} />
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-blue-light)">
        <Text size="sm" fw={600}>
          Prompt
        </Text>
        <Text data-testid="voice-stage-prompt">{prompt}</Text>
      </Paper>
      <Paper
        withBorder
        p="md"
        radius="md"
        role="region"
        aria-labelledby="voice-live-title"
        aria-live="polite"
      >
        <Title order={3} size="h5" id="voice-live-title" mb={4}>
          Live transcript
        </Title>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          c={transcript ? undefined : 'dimmed'}
        >
          {transcript || VOICE_TAB_TEXTS.transcriptEmpty}
        </Text>
        {interim && (
          <Text size="sm" fs="italic" c="dimmed" mt={4}>
            {interim}
          </Text>
        )}
      </Paper>

      <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} />}
          onClick={intake.previous}
          disabled={state.stageIndex === 0}
        >
          Previous Stage
        </Button>
        <Button variant="subtle" leftSection={<IconRefresh size={18} />} onClick={intake.restart}>
          Restart
        </Button>
        <Button
          rightSection={last ? <IconCheck size={18} /> : <IconArrowRight size={18} />}
          onClick={intake.next}
        >
          {last ? 'Complete' : 'Next Stage'}
        </Button>
      </Flex>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ExtractedList extracted={state.extracted} onSubmitNow={intake.submitNow} />
        <ConversationHistory messages={state.messages} />
      </SimpleGrid>
    </Stack>
  );
}
