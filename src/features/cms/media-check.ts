/**
 * The build's check of the photo folders (folders.ts): every file there must be the JPEG, PNG or WebP its
 * name says, read from its first bytes; and of the product documents' folder: every file a PDF by its bytes,
 * within the documents' size limit (catalogue/documents.ts). A GIF or an SVG renamed `.jpg` (an SVG served from the site could run
 * a script) stops the build, the file named, whether it came through the CMS (which checks too:
 * upload-guard.ts) or by hand. Build-time only (Node).
 */
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { SIGNATURE_BYTES } from '../../lib/file-kind.ts';
import { photoBytesProblem } from '../../lib/photo-problems.ts';
import { PHOTO_FOLDERS } from './folders.ts';
import { DOCUMENTS_FOLDER } from '../catalogue/documents.ts';
import { documentFileProblem } from '../catalogue/document-file.ts';

/** The first bytes of a file. */
function firstBytes(file: string): Uint8Array {
  const bytes = new Uint8Array(SIGNATURE_BYTES);
  const descriptor = openSync(file, 'r');
  try {
    return bytes.subarray(0, readSync(descriptor, bytes, 0, SIGNATURE_BYTES, 0));
  } finally {
    closeSync(descriptor);
  }
}

/** Every file under a folder (hidden ones included: a served file is a served file), as paths relative to `root`. */
function filesUnder(root: string, folder: string): string[] {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length).replace(/^\/+/, ''));
}

/** Each refused file of the photo folders of the project at `root`: « public/images/uploads/x.jpg : l’image x.jpg est refusée : … ». */
export function mediaProblems(root: string, folders: readonly string[] = PHOTO_FOLDERS): string[] {
  return folders.flatMap((folder) =>
    filesUnder(root, folder).flatMap((file) => {
      const problem = photoBytesProblem(file.split('/').at(-1)!, firstBytes(join(root, file)));
      return problem ? [`${file} : ${problem}`] : [];
    }),
  );
}

/** Each refused file of the product documents' folder of the project at `root`: not a PDF by its bytes, or too heavy. */
export function documentProblems(root: string, folder: string = DOCUMENTS_FOLDER): string[] {
  return filesUnder(root, folder).flatMap((file) => {
    const problem = documentFileProblem(file.split('/').at(-1)!, firstBytes(join(root, file)), statSync(join(root, file)).size);
    return problem ? [`${file} : ${problem}`] : [];
  });
}

/** The Astro integration: `astro build` stops, listing every refused file, before anything is rendered. */
export function mediaCheck(): AstroIntegration {
  return {
    name: 'vision-caraibes:media-check',
    hooks: {
      'astro:config:setup': ({ command, config }) => {
        if (command !== 'build') return;
        const root = fileURLToPath(config.root);
        const problems = [...mediaProblems(root), ...documentProblems(root)];
        if (problems.length > 0) throw new Error(`Fichiers refusés dans les dossiers de photos et de documents :\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
      },
    },
  };
}
