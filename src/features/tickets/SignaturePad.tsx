/**
 * The customer's signature drawn on the technician's screen (finger, stylus or mouse), for the
 * intervention report. signature_pad is loaded only when the pad is shown (the « Résoudre » dialog), so
 * the admin's pages do not carry it. `onChange` gets the drawing after each stroke as a PNG data URL of
 * SIGNATURE_SIZE at most (the pad's drawing scaled to fit, whatever the screen's pixel density: a 3× phone
 * sends what a laptop sends), or null once cleared; « Effacer » starts again. Turning the phone or resizing
 * the window keeps the signature: it is drawn again from its strokes, scaled to the new width.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type SignaturePadLibrary from 'signature_pad';
import { SIGNATURE_SIZE } from './staff';
import './SignaturePad.css';

interface Props {
  onChange: (png: string | null) => void;
}

/** The drawing's height on screen; its width is the dialog's. */
const PAD_HEIGHT_PX = 180;

/** The pad's drawing as a PNG of SIGNATURE_SIZE at most: scaled down to fit, ink on white. */
function exportedPng(canvas: HTMLCanvasElement): string {
  const scale = Math.min(1, SIGNATURE_SIZE.width / canvas.offsetWidth, SIGNATURE_SIZE.height / canvas.offsetHeight);
  const output = document.createElement('canvas');
  output.width = Math.max(1, Math.round(canvas.offsetWidth * scale));
  output.height = Math.max(1, Math.round(canvas.offsetHeight * scale));
  const context = output.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, output.width, output.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(canvas, 0, 0, output.width, output.height);
  return output.toDataURL('image/png');
}

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
        const report = () => {
          setSigned(!pad.isEmpty());
          changeRef.current(pad.isEmpty() ? null : exportedPng(canvas));
        };
        // Drawn at the screen's pixel density, so the stroke stays sharp. A new width (a phone turned) draws
        // the strokes again, narrowed when the pad narrows, so the signature is kept whole.
        let drawnWidth = 0;
        resize = () => {
          const width = canvas.offsetWidth;
          if (width === drawnWidth || width === 0) return;
          const strokes = pad.toData();
          const scale = drawnWidth ? Math.min(1, width / drawnWidth) : 1;
          const ratio = Math.max(window.devicePixelRatio || 1, 1);
          canvas.width = width * ratio;
          canvas.height = canvas.offsetHeight * ratio;
          canvas.getContext('2d')?.scale(ratio, ratio);
          pad.clear();
          drawnWidth = width;
          if (strokes.length === 0) return;
          pad.fromData(strokes.map((stroke) => ({ ...stroke, points: stroke.points.map((point) => ({ ...point, x: point.x * scale, y: point.y * scale })) })));
          report();
        };
        resize();
        window.addEventListener('resize', resize);
        pad.addEventListener('endStroke', report);
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
