/**
 * The configuration of the editors' CMS (Decap CMS, served at /admin/contenu/config.yml), built from the
 * content schemas at build time: the news and product fields with their rules, the categories, the next free
 * article id and product code. Only the labels, widgets and the backend are written here.
 */
import { z } from 'astro/zod';
import { newsFrontmatterSchema } from '../news/schema.server';
import { NEWS_IMAGE_DIR } from '../news/news';
import { productSchema } from '../catalogue/schema';
import { PHOTO_MAX_BYTES } from '../../lib/photos';
import { DOCUMENT_MAX_BYTES, DOCUMENTS_FOLDER, DOCUMENTS_URL } from '../catalogue/documents';
import { newsArticlePath, productPath } from '../../lib/paths';
import { decapField, type DecapField, type Presentation } from './schema-fields';
import { PRODUCT_FORMAT } from './product-format';
import { NEWS_FOLDER, PHOTOS_SUBFOLDER, PRODUCTS_FOLDER, UPLOADS_FOLDER } from './folders';

/** Where the CMS is served; its configuration file sits beside it. */
export const CMS_PATH = '/admin/contenu';
export const CMS_CONFIG_PATH = `${CMS_PATH}/config.yml`;

/** What the configuration depends on besides the schemas. */
export interface CmsSettings {
  /** « owner/name » of the GitHub repository the production CMS commits to. */
  repository: string;
  branch: string;
  /**
   * Where decap-server answers (`npm run cms`: « http://127.0.0.1:8081 »), on the dev server only; the
   * production CMS has no local backend (its policy allows no local address).
   */
  localServer?: string;
  /** The id the next article takes (the highest + 1). */
  nextNewsId: number;
  /** The code the next product takes (the highest + 1), « AR » and five digits. */
  nextProductCode: string;
  /** The ranges' titles: a product's subcategory is one of them, or the family the editor types. */
  rangeTitles: readonly string[];
  /** The site « Voir en direct » and the top bar link to: the public one, or the dev server under `npm run cms`. */
  siteUrl: string;
}

/** The repository and branch of the production CMS, from the environment (docs/features/editing.md). */
export function repositoryFromEnv(env: Record<string, string | undefined>): { repository: string; branch: string } {
  // CMS_GITHUB_REPO wins; on Netlify, REPOSITORY_URL (https://github.com/owner/name) gives it otherwise.
  const fromUrl = /github\.com[/:]([^/]+\/[^/.]+)/.exec(env.REPOSITORY_URL ?? '')?.[1];
  return { repository: env.CMS_GITHUB_REPO || fromUrl || 'proprietaire/depot', branch: env.CMS_GITHUB_BRANCH || 'main' };
}

/** The news schema's fields (image() stands for Astro's helper: the CMS writes a path). */
const newsShape = newsFrontmatterSchema({ image: () => z.string() } as unknown as Parameters<typeof newsFrontmatterSchema>[0]).shape;

const NEWS_FIELDS: Record<keyof typeof newsShape, Presentation> = {
  titre: { label: 'Titre' },
  date: { label: 'Date de publication', hint: 'Une date à venir : l’article paraît automatiquement ce jour-là (heure de Martinique).' },
  categorie: { label: 'Catégorie' },
  brouillon: { label: 'Brouillon', hint: 'Un brouillon n’est pas publié sur le site ; décochez pour le publier.' },
  extrait: { label: 'Extrait', widget: 'text' },
  image: {
    label: 'Image',
    widget: 'image',
    hint: `Une photo JPEG, PNG ou WebP (au plus ${PHOTO_MAX_BYTES / 1024 / 1024} Mo) : le site la redimensionne. Les dessins existants restent dans public${NEWS_IMAGE_DIR}.`,
    choose_url: false,
    media_library: { config: { max_file_size: PHOTO_MAX_BYTES } },
  },
  imageAlt: { label: 'Description de l’image' },
  tags: { label: 'Mots-clés', allow_add: true },
  id: { label: 'Numéro de l’article', hint: 'Son adresse : /actualites/numéro. Proposé automatiquement ; ne le changez pas.' },
};

