/**
 * Zod schemas of the catalogue content (content/catalogue/: one file per product in products/, and
 * categories.json, ranges.json). A bad entry fails the build with the collection, the entry id (its file
 * name) and the field named; `npm run catalogue -- import` validates with the same schemas.
 */
import { z } from 'astro/zod';
import { CATEGORY_IDS, RANGE_CATEGORY_IDS } from './ids.ts';
import { CODE_PATTERN } from './code.ts';

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'un identifiant en minuscules, chiffres et tirets');
const euros = z
  .number()
  .positive()
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'deux décimales au plus');
const imagePath = z.string().regex(/^\/[\w./-]+\.(svg|png|jpe?g|webp|avif)$/, 'un chemin d’image commençant par /');

/** The label of the first specification row, which holds the manufacturer reference. */
export const REFERENCE_SPEC_LABEL = 'Référence constructeur';

export const specificationSchema = z.object({
  label: z.string().min(2).describe('Row title, e.g. « Résolution »'),
  value: z.string().min(1).describe('Row value, e.g. « 203 dpi »'),
});

export const productSchema = z
  .strictObject(
    {
      id: slug.describe('URL slug of the product page, unique, also the name of its file (products/<id>.json)'),
      code: z.string().regex(CODE_PATTERN, 'AR suivi de 5 chiffres, par exemple AR00042').describe('Internal code, unique, never changed'),
      name: z.string().min(5).max(90).describe('Product name as shown'),
      category: z.enum(CATEGORY_IDS).describe('One of the 13 category identifiers'),
      subcategory: z.string().min(2).max(40).describe('Range or family: the title of a range for scanners and tablets'),
      reference: z.string().min(3).max(40).describe('Manufacturer reference, unique'),
      priceHT: euros.describe('Price excluding tax, euros: the one stored price; TTC and VAT follow the delivery territory'),
      image: imagePath.describe('Image path under public/'),
      badge: z.string().min(2).max(24).optional().describe('Short highlight, e.g. « Nouveau »'),
      oldPrice: euros.optional().describe('Former price excluding tax, shown struck out next to priceHT'),
      inStock: z.boolean(),
      description: z.string().min(40).max(400),
      specifications: z.array(specificationSchema).min(2).describe('Ordered rows; the first is the manufacturer reference'),
    },
    {
      // A misspelt or retired field (the former TTC `price` and `tva`) is refused rather than ignored.
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `champ inconnu : ${issue.keys.join(', ')} (le catalogue ne garde que le prix HT, priceHT ; le TTC dépend du territoire de livraison)`
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
        message: `la première ligne doit être « ${REFERENCE_SPEC_LABEL} » avec la valeur de reference (${product.reference})`,
      });
    }
  });

export const categorySchema = z.object({
  id: z.enum(CATEGORY_IDS),
  title: z.string().min(5).max(60),
  description: z.string().min(15).max(200),
  image: imagePath.describe('The drawing a new product of the category gets when none is given'),
});

export const rangeSchema = z.object({
  id: slug,
  category: z.enum(RANGE_CATEGORY_IDS),
  title: z.string().min(2).max(30).describe('Also the subcategory of the products of the range'),
  description: z.string().min(15).max(200),
  image: imagePath,
});

export type Product = z.infer<typeof productSchema>;
export type Category = z.infer<typeof categorySchema>;
export type Range = z.infer<typeof rangeSchema>;
export type Specification = z.infer<typeof specificationSchema>;
