import { useEffect, useRef } from 'react';

/** A create form that empties itself once the server says it saved (its action answers `saved`), so the next entry starts blank. */
export const useResetOnSave = (state: { saved?: unknown } | undefined) => {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.saved) formRef.current?.reset();
  }, [state]);
  return formRef;
};
