import { isLookupReady, MEMBER_LOOKUP_DELAY_MS, type MemberLookup, medicaidIdKey } from '@trust/domain';
import { useEffect, useRef, useState } from 'react';
import { lookupMember } from '../../api/referrals/member-lookup.ts';

export type MemberLookupState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; result: MemberLookup };

/**
 * 000 §2.1, §9: once 9 or more characters of a Medicaid ID are typed (spaces not counted), wait for a 500 ms
 * pause, then look the member up; typing on restarts the wait and cancels a lookup under way. `onFound` runs
 * with a found member. A failed lookup says nothing: the form works the same without it.
 */
export function useMemberLookup(
  medicaidId: string,
  enabled: boolean,
  onFound: (result: MemberLookup) => void,
): MemberLookupState {
  const [state, setState] = useState<MemberLookupState>({ status: 'idle' });
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;
  const key = medicaidIdKey(medicaidId);

  useEffect(() => {
    setState({ status: 'idle' });
    if (!enabled || !isLookupReady(key)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading' });
      lookupMember(key, controller.signal)
        .then((result) => {
          if (controller.signal.aborted) return;
          setState({ status: 'done', result });
          if (result.found) onFoundRef.current(result);
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ status: 'idle' });
        });
    }, MEMBER_LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, enabled]);

  return state;
}
