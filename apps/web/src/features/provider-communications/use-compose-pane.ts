import { COMMUNICATION_MESSAGES } from '@trust/domain';
import { useEffect, useState } from 'react';

/**
 * The message pane's state of an SMS or Email tab (001 §2.10): composing or not, and after a send the form closing
 * onto the thread the message went to with 'Message sent successfully!' (001 §8) above it for a few seconds.
 */
export function useComposePane(onSentTo: (referralId: number) => void, noticeMs = 6000) {
  const [composing, setComposing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), noticeMs);
    return () => clearTimeout(timer);
  }, [notice, noticeMs]);
  return {
    setComposing,
    /** The props of MessagePane besides the form and the thread. */
    pane: {
      composing,
      notice,
      onToggle: () => {
        setNotice(null);
        setComposing((v) => !v);
      },
    },
    /** The compose form's onSent: the thread of that referral opens once listed. */
    onSent: (referralId: number) => {
      onSentTo(referralId);
      setComposing(false);
      setNotice(COMMUNICATION_MESSAGES.messageSent);
    },
  };
}
