/**
 * A notice of what the last action did (« Rôle changé », « Réponse envoyée »…) sits at the top of its
 * screen, often far above the button pressed: each time it changes it is brought into view and takes the
 * focus (its element needs tabIndex -1), so it is both seen and read out.
 */
import { useEffect, useRef } from 'react';

/** The ref to put on the notice's element; `notice` is what it shows (nothing: no move). */
export function useNoticeInView<T extends HTMLElement>(notice: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!notice || !ref.current) return;
    ref.current.scrollIntoView({ block: 'nearest' });
    ref.current.focus({ preventScroll: true });
  }, [notice]);
  return ref;
}
