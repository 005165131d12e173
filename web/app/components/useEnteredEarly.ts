import { useEffect, useRef } from 'react';

/**
 * A ref for a controlled field whose state must start from what was entered into it before the page
 * hydrated. React keeps that in the element (the text, the tick), but the state starts empty, so a
 * button the state enables stayed disabled with the entry in plain view. Once, right after
 * hydration; later entries reach the state through onChange.
 */
const useAdoptedOnHydration = <E extends HTMLInputElement | HTMLTextAreaElement>(adopt: (element: E) => void) => {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (ref.current) adopt(ref.current);
  }, []);
  return ref;
};

/** Text typed before hydration (see useAdoptedOnHydration). */
export const useTextTypedEarly = <E extends HTMLInputElement | HTMLTextAreaElement>(adopt: (typed: string) => void) =>
  useAdoptedOnHydration<E>((element) => {
    if (element.value) adopt(element.value);
  });

/** A checkbox ticked before hydration (see useAdoptedOnHydration). */
export const useCheckedEarly = (adopt: (checked: true) => void) =>
  useAdoptedOnHydration<HTMLInputElement>((element) => {
    if (element.checked) adopt(true);
  });
