/**
 * Decap's image field, showing the photo of a reopened entry. A photo beside the content (`./images/x.jpg`)
 * is read from the backend when first asked for; until then Decap hands out an empty placeholder, and its
 * field asks only once, so a reopened article kept an empty checkerboard while the preview showed the photo.
 * Here the field is handed a fresh `getAsset` until the photo has loaded (at most a few seconds), which makes
 * it ask again. Plain createElement, as the previews.
 */
import { createElement as h, useEffect, useMemo, useState, type ComponentType } from 'react';

/** Decap's placeholder while an asset loads (actions/media.ts: `emptyAsset`). */
const LOADING_PATH = 'empty.svg';
const RETRY_MS = 250;
const MAX_RETRIES = 40;

interface ControlProps {
  value?: unknown;
  field: unknown;
  getAsset: (path: string, field: unknown) => { path?: string } | undefined;
}

/** Decap's image control, wrapped so that it shows a photo once the backend has read it. */
export function imageControlShowingPhotos(Control: ComponentType<ControlProps>): ComponentType<ControlProps> {
  return function ImageControl(props: ControlProps) {
    const [attempt, setAttempt] = useState(0);
    // A new function for each attempt: Decap's field asks for the asset again when this identity changes.
    const getAsset = useMemo(() => (path: string, field: unknown) => props.getAsset(path, field), [props.getAsset, attempt]);
    useEffect(() => {
      if (typeof props.value !== 'string' || props.value === '' || attempt >= MAX_RETRIES) return undefined;
      if (props.getAsset(props.value, props.field)?.path !== LOADING_PATH) return undefined;
      const timer = setTimeout(() => setAttempt((count) => count + 1), RETRY_MS);
      return () => clearTimeout(timer);
    }, [props.value, props.field, props.getAsset, attempt]);
    return h(Control, { ...props, getAsset });
  };
}
