/**
 * Zod schemas of the catalogue content (content/catalogue/: one file per product in products/, and
 * categories.json, ranges.json). A bad entry fails the build with the collection, the entry id (its file
 * name) and the field named; `npm run catalogue -- import` validates with the same schemas.
 */
import type { ImageMetadata } from 'astro';
import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { CATEGORY_IDS, RANGE_CATEGORY_IDS } from './ids.ts';
import { CODE_PATTERN } from './code.ts';
import { drawingOrPhoto } from '../../lib/image-field.ts';
import { forbiddenCharacterPhrase, withoutForbidden } from '../../lib/characters.ts';
import { productDocumentsSchema } from './documents.ts';

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'un identifiant en minuscules, chiffres et tirets');
const euros = z
  .number()
  .positive()
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'deux décimales au plus');
const DRAWING_MESSAGE = 'un dessin de public/images/products, écrit /images/products/nom.svg';
const PHOTO_MESSAGE = 'une photo s’écrit ./images/nom.jpg (dans content/catalogue/products/images/)';
/**
 * A drawing's path: a file of public/images/products (or a folder of it), served as it is. Every segment
 * starts with a letter, a digit, « _ » or « - », so no « .. » or hidden file can climb out of that folder.
 */
const imagePath = z.string().regex(/^\/images\/products\/(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.(svg|png|jpe?g|webp|avif)$/, { error: DRAWING_MESSAGE, abort: true });

/**
 * A product photo's path as its file writes it, relative to the product file (`./images/tc22.jpg`, or
 * `images/tc22.jpg` as the CMS writes it): a file of the products' images/ folder itself, never « .. », a
 * hidden file or a web address.
 */
const productPhotoPath = z.string().regex(/^(\.\/)?images\/[\w-]+(?:\.[\w-]+)*$/i, { error: PHOTO_MESSAGE, abort: true });

/** A one-line text of a product (name, range, reference, badge, specification): the site's characters rule. */
const line = <S extends z.ZodType<string, string>>(schema: S): S => withoutForbidden(schema, 'line', forbiddenCharacterPhrase);

/**
 * A manufacturer reference: one line, and never shaped like an internal code (AR and 5 digits, any case),
 * so a search or a price list can never take one for the other.
 */
const reference = line(z.string().min(3).max(40)).refine((value) => !CODE_PATTERN.test(value.toUpperCase()), {
  error: 'une référence constructeur ne peut pas avoir la forme d’un code interne (AR suivi de 5 chiffres)',
});

/** Whether a product's image is a photo read by the image pipeline (rather than a drawing served as it is). */
export const isProductPhoto = (image: string): boolean => !image.startsWith('/');

/** The label of the first specification row, which holds the manufacturer reference. */
export const REFERENCE_SPEC_LABEL = 'Référence constructeur';

export const specificationSchema = z.object({
  label: line(z.string().min(2)).describe('L’intitulé de la ligne, par exemple « Résolution »'),
  value: line(z.string().min(1)).describe('La valeur, par exemple « 203 dpi »'),
});

/**
 * The product schema around its image field: a path for the files' own tools (`npm run catalogue`, the
 * price-list import), Astro's image() for the build, which then resizes the photos (collections.server.ts).
 */
function productObject<Image extends z.ZodType>(image: Image) {
  return z
    .strictObject(
      {
        id: slug.describe('L’adresse de la page du produit, unique\u202f; c’est aussi le nom de son fichier (products/<id>.json)'),
        code: z.string().regex(CODE_PATTERN, 'AR suivi de 5 chiffres, par exemple AR00042').describe('Le code interne, unique, qui ne change jamais'),
        name: line(z.string().min(5).max(90)).describe('Le nom du produit tel que la boutique l’affiche (5 à 90 caractères)'),
        category: z.enum(CATEGORY_IDS).describe('L’une des catégories de la boutique'),
        subcategory: line(z.string().min(2).max(40)).describe('La gamme ou la famille : pour un lecteur ou une tablette, le titre de sa gamme'),
        reference: reference.describe('La référence du constructeur, unique dans le catalogue (sans distinguer majuscules et minuscules)'),
        priceHT: euros.describe('Le prix hors taxes en euros, le seul prix enregistré : la TVA et le TTC suivent le territoire de livraison'),
        image: image.describe('Une photo du produit (JPEG, PNG ou WebP, au plus 10 Mo), ou un dessin de public/images/products'),
        badge: line(z.string().min(2).max(24)).optional().describe('Un mot mis en avant sur la carte, par exemple « Nouveau » (facultatif)'),
        oldPrice: euros.optional().describe('L’ancien prix hors taxes, barré à côté du prix (facultatif, supérieur au prix)'),
        inStock: z.boolean(),
        description: withoutForbidden(z.string().min(40).max(400), 'lines', forbiddenCharacterPhrase),
        specifications: z.array(specificationSchema).min(2).describe('Les lignes dans l’ordre ; la première est la référence constructeur'),
        documents: productDocumentsSchema.describe('Notices et fiches techniques en PDF, listées sous «\u00a0Documentation\u00a0» (facultatif)'),
      },
      {
        // A misspelt or retired field (the former TTC `price` and `tva`) is refused rather than ignored.
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `champ inconnu\u00a0: ${issue.keys.join(', ')} (le catalogue ne garde que le prix HT, priceHT\u202f; le TTC dépend du territoire de livraison)`
            : undefined,
      },
    )
    .superRefine((product, ctx) => {
      if (product.oldPrice !== undefined && product.oldPrice <= product.priceHT) {
        ctx.addIssue({ code: 'custom', path: ['oldPrice'], message: 'l’ancien prix HT doit être supérieur au prix HT' });
      }
      const first = product.specifications[0];
      if (first && (first.label !== REFERENCE_SPEC_LABEL || first.value !== product.reference)) {
        ctx.addIssue({
          code: 'custom',
          path: ['specifications', 0],
          message: `la première ligne doit être «\u00a0${REFERENCE_SPEC_LABEL}\u00a0» avec la valeur de reference (${product.reference})`,
        });
      }
    });
}

/** A product file as written: its image is a path. */
export const productSchema = productObject(drawingOrPhoto(imagePath, productPhotoPath));

/**
 * A product as the build reads it: a photo path goes through `image` (Astro's helper), a drawing's path stays
 * a string.
 */
export const productEntrySchema = ({ image }: SchemaContext) =>
  // image() reads a string; its declared input type is wider than the string this branch hands it.
  productObject(drawingOrPhoto(imagePath, productPhotoPath.pipe(image() as unknown as z.ZodType<ImageMetadata, string>)));

export const categorySchema = z.object({
  id: z.enum(CATEGORY_IDS),
  title: z.string().min(5).max(60),
  description: z.string().min(15).max(200),
  image: imagePath.describe('Le dessin d’un nouveau produit de la catégorie qui n’en a pas'),
});

export const rangeSchema = z.object({
  id: slug,
  category: z.enum(RANGE_CATEGORY_IDS),
  title: z.string().min(2).max(30).describe('C’est aussi la gamme (subcategory) des produits de la gamme'),
  description: z.string().min(15).max(200),
  image: imagePath,
});

export type Product = z.infer<typeof productSchema>;
export type Category = z.infer<typeof categorySchema>;
export type Range = z.infer<typeof rangeSchema>;
