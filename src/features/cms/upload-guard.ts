/**
 * The CMS refuses, before anything is uploaded, a photo the build would refuse: another format than JPEG,
 * PNG or WebP, or more than 10 Mo. The editor reads why in French, the file named; the build checks again
 * (lib/photo-file.ts), so a file added by hand meets the same rule.
 */
import { photoProblem } from '../../lib/photos';

/** What an editor picks or drops: the browser's File, or its description. */
export interface PickedFile {
  name: string;
  size: number;
  /** Its MIME type as the browser reads it (`image/heic`), empty when unknown. */
  type: string;
}

/** Why the CMS refuses a picked file (« L’image IMG_2041.heic est refusée : … »), or null. */
export function uploadProblem(file: PickedFile): string | null {
  const format = /^image\/(.+)$/.exec(file.type)?.[1] ?? (file.name.includes('.') ? file.name.split('.').at(-1)! : 'inconnu');
  const problem = photoProblem(file.name, format, file.size);
  return problem && problem.charAt(0).toUpperCase() + problem.slice(1);
}

/**
 * Watches every file picker and drop zone of the CMS, before Decap's own handlers (capture phase on the
 * document): a refused file is dropped, the editor told why in a banner that stays until closed.
 */
export function guardUploads(doc: Document): void {
  const refuse = (event: Event, files: readonly PickedFile[]): boolean => {
    const problems = files.map(uploadProblem).filter((problem): problem is string => problem !== null);
    if (problems.length === 0) return false;
    event.stopImmediatePropagation();
    event.preventDefault();
    showRefusal(doc, problems);
    return true;
  };
  doc.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (input instanceof HTMLInputElement && input.type === 'file' && refuse(event, [...(input.files ?? [])])) input.value = '';
    },
    true,
  );
  doc.addEventListener('drop', (event) => refuse(event, [...(event.dataTransfer?.files ?? [])]), true);
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
