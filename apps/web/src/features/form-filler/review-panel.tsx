import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FORM_SERVER_MESSAGES, type FormInstance } from '@trust/domain';
import { memo, useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useReviewFormInstance } from '../../api/forms/instances.ts';
import { formatDateTime } from '../../components/format-date.ts';

/** Who reviewed and approved a form, and what they said. */
export function ReviewSummary({ instance }: { instance: FormInstance }) {
  if (!instance.reviewed_at && !instance.approved_at) return null;
  return (
    <Stack gap={2}>
      {instance.reviewed_at && (
        <Text size="sm">
          Reviewed by {instance.reviewed_by_name ?? 'Unknown user'} on {formatDateTime(instance.reviewed_at)}
        </Text>
      )}
      {instance.approved_at && (
        <Text size="sm">
          Approved by {instance.approved_by_name ?? 'Unknown user'} on {formatDateTime(instance.approved_at)}
        </Text>
      )}
      {instance.review_comment && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          Comment: {instance.review_comment}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Review (issue #16: reviewed and approved are set by managers and administrators, with a comment): a submitted
 * form can be marked reviewed or approved, a reviewed one approved. Shown when the server says the caller may.
 */
export const ReviewPanel = memo(function ReviewPanel({ instance }: { instance: FormInstance }) {
  const [comment, setComment] = useState('');
  const review = useReviewFormInstance(instance.id);
  const [failure, setFailure] = useState<string | null>(null);
  if (!instance.can_review || (instance.status !== 'submitted' && instance.status !== 'reviewed'))
    return null;

  const act = (status: 'reviewed' | 'approved') => {
    setFailure(null);
    review.mutate(
      { status, comment },
      {
        onSuccess: () => {
          setComment('');
          notifications.show({
            color: 'green',
            message: status === 'approved' ? FORM_SERVER_MESSAGES.approved : FORM_SERVER_MESSAGES.reviewed,
          });
        },
        onError: (e) => setFailure(errorText(e, 'Failed to save the review')),
      },
    );
  };

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Review
        </Title>
        <Textarea
          label="Review comment"
          description="Optional; kept in the form's history"
          rows={3}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        {failure && (
          <Text c="red" size="sm" role="alert">
            {failure}
          </Text>
        )}
        <Group gap="sm">
          {instance.status === 'submitted' && (
            <Button
              variant="light"
              color="violet"
              loading={review.isPending && review.variables?.status === 'reviewed'}
              disabled={review.isPending}
              onClick={() => act('reviewed')}
            >
              Mark reviewed
            </Button>
          )}
          <Button
            color="green"
            loading={review.isPending && review.variables?.status === 'approved'}
            disabled={review.isPending}
            onClick={() => act('approved')}
          >
            Approve
          </Button>
        </Group>
      </Stack>
    </Card>
  );
});
