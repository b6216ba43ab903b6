import { Button, Group } from '@mantine/core';
import type { FeedCard } from '@trust/domain';

/** What the reader may do with the cards, decided from the server's `viewer` and the organization role. */
export type FeedAbilities = {
  signedIn: boolean;
  /** Accept (claim or confirm) and Decline; false for viewers and organizations without a directory listing. */
  canAnswer: boolean;
  /** The id of the text that says why Accept is disabled, when it is. */
  disabledReasonId: string | undefined;
};

export type CardHandlers = {
  onLogin: () => void;
  onClaim: (card: FeedCard) => void;
  onPass: (card: FeedCard) => void;
  onAccept: (card: FeedCard) => void;
  onDecline: (card: FeedCard) => void;
};

/**
 * 000 §2.6: a Pending card offers Accept (claim) and Pass; a card awaiting the organization's answer offers
 * Accept and Decline; a visitor gets a Login / Sign Up prompt instead.
 */
export function CardActions({
  card,
  abilities,
  handlers,
}: {
  card: FeedCard;
  abilities: FeedAbilities;
  handlers: CardHandlers;
}) {
  const who = `referral #${card.referral_number}`;
  if (!abilities.signedIn) {
    return (
      <Group justify="flex-end">
        <Button variant="light" onClick={handlers.onLogin} aria-label={`Login / Sign Up to accept ${who}`}>
          Login / Sign Up
        </Button>
      </Group>
    );
  }
  const describedBy = abilities.canAnswer ? undefined : abilities.disabledReasonId;
  if (card.status === 'pending') {
    return (
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => handlers.onPass(card)} aria-label={`Pass ${who}`}>
          Pass
        </Button>
        <Button
          color="green"
          disabled={!abilities.canAnswer}
          aria-describedby={describedBy}
          onClick={() => handlers.onClaim(card)}
          aria-label={`Accept ${who}`}
        >
          Accept
        </Button>
      </Group>
    );
  }
  return (
    <Group justify="flex-end" gap="xs">
      <Button
        variant="default"
        color="red"
        disabled={!abilities.canAnswer}
        aria-describedby={describedBy}
        onClick={() => handlers.onDecline(card)}
        aria-label={`Decline ${who}`}
      >
        Decline
      </Button>
      <Button
        color="green"
        disabled={!abilities.canAnswer}
        aria-describedby={describedBy}
        onClick={() => handlers.onAccept(card)}
        aria-label={`Accept ${who}`}
      >
        Accept
      </Button>
    </Group>
  );
}
