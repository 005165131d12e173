import { useEffect, useRef } from 'react';

/**
 * A ref for a controlled text field whose state must start from anything typed into it before the
 * page hydrated. React keeps such text in the element, but the state starts empty, so a Send that
 * the state enables stayed disabled with the message in plain view.
 */
export const useTextTypedEarly = <E extends HTMLInputElement | HTMLTextAreaElement>(adopt: (typed: string) => void) => {
  const ref = useRef<E>(null);
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed) adopt(typed);
    // Once, right after hydration: later typing reaches the state through onChange.
  }, []);
  return ref;
};
