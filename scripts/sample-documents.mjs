/**
 * Writes the sample product documents of public/documents/produits: notices and technical sheets written for
 * this project by Vision Caraïbes' technicians (no manufacturer's PDF is copied), made with pdfkit and the
 * DejaVu fonts the devis PDF embeds. A technical sheet takes its rows from the product file itself, so it
 * says what the product page says. Run again after changing a text here; the files are committed.
 *
 *   node scripts/sample-documents.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { commandLine } from './lib/command-line.mjs';

commandLine('Usage : node scripts/sample-documents.mjs\nÉcrit les documents d’exemple des produits dans public/documents/produits.');

const root = fileURLToPath(new URL('..', import.meta.url));
const FONT = `${root}netlify/lib/devis/fonts/DejaVuSans.ttf`;
const BOLD = `${root}netlify/lib/devis/fonts/DejaVuSans-Bold.ttf`;
const NAVY = '#0b2a4a';
/** A fixed date, so that writing the files again changes nothing when the texts did not change. */
const WRITTEN_ON = new Date('2026-05-04T12:00:00Z');

const product = (id) => JSON.parse(readFileSync(`${root}content/catalogue/products/${id}.json`, 'utf8'));

/** The documents: file name, title, subtitle, and the sections (a heading and its paragraphs or steps). */
const documents = [
  {
    file: 'notice-imprimantes-bureau-zd.pdf',
    title: 'Notice d’utilisation',
    subtitle: 'Imprimantes d’étiquettes de bureau ZD421 et ZD230',
    sections: [
      ['Avant de commencer', ['Posez l’imprimante sur un plan stable, à l’abri des projections et du soleil direct. Branchez le bloc d’alimentation fourni, puis le câble USB ou réseau. Gardez 10 cm libres derrière l’appareil pour le passage des rouleaux en paravent.']],
      ['Charger un rouleau d’étiquettes', ['1. Ouvrez le capot en tirant les deux loquets vers vous.', '2. Écartez les guides, placez le rouleau étiquettes vers le haut, puis resserrez les guides sans bloquer le rouleau.', '3. Faites passer le support sous les guides jusqu’au rouleau d’entraînement et refermez le capot jusqu’au déclic.']],
      ['Charger un ruban (modèles à transfert thermique)', ['Le ruban se charge face encrée vers l’étiquette : côté cire pour le papier, cire-résine ou résine pour les étiquettes synthétiques. Un ruban mal orienté imprime des étiquettes blanches. Utilisez des rubans de 74 m ou de 300 m selon le modèle.']],
      ['Calibrer', ['Après chaque changement de support, maintenez le bouton PAUSE et le bouton AVANCE pendant deux secondes : l’imprimante avance quelques étiquettes et mesure leur longueur. Une étiquette sautée ou coupée à cheval sur deux se corrige ainsi.']],
      ['Entretien', ['Nettoyez la tête d’impression avec un stylo de nettoyage à chaque changement de ruban, ou tous les cinq rouleaux en thermique direct. Laissez sécher une minute avant de refermer. N’utilisez jamais d’objet métallique sur la tête.']],
      ['En cas de panne', ['Notez le voyant allumé et son état (fixe ou clignotant), puis déclarez la panne depuis votre espace client Vision Caraïbes, rubrique « Mes équipements ». Un technicien vous rappelle dans les délais de votre contrat.']],
    ],
  },
  {
    file: 'fiche-technique-ds2208.pdf',
    title: 'Fiche technique',
    subtitle: 'Lecteur de codes-barres DS2208',
    product: 'zebra-ds2208-usb',
    sections: [
      ['Usage conseillé', ['Lecteur filaire pour la caisse, la réception de marchandises et le comptoir : il lit les codes imprimés comme ceux affichés sur un téléphone, sous tous les angles, sans viser précisément.']],
      ['Mise en place', ['Branchez le câble USB sur la caisse : le lecteur se déclare comme un clavier, aucun pilote n’est nécessaire. Pour un lecteur posé en mains libres, ajoutez le socle IntelliStand ou le bras flexible proposés dans la boutique.']],
      ['Réglages courants', ['Vision Caraïbes peut vous fournir les codes de programmation : suffixe Entrée après chaque lecture, clavier français, activation des codes GS1 DataBar utilisés par les produits frais.']],
    ],
  },
  {
    file: 'mise-en-service-tc22.pdf',
    title: 'Guide de mise en service',
    subtitle: 'Terminal mobile TC22',
    product: 'zebra-tc22',
    sections: [
      ['Premier démarrage', ['1. Insérez la batterie, puis mettez le terminal sur son socle pendant quatre heures avant la première journée.', '2. Allumez-le en maintenant le bouton latéral, choisissez le français et le réseau Wi-Fi du magasin.', '3. Si Vision Caraïbes prépare vos terminaux, scannez le code d’enrôlement remis avec la livraison : vos applications s’installent seules.']],
      ['Au quotidien', ['Rechargez chaque soir sur le socle. Une batterie qui ne tient plus la journée se remplace sans outil ; sa référence figure dans la boutique, rubrique accessoires.']],
      ['Nettoyage', ['Essuyez l’écran et la fenêtre de lecture avec un chiffon doux légèrement humide. Les lingettes à l’alcool isopropylique conviennent ; évitez les produits chlorés.']],
    ],
  },
  {
    file: 'entretien-imprimantes-cartes-zc.pdf',
    title: 'Fiche d’entretien',
    subtitle: 'Imprimantes de cartes et de badges ZC300 et ZC350',
    sections: [
      ['Pourquoi nettoyer', ['Une poussière sur la carte laisse un point blanc sur chaque badge. Le rouleau de nettoyage retient ces poussières : il se change avec chaque ruban.']],
      ['Le nettoyage complet', ['Tous les 1 000 badges, ou dès qu’une trace apparaît : lancez « Nettoyer l’imprimante » depuis le pilote, insérez la carte de nettoyage, laissez-la passer deux fois. Comptez cinq minutes.']],
      ['Stocker les cartes', ['Gardez les cartes dans leur emballage fermé, à plat, loin de l’humidité : en climat tropical, une carte qui a pris l’humidité imprime des couleurs pâles.']],
    ],
  },
];

