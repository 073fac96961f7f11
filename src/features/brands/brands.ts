/**
 * The clients and partners pages' data (client {nom, logo}, partner {nom, logo,
 * categorie}). Logos are typographic marks drawn by BrandMark.astro from the name (no third-party logo is copied),
 * so the name is the one fact kept here.
 */

export interface Client {
  nom: string;
}

export interface ClientGroup {
  nom: string;
  /** What the group does, in one sentence. */
  activite: string;
}

export type PartnerCategory = 'Constructeur' | 'Éditeur';

export interface Partner {
  nom: string;
  categorie: PartnerCategory;
  /** What we install of theirs. */
  domaine: string;
}

export const clients: readonly Client[] = [
  { nom: 'Marché Soleil' },
  { nom: 'Ti Panié' },
  { nom: 'Karukera Bricolage' },
  { nom: 'Pharmacie du Morne' },
  { nom: 'Kaz Déco' },
  { nom: 'Épicerie Madinina' },
  { nom: 'Bèl Pen' },
  { nom: 'Sport Alizés' },
  { nom: 'Optique Lagon' },
  { nom: 'Mode Créole' },
  { nom: 'Kréyol Market' },
  { nom: 'Auto Pièces Caraïbes' },
  { nom: 'Hibiscus Beauté' },
  { nom: 'Librairie Calebasse' },
  { nom: 'Cash & Carry Antilles' },
  { nom: 'Frais du Jour' },
  { nom: 'Jardin Tropical' },
  { nom: 'Électro Îles' },
  { nom: 'Cave des Îles' },
  { nom: 'Halles du Lamentin' },
  { nom: 'Bazar Océan' },
  { nom: 'Piment Café' },
  { nom: 'Quincaillerie Jarry' },
  { nom: 'Mango Kids' },
];

export const clientGroups: readonly ClientGroup[] = [
  { nom: 'Groupe Alizés Distribution', activite: 'Supermarchés et supérettes de proximité en Martinique et en Guadeloupe.' },
  { nom: 'Caraïbes Retail', activite: 'Enseignes spécialisées en équipement de la personne et de la maison.' },
  { nom: 'Madinina Santé', activite: 'Réseau de pharmacies et de parapharmacies.' },
  { nom: 'Antilles Logistique', activite: 'Entrepôts et plateformes de distribution pour la grande distribution.' },
  { nom: 'Îles & Maison', activite: 'Magasins de bricolage, de jardinage et d’ameublement.' },
  { nom: 'Guyane Commerce Associés', activite: 'Commerces indépendants de proximité en Guyane.' },
];

export const partners: readonly Partner[] = [
  { nom: 'Zebra Technologies', categorie: 'Constructeur', domaine: 'Terminaux mobiles, lecteurs et imprimantes' },
  { nom: 'Honeywell', categorie: 'Constructeur', domaine: 'Lecteurs codes-barres et terminaux durcis' },
  { nom: 'Datalogic', categorie: 'Constructeur', domaine: 'Lecteurs de caisse et industriels' },
  { nom: 'Epson', categorie: 'Constructeur', domaine: 'Imprimantes de tickets et d’étiquettes' },
  { nom: 'Star Micronics', categorie: 'Constructeur', domaine: 'Imprimantes de tickets' },
  { nom: 'Aures', categorie: 'Constructeur', domaine: 'Terminaux de caisse' },
  { nom: 'Posiflex', categorie: 'Constructeur', domaine: 'Terminaux de caisse et périphériques' },
  { nom: 'Elo Touch', categorie: 'Constructeur', domaine: 'Écrans et caisses tactiles' },
  { nom: 'Ingenico', categorie: 'Constructeur', domaine: 'Terminaux de paiement' },
  { nom: 'Verifone', categorie: 'Constructeur', domaine: 'Terminaux de paiement' },
  { nom: 'VusionGroup', categorie: 'Constructeur', domaine: 'Étiquettes électroniques de gondole' },
  { nom: 'Hanshow', categorie: 'Constructeur', domaine: 'Étiquettes électroniques de gondole' },
  { nom: 'Glory', categorie: 'Constructeur', domaine: 'Monnayeurs automatiques' },
  { nom: 'HP', categorie: 'Constructeur', domaine: 'Postes de travail et serveurs' },
  { nom: 'Lenovo', categorie: 'Constructeur', domaine: 'Postes de travail et tablettes' },
  { nom: 'Ubiquiti', categorie: 'Constructeur', domaine: 'Réseaux et wifi professionnel' },
  { nom: 'Microsoft', categorie: 'Éditeur', domaine: 'Systèmes et outils collaboratifs' },
  { nom: 'Cegid', categorie: 'Éditeur', domaine: 'Logiciels de caisse et de gestion' },
  { nom: 'Sage', categorie: 'Éditeur', domaine: 'Gestion commerciale et comptabilité' },
  { nom: 'SOTI', categorie: 'Éditeur', domaine: 'Gestion de flotte mobile' },
  { nom: 'Ivanti', categorie: 'Éditeur', domaine: 'Gestion des terminaux et du parc' },
  { nom: 'LS Retail', categorie: 'Éditeur', domaine: 'Logiciels pour la distribution' },
  { nom: 'Odoo', categorie: 'Éditeur', domaine: 'Gestion d’entreprise' },
  { nom: 'Veeam', categorie: 'Éditeur', domaine: 'Sauvegarde et restauration' },
  { nom: 'Sophos', categorie: 'Éditeur', domaine: 'Cybersécurité' },
];

/** The look of a typographic mark, picked from the name so it never changes between builds. */
export interface MarkStyle {
  variant: number;
  lines: string[];
  fontSize: number;
}

/** Number of visual variants BrandMark.astro draws. */
export const MARK_VARIANTS = 6;

const hash = (text: string): number => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);

/** Splits a long name over two balanced lines. */
export function markLines(name: string): string[] {
  const words = name.split(' ');
  if (name.length <= 13 || words.length < 2) return [name];
  let best = [name];
  let bestGap = Infinity;
  for (let cut = 1; cut < words.length; cut++) {
    const first = words.slice(0, cut).join(' ');
    const second = words.slice(cut).join(' ');
    const gap = Math.abs(first.length - second.length);
    if (gap < bestGap) {
      best = [first, second];
      bestGap = gap;
    }
  }
  return best;
}

/** The style of the mark drawn for `name`: a stable variant, its lines and a font size that fits. */
export function markStyle(name: string): MarkStyle {
  const lines = markLines(name);
  const longest = Math.max(...lines.map((line) => line.length));
  // A 200-unit-wide mark with 16 units of margin each side; capitals average ~0.68 em.
  const fontSize = Math.min(lines.length === 1 ? 28 : 22, Math.floor(168 / (longest * 0.68)));
  return { variant: hash(name) % MARK_VARIANTS, lines, fontSize };
}

/** The look of the mark at `index` in a grid: neighbours differ across rows of 2, 3, 5 or 6 columns. */
export const gridVariant = (index: number): number => (index + Math.floor(index / MARK_VARIANTS)) % MARK_VARIANTS;
