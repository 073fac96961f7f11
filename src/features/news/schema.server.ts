/**
 * The front matter of a news article (content/news/*.mdx), checked when the site builds. Messages are
 * in French for the content editors; Astro prefixes them with the file and the field.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ImageMetadata } from 'astro';
import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { NEWS_CATEGORIES, NEWS_IMAGE_DIR } from './news';
import { PHOTO_FORMATS, PHOTO_MAX_BYTES } from '../../lib/photos';
import { drawingOrPhoto } from '../../lib/image-field';

/** Whether a public image exists (paths are resolved from the project root, where Astro runs). */
const publicFileExists = (urlPath: string): boolean => existsSync(join(process.cwd(), 'public', urlPath));

/** A drawing kept in public/ (the site's own SVG illustrations), given by its URL path. */
const publicDrawing = z
  .string()
  .regex(new RegExp(`^${NEWS_IMAGE_DIR}[a-z0-9-]+\\.(svg|webp|png|jpg)$`), {
    error: `le chemin doit être de la forme ${NEWS_IMAGE_DIR}nom-en-minuscules.svg (ou .webp, .png, .jpg)`,
    // Not a drawing's path: the union then reads the photo branch's verdict.
    abort: true,
  })
  .refine(publicFileExists, { error: (issue) => `l’image ${String(issue.input)} est introuvable dans public/` });

/**
 * An article's image: a photo beside the articles (`./images/2026-03-12-salon.jpg`, resized by the site's
 * image pipeline) or a drawing of public/ (`/images/actualites/salon.svg`, served as it is). A photo's file
 * (present, JPEG, PNG or WebP, at most 10 Mo) is checked by the collection's loader, which knows where the
 * article is (lib/photo-file.ts).
 */
function newsImage(image: SchemaContext['image']) {
  const photo = z
    .string()
    // A path relative to the article (./images/x.jpg, or images/x.jpg as the CMS writes it), never a web address.
    .regex(/^(?!\/|[a-z]+:)[\w./-]+$/i, {
      error: `l’image doit être une photo (./images/nom.jpg, dans content/news/images/) ou un dessin (${NEWS_IMAGE_DIR}nom.svg, dans public/)`,
      abort: true,
    })
    // image() reads a string; its declared input type is wider than the string this branch hands it.
    .pipe(image() as unknown as z.ZodType<ImageMetadata, string>);
  return drawingOrPhoto(publicDrawing, photo);
}

/** The fields an article's front matter must have; any other field is refused. */
export const newsFrontmatterSchema = ({ image }: SchemaContext) => z.strictObject(
  {
    id: z
      .number({ error: 'un nombre entier est attendu (ex. : id: 5)' })
      .int({ error: 'un nombre entier est attendu (ex. : id: 5)' })
      .positive({ error: 'un nombre entier positif est attendu' })
      .describe('Identifiant unique ; adresse de la page détail : /actualites/{id}'),
    titre: z
      .string({ error: 'le titre est obligatoire' })
      .trim()
      .min(10, { error: 'le titre doit compter au moins 10 caractères' })
      .max(110, { error: 'le titre doit compter au plus 110 caractères' })
      .describe('Titre de l’article, affiché sur la carte et en titre de la page détail'),
    date: z
      .date({ error: 'une date au format AAAA-MM-JJ est attendue (ex. : date: 2019-04-11)' })
      .describe('Date de publication, au format AAAA-MM-JJ ; affichée « 11 avril 2019 »'),
    categorie: z
      .enum(NEWS_CATEGORIES, { error: `la catégorie doit être l’une de : ${NEWS_CATEGORIES.join(', ')}` })
      .describe('Catégorie : Événements, Nos solutions ou Recrutement'),
    image: newsImage(image).describe(
      `Image de l’article : une photo (${PHOTO_FORMATS.join(', ')}, au plus ${PHOTO_MAX_BYTES / 1024 / 1024} Mo) dans content/news/images/, ou un dessin SVG de public${NEWS_IMAGE_DIR}`,
    ),
    imageAlt: z
      .string({ error: 'le texte alternatif de l’image est obligatoire' })
      .trim()
      .min(10, { error: 'décrivez l’image en au moins 10 caractères' })
      .max(160, { error: 'le texte alternatif doit compter au plus 160 caractères' })
      .describe('Description de l’image pour les personnes qui ne la voient pas'),
    extrait: z
      .string({ error: 'l’extrait est obligatoire' })
      .trim()
      .min(40, { error: 'l’extrait doit compter au moins 40 caractères' })
      .max(300, { error: 'l’extrait doit compter au plus 300 caractères' })
      .describe('Résumé affiché sur la carte, dans le flux RSS et les moteurs de recherche'),
    tags: z
      .array(z.string().trim().min(2, { error: 'un mot-clé compte au moins 2 caractères' }), {
        error: 'une liste de mots-clés est attendue (ex. : tags: [salon, Martinique])',
      })
      .max(10, { error: 'au plus 10 mots-clés' })
      .default([])
      .describe('Mots-clés affichés en bas de la page détail'),
    brouillon: z
      .boolean({ error: 'brouillon vaut true ou false' })
      .default(false)
      .describe('Un brouillon n’est pas publié ; il n’apparaît qu’en local (npm run dev), avec un badge « Brouillon »'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `champ inconnu : ${issue.keys.join(', ')} (vérifiez son orthographe ; champs permis : id, titre, date, categorie, image, imageAlt, extrait, tags, brouillon)`
        : 'l’en-tête de l’article (entre les lignes ---) est illisible',
  },
);
