/**
 * The customer's signature drawn on the technician's screen (finger, stylus or mouse), for the
 * intervention report. signature_pad is loaded only when the pad is shown (the « Résoudre » dialog), so
 * the admin's pages do not carry it. `onChange` gets the drawing as a PNG data URL after each stroke, or
 * null once cleared; « Effacer » starts again.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type SignaturePadLibrary from 'signature_pad';
import './SignaturePad.css';

interface Props {
  onChange: (png: string | null) => void;
}

/** The drawing's height on screen; its width is the dialog's. */
const PAD_HEIGHT_PX = 180;

export default function SignaturePad({ onChange }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLibrary | null>(null);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const hintId = useId();
  const [state, setState] = useState<'chargement' | 'pret' | 'erreur'>('chargement');
  const [signed, setSigned] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let resize: (() => void) | undefined;
    import('signature_pad')
      .then(({ default: Library }) => {
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        // The white background is drawn into the PNG, so the signature reads on any page of the report.
        const pad = new Library(canvas, { backgroundColor: '#ffffff', penColor: '#0f172a', minWidth: 0.8, maxWidth: 2.6 });
        padRef.current = pad;
        // Drawn at the screen's pixel density, so the stroke stays sharp; a resize empties the pad (its old strokes would be distorted).
        resize = () => {
          const ratio = Math.max(window.devicePixelRatio || 1, 1);
          canvas.width = canvas.offsetWidth * ratio;
          canvas.height = canvas.offsetHeight * ratio;
          canvas.getContext('2d')?.scale(ratio, ratio);
          pad.clear();
          setSigned(false);
          changeRef.current(null);
        };
        resize();
        window.addEventListener('resize', resize);
        pad.addEventListener('endStroke', () => {
          setSigned(!pad.isEmpty());
          changeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
        });
        setState('pret');
      })
      .catch(() => !cancelled && setState('erreur'));
    return () => {
      cancelled = true;
      if (resize) window.removeEventListener('resize', resize);
      padRef.current?.off();
      padRef.current = null;
    };
  }, []);

  function clear() {
    padRef.current?.clear();
    setSigned(false);
    onChange(null);
  }

  return (
    <div className="signature-pad">
      <p id={hintId} className="signature-pad-hint">
        {state === 'erreur'
          ? 'La zone de signature n’a pas pu se charger. Rechargez la page pour réessayer.'
          : 'Le client signe dans le cadre ci-dessous, au doigt ou au stylet.'}
      </p>
      <canvas
        ref={canvasRef}
        className="signature-pad-canvas"
        style={{ height: PAD_HEIGHT_PX }}
        role="img"
        aria-label={signed ? 'Signature du client' : 'Zone de signature, vide'}
        aria-describedby={hintId}
      />
      <button type="button" className="btn btn-secondary signature-pad-clear" onClick={clear} disabled={state !== 'pret' || !signed}>
        Effacer
      </button>
    </div>
  );
}
