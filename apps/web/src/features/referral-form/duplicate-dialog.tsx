import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CreateConfirmations } from '../../api/referrals/save-referral.ts';
import { REFERRAL_FORM_MESSAGES as M } from './messages.ts';

/** The server's 409 on a new referral that may be a duplicate (issue #14), and its message. */
export type DuplicateQuestion = {
  reason: 'referral.member_mismatch' | 'referral.duplicate_open';
  message: string;
};

export const DUPLICATE_REASONS: readonly string[] = ['referral.member_mismatch', 'referral.duplicate_open'];

/**
 * Asks what the server needs to create a referral it took for a duplicate: whether a Medicaid ID on file with
 * other details is the same person (and which details to keep), or whether a second open referral for the same
 * need is meant. Nothing is created until the coordinator answers; Back leaves the form as it is.
 */
export function DuplicateDialog({
  question,
  onAnswer,
  onClose,
}: {
  question: DuplicateQuestion;
  onAnswer: (confirmation: CreateConfirmations) => void;
  onClose: () => void;
}) {
  const mismatch = question.reason === 'referral.member_mismatch';
  return (
    <Modal opened onClose={onClose} title={mismatch ? M.memberMismatchTitle : M.duplicateTitle} centered>
      <Stack gap="md">
        <Text size="sm">{question.message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {mismatch ? M.checkMedicaidId : 'Back'}
          </Button>
          {mismatch ? (
            <>
              <Button variant="light" onClick={() => onAnswer({ confirm_same_member: 'keep_stored' })}>
                {M.keepOnFile}
              </Button>
              <Button onClick={() => onAnswer({ confirm_same_member: 'use_new' })}>{M.useNewDetails}</Button>
            </>
          ) : (
            <Button onClick={() => onAnswer({ confirm_duplicate_need: true })}>{M.createAnother}</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