/** One document's PDF, as bytes. */
function render({ title, subtitle, sections, product: productId }) {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${title} — ${subtitle}`, Author: 'Vision Caraïbes', CreationDate: WRITTEN_ON, ModDate: WRITTEN_ON }, lang: 'fr-FR' });
  const chunks = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  doc.registerFont('regular', FONT).registerFont('bold', BOLD);
  doc.font('bold').fontSize(9).fillColor(NAVY).text('VISION CARAÏBES', { characterSpacing: 1 });
  doc.moveDown(0.5).fontSize(22).text(title);
  doc.font('regular').fontSize(13).fillColor('#333333').text(subtitle);
  doc.moveDown(1);
  if (productId) {
    const { name, specifications } = product(productId);
    doc.font('bold').fontSize(12).fillColor(NAVY).text(`Caractéristiques — ${name}`).moveDown(0.3);
    for (const { label, value } of specifications) {
      doc.font('bold').fontSize(10).fillColor('#333333').text(`${label} : `, { continued: true }).font('regular').text(value);
    }
    doc.moveDown(1);
  }
  for (const [heading, paragraphs] of sections) {
    doc.font('bold').fontSize(12).fillColor(NAVY).text(heading).moveDown(0.3);
    for (const paragraph of paragraphs) doc.font('regular').fontSize(10).fillColor('#333333').text(paragraph, { align: 'left', lineGap: 2 }).moveDown(0.4);
    doc.moveDown(0.6);
  }
  doc.moveDown(1).font('regular').fontSize(8).fillColor('#666666').text('Document rédigé par Vision Caraïbes pour ses clients de Martinique, de Guadeloupe et de Guyane. Pour toute question : votre espace client ou le 05 96 50 12 34.');
  doc.end();
  return new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
}

for (const document of documents) {
  const bytes = await render(document);
  writeFileSync(`${root}public/documents/produits/${document.file}`, bytes);
  console.log(`${document.file} : ${Math.round(bytes.length / 1024)} Ko`);
}
