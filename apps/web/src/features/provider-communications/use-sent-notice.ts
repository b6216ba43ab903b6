import { COMMUNICATION_MESSAGES } from '@trust/domain';
import { useCallback, useEffect, useState } from 'react';

/** 001 §8 'Message sent successfully!' above the thread a send went to, for a few seconds. */
export function useSentNotice(ms = 6000) {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), ms);
    return () => clearTimeout(timer);
  }, [notice, ms]);
  const show = useCallback(() => setNotice(COMMUNICATION_MESSAGES.messageSent), []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
}
