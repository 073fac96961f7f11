/**
 * The French sentences of the customer's devis page, written once: the page's markup, its script and the
 * answer's schema (devis.ts, which the server applies too) read them from here.
 */

/** The page's title while it loads or shows a devis (« Devis DV-2026-00042 – … » once shown). */
export const DEVIS_PAGE_TITLE = 'Votre devis';

/** The start of the page's title when the link opens nothing. */
export const DEVIS_UNAVAILABLE_TITLE = 'Devis indisponible';

/** Why the page shows no devis, when the server gave no sentence of its own. */
export const DEVIS_LINK_INCOMPLETE = 'Ce lien de devis est incomplet. Ouvrez le lien tel que vous l’avez reçu par e-mail ou SMS.';
export const DEVIS_CANNOT_OPEN = 'Ce devis ne peut pas être ouvert.';

/** The labels of the acceptance form's fields, as the form and its error messages say them. */
export const ANSWER_LABELS = { name: 'Nom et prénom', role: 'Fonction', reason: 'Motif' } as const;

/** A required field left empty: « Fonction : à renseigner. » */
export const requiredMessage = (label: string): string => `${label}\u00a0: à renseigner.`;

/** An acceptance without its « Bon pour accord » box ticked. */
export const BON_POUR_ACCORD_MISSING = 'Cochez «\u00a0Bon pour accord\u00a0» pour accepter le devis.';

/** The heads of the devis table's columns; on a phone each cell shows its column's head beside its value. */
export const DEVIS_COLUMNS = { designation: 'Désignation', quantity: 'Qté', unitPrice: 'P.U. HT', discount: 'Remise', total: 'Total HT' } as const;