const PRODUCT_FIELDS: Record<string, Presentation> = {
  code: { label: 'Code interne', hint: 'AR suivi de 5 chiffres ; proposé automatiquement, il ne change jamais.' },
  id: { label: 'Identifiant (adresse de la page)', hint: 'Minuscules, chiffres et tirets : /commerce/produits/identifiant. Ne le changez pas après publication.' },
  name: { label: 'Nom du produit' },
  category: { label: 'Catégorie' },
  subcategory: { label: 'Gamme ou famille' },
  reference: { label: 'Référence constructeur' },
  priceHT: { label: 'Prix HT (€)', step: 0.01, pattern: ['^\\d+(\\.\\d{1,2})?$', 'Un prix en euros, deux décimales au plus'] },
  oldPrice: { label: 'Ancien prix HT (€)', step: 0.01 },
  badge: { label: 'Badge (ex. : Nouveau)' },
  inStock: { label: 'En stock' },
  image: { label: 'Image', widget: 'image', choose_url: false, media_library: { config: { max_file_size: PHOTO_MAX_BYTES } } },
  description: { label: 'Description', widget: 'text' },
  specifications: {
    label: 'Caractéristiques',
    label_singular: 'ligne',
    hint: 'La première ligne est « Référence constructeur » avec la référence ci-dessus.',
    summary: '{{fields.label}} : {{fields.value}}',
    fields: { label: { label: 'Intitulé' }, value: { label: 'Valeur' } },
  },
  documents: {
    label: 'Documentation',
    label_singular: 'document',
    summary: '{{fields.title}}',
    fields: {
      title: { label: 'Titre', hint: 'Par exemple « Notice d’utilisation » ou « Fiche technique ».' },
      // Beside the site's other public files, served as they are (public/documents/produits).
      file: {
        label: 'Fichier PDF',
        widget: 'file',
        hint: `Un PDF d’au plus ${DOCUMENT_MAX_BYTES / 1024 / 1024} Mo, rédigé ou autorisé par Vision Caraïbes.`,
        media_folder: `/${DOCUMENTS_FOLDER}`,
        public_folder: DOCUMENTS_URL,
        choose_url: false,
        media_library: { allow_multiple: false, config: { max_file_size: DOCUMENT_MAX_BYTES } },
      },
    },
  },
};

/** The fields of the product schema, in the schema's order. */
function productFields(settings: CmsSettings): DecapField[] {
  return Object.entries(productShape()).map(([name, schema]) => {
    const field = decapField(name, schema, PRODUCT_FIELDS[name] ?? { label: name });
    if (name === 'code') field.default = settings.nextProductCode;
    if (name === 'subcategory' && settings.rangeTitles.length > 0) field.hint = `Pour un lecteur ou une tablette, l’une des gammes : ${settings.rangeTitles.join(', ')}.`;
    return field;
  });
}

/** The product schema's object shape (the schema is an object with whole-product checks around it). */
function productShape(): Record<string, z.ZodType> {
  let schema = productSchema as unknown as { shape?: Record<string, z.ZodType>; _zod: { def: { in?: unknown; schema?: unknown } } };
  while (!schema.shape && (schema._zod.def.in ?? schema._zod.def.schema)) schema = (schema._zod.def.in ?? schema._zod.def.schema) as typeof schema;
  return schema.shape ?? {};
}

