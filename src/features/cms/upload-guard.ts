/**
 * The CMS refuses, before anything is uploaded, a photo the build would refuse: another format than JPEG,
 * PNG or WebP, or more than 10 Mo, judged first by its name and type, then by its bytes (a GIF or an SVG
 * renamed `.jpg` is refused: an SVG served from the site could run a script). A file named `.pdf` is a
 * product document: it passes when its bytes are a PDF's and it is within the documents' limit (an HTML page
 * renamed `.pdf` is refused). The guard cannot tell which field opened the picker, so a PDF picked for a
 * photo is refused by the build instead (media-check.ts: the photo folders hold photos only). The editor reads why in
 * French, the file named; the build checks again (media-check.ts, lib/photo-file.ts), so a file added by
 * hand meets the same rule.
 */
import { SIGNATURE_BYTES } from '../../lib/file-kind';
import { photoBytesProblem, photoProblem } from '../../lib/photo-problems';
import { documentFileProblem } from '../catalogue/document-file';

/** What an editor picks or drops: the browser's File, or its description. */
export interface PickedFile {
  name: string;
  size: number;
  /** Its MIME type as the browser reads it (`image/heic`), empty when unknown. */
  type: string;
}

const capitalised = (problem: string): string => problem.charAt(0).toUpperCase() + problem.slice(1);

/** Why the CMS refuses a picked file by its name, type and size (« L’image IMG_2041.heic est refusée : … »), or null. */
export function uploadProblem(file: PickedFile): string | null {
  const format = /^image\/(.+)$/.exec(file.type)?.[1] ?? (file.name.includes('.') ? file.name.split('.').at(-1)! : 'inconnu');
  const problem = photoProblem(file.name, format, file.size);
  return problem && capitalised(problem);
}

/** Why the CMS refuses a picked file: by its name, type and size, then by its first bytes; null when it is a photo or a product document. */
export async function fileProblem(file: File): Promise<string | null> {
  if (/\.pdf$/i.test(file.name) || file.type === 'application/pdf') {
    const problem = documentFileProblem(file.name, new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()), file.size);
    return problem && capitalised(problem);
  }
  const named = uploadProblem(file);
  if (named) return named;
  const problem = photoBytesProblem(file.name, new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  return problem && capitalised(problem);
}

/**
 * Watches every file picker and drop zone of the CMS, before Decap's own handlers (capture phase on the
 * document). The event is held while the files' first bytes are read: a refused file is dropped and the
 * editor told why in a banner that stays until closed; accepted files go on to Decap in a new event.
 */
export function guardUploads(doc: Document): void {
  const checked = new WeakSet<Event>();
  /** Holds `event` and checks `files`; calls `pass` (to hand Decap a new, checked event) when all are accepted. */
  const hold = (event: Event, files: readonly File[], pass: () => Event, refused: () => void): void => {
    if (checked.has(event) || files.length === 0) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    void Promise.all(files.map(fileProblem)).then((found) => {
      const problems = found.filter((problem): problem is string => problem !== null);
      if (problems.length > 0) {
        refused();
        showRefusal(doc, problems);
        return;
      }
      const again = pass();
      checked.add(again);
      event.target?.dispatchEvent(again);
    });
  };
  doc.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== 'file') return;
      hold(event, [...(input.files ?? [])], () => new Event('change', { bubbles: true }), () => (input.value = ''));
    },
    true,
  );
  doc.addEventListener(
    'drop',
    (event) => {
      const files = [...(event.dataTransfer?.files ?? [])];
      hold(
        event,
        files,
        () => {
          // The dropped files, in a new transfer: the original one is unreadable once its event is over.
          const transfer = new DataTransfer();
          for (const file of files) transfer.items.add(file);
          return new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer });
        },
        () => undefined,
      );
    },
    true,
  );
}

/** The banner: fixed at the top of the CMS, announced to screen readers, closed by its button. */
function showRefusal(doc: Document, problems: readonly string[]): void {
  doc.querySelector('[data-upload-refused]')?.remove();
  const banner = doc.createElement('div');
  banner.dataset.uploadRefused = '';
  banner.setAttribute('role', 'alert');
  Object.assign(banner.style, {
    position: 'fixed', top: '1rem', left: '50%', transform: 'translateX(-50%)', zIndex: '100000', maxWidth: 'min(40rem, calc(100vw - 2rem))',
    padding: '1rem 1.25rem', borderRadius: '0.5rem', background: '#fdecea', color: '#7a1c13', border: '1px solid #e0a39b',
    boxShadow: '0 0.5rem 1.5rem rgb(0 0 0 / 0.2)', font: '500 1rem/1.5 system-ui, sans-serif', display: 'grid', gap: '0.5rem',
  });
  for (const problem of problems) banner.append(Object.assign(doc.createElement('p'), { textContent: problem }));
  const close = Object.assign(doc.createElement('button'), { type: 'button', textContent: 'Fermer' });
  Object.assign(close.style, { justifySelf: 'end', padding: '0.25rem 0.75rem', font: 'inherit', cursor: 'pointer' });
  close.addEventListener('click', () => banner.remove());
  banner.append(close);
  doc.body.append(banner);
  close.focus();
}
