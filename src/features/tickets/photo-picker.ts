/**
 * The photo field of a ticket's forms (« Déclarer une panne », « Répondre »), on a plain file input: each
 * choice adds to the photos already chosen (a phone's camera gives one at a time), up to 5; each photo shows
 * as a small preview with « Retirer »; a file that is not a JPEG, PNG or WebP (read from its first bytes) or
 * weighs over 10 Mo is refused at once, in French, naming it. The form sends `files()`.
 */
import { TICKET_PHOTO_MAX_BYTES, TICKET_PHOTOS_MAX, ticketPhotoProblem } from './photo-rules';

/** The chosen photos of one form. */
export interface PhotoPicker {
  /** The photos to send, in the order chosen. */
  files: () => File[];
  /** Empties the choice (after a message was sent). */
  clear: () => void;
}

/** The preview's longest side, in CSS pixels (drawn at twice that, for sharp screens). */
const PREVIEW_SIDE = 72;

/** A small preview of a photo as a data: URL (the site's policy allows data: images, not blob: ones), or '' when the browser cannot decode it. */
async function previewOf(file: File): Promise<string> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, (2 * PREVIEW_SIDE) / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.7);
  } catch {
    return '';
  }
}

/** Why a chosen file is refused, in French, or null. */
async function refusalOf(file: File): Promise<string | null> {
  const problem = ticketPhotoProblem(new Uint8Array(await file.slice(0, 16).arrayBuffer()), file.size);
  if (problem === 'photo_type_refused') return `«\u00a0${file.name}\u00a0» n’est pas une photo JPEG, PNG ou WebP.`;
  if (problem === 'photo_too_large') return `«\u00a0${file.name}\u00a0» dépasse ${TICKET_PHOTO_MAX_BYTES / 1024 / 1024}\u00a0Mo.`;
  return null;
}

/**
 * Turns a file input into the photo field; its hint (aria-describedby) stays as written. The input is
 * emptied after each choice (the photos live in the list), so the browser's own line would read « Aucun
 * fichier choisi » above the chosen photo: the input stays the field (focusable, labelled, opened with the
 * keyboard) but is drawn as the button « Ajouter une photo ».
 */
export function photoPicker(input: HTMLInputElement): PhotoPicker {
  const chosen: File[] = [];
  input.classList.add('photo-picker-input');
  const choose = document.createElement('button');
  choose.type = 'button';
  choose.className = 'btn btn-secondary photo-picker-choose';
  choose.textContent = 'Ajouter une photo';
  // The input is the control assistive technologies and the keyboard use; this is its look for the pointer.
  choose.tabIndex = -1;
  choose.setAttribute('aria-hidden', 'true');
  choose.addEventListener('click', () => input.click());
  const list = document.createElement('ul');
  list.className = 'photo-picker-list';
  list.setAttribute('aria-label', 'Photos choisies');
  list.hidden = true;
  const status = document.createElement('p');
  status.className = 'photo-picker-status';
  status.setAttribute('role', 'status');
  // After the field's hint, when it follows the input: the hint reads first, then what was chosen.
  const hint = input.nextElementSibling;
  (hint && hint.id && hint.id === input.getAttribute('aria-describedby') ? hint : input).after(list, status);
  input.after(choose);

  const render = async () => {
    const items = await Promise.all(
      chosen.map(async (file, index) => {
        const item = document.createElement('li');
        const source = await previewOf(file);
        if (source) {
          const image = document.createElement('img');
          image.src = source;
          image.alt = `Photo ${index + 1}\u00a0: ${file.name}`;
          item.append(image);
        } else item.append(file.name);
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'btn btn-secondary photo-picker-remove';
        remove.textContent = 'Retirer';
        remove.setAttribute('aria-label', `Retirer la photo ${index + 1} (${file.name})`);
        remove.addEventListener('click', () => {
          chosen.splice(chosen.indexOf(file), 1);
          status.textContent = `Photo «\u00a0${file.name}\u00a0» retirée.`;
          void render().then(() => input.focus());
        });
        item.append(remove);
        return item;
      }),
    );
    list.replaceChildren(...items);
    list.hidden = chosen.length === 0;
    choose.textContent = chosen.length === 0 ? 'Ajouter une photo' : 'Ajouter une autre photo';
    choose.hidden = chosen.length >= TICKET_PHOTOS_MAX;
  };

  input.addEventListener('change', async () => {
    const picked = [...(input.files ?? [])];
    // The input is emptied: the photos live in the list, and choosing the same photo again still works.
    input.value = '';
    const refusals: string[] = [];
    for (const file of picked) {
      const refusal = await refusalOf(file);
      if (refusal) refusals.push(refusal);
      else if (chosen.length >= TICKET_PHOTOS_MAX) refusals.push(`${TICKET_PHOTOS_MAX}\u00a0photos au plus\u00a0: «\u00a0${file.name}\u00a0» n’a pas été ajoutée.`);
      else chosen.push(file);
    }
    status.textContent = refusals.join(' ');
    status.className = refusals.length > 0 ? 'photo-picker-status space-error' : 'photo-picker-status';
    await render();
  });

  return {
    files: () => [...chosen],
    clear: () => {
      chosen.splice(0);
      status.textContent = '';
      void render();
    },
  };
}