/** The whole Decap configuration. */
export function cmsConfig(settings: CmsSettings): Record<string, unknown> {
  const newsFields = (Object.keys(NEWS_FIELDS) as (keyof typeof newsShape)[]).map((name) => {
    const field = decapField(name, newsShape[name] as z.ZodType, NEWS_FIELDS[name]);
    if (name === 'id') field.default = settings.nextNewsId;
    return field;
  });
  return {
    locale: 'fr',
    // Production: the GitHub repository, signing in through Netlify's OAuth provider (api.netlify.com).
    backend: { name: 'github', repo: settings.repository, branch: settings.branch, commit_messages: COMMIT_MESSAGES },
    // Under `npm run cms`, the CMS edits the working copy through decap-server.
    ...(settings.localServer ? { local_backend: { url: `${settings.localServer}/api/v1` } } : {}),
    site_url: settings.siteUrl,
    display_url: settings.siteUrl,
    logo_url: '/favicon.svg',
    // Uploads outside a collection; news and products keep their photos beside their files.
    media_folder: UPLOADS_FOLDER,
    public_folder: UPLOADS_FOLDER.replace(/^public/, ''),
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: [
      {
        name: 'actualites',
        label: 'Actualités',
        label_singular: 'actualité',
        description: 'Les articles de la page Actualités. Un brouillon ou un article daté à venir n’est pas publié.',
        folder: NEWS_FOLDER,
        extension: 'mdx',
        format: 'frontmatter',
        create: true,
        identifier_field: 'titre',
        // AAAA-MM-JJ-mots-du-titre.mdx, the date being the article's.
        slug: '{{year}}-{{month}}-{{day}}-{{slug}}',
        // Decap's filters read their arguments between single quotes only.
        summary: "{{titre}} — {{date | date('DD/MM/YYYY')}}{{brouillon | ternary(' — brouillon', '')}}",
        // « Voir en direct »: the article's page on the site of site_url.
        preview_path: newsArticlePath('{{fields.id}}').slice(1),
        // Newest first, as the site lists them.
        sortable_fields: [{ field: 'date', default_sort: 'desc' }, 'titre', 'id'],
        view_filters: [{ label: 'Brouillons', field: 'brouillon', pattern: true }],
        media_folder: PHOTOS_SUBFOLDER,
        public_folder: `./${PHOTOS_SUBFOLDER}`,
        fields: [...newsFields, { name: 'body', label: 'Texte de l’article', widget: 'markdown', required: false, hint: 'Sans texte, l’article n’a pas de page : seule sa carte paraît.' }],
      },
      {
        name: 'produits',
        label: 'Produits',
        label_singular: 'produit',
        description: 'Le catalogue de la boutique, un fichier par produit.',
        folder: PRODUCTS_FOLDER,
        extension: 'json',
        // Written by the catalogue's own writer: the file's field order and layout stay (product-format.ts).
        format: PRODUCT_FORMAT,
        create: true,
        identifier_field: 'name',
        slug: '{{fields.id}}',
        // The list shows the category's title and a French price: list-labels.ts rewrites this summary's
        // last two parts (Decap's templates have no filter for either).
        summary: PRODUCT_SUMMARY,
        preview_path: productPath('{{fields.id}}').slice(1),
        sortable_fields: [{ field: 'code', default_sort: 'asc' }, 'name', 'priceHT'],
        // Photos beside the product files (products/images/), resized by the build like the news photos.
        media_folder: PHOTOS_SUBFOLDER,
        public_folder: `./${PHOTOS_SUBFOLDER}`,
        fields: productFields(settings),
      },
    ],
  };
}

/** A product's line in the CMS list, before list-labels.ts makes its category and price French. */
export const PRODUCT_SUMMARY = '{{code}} — {{name}} — {{category}} — {{priceHT}} € HT';

/** Commit messages in French, as the team's history reads them. */
const COMMIT_MESSAGES = {
  create: 'Contenu : ajout de {{collection}} « {{slug}} »',
  update: 'Contenu : modification de {{collection}} « {{slug}} »',
  delete: 'Contenu : suppression de {{collection}} « {{slug}} »',
  uploadMedia: 'Contenu : ajout de l’image « {{path}} »',
  deleteMedia: 'Contenu : suppression de l’image « {{path}} »',
};
