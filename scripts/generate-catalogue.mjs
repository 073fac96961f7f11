/**
 * Writes the initial store catalogue: content/catalogue/{products,categories,ranges}.json.
 *
 *   node scripts/generate-catalogue.mjs            # the real catalogue (overwrites content/catalogue)
 *   node scripts/generate-catalogue.mjs --out DIR --count 10000   # a synthetic catalogue for the benchmark
 *
 * The build never runs this script: the JSON files in content/catalogue are the source of truth and
 * editors change them directly. It stays here to regenerate a consistent starting catalogue and to
 * produce large catalogues for scripts/bench-build.mjs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { out: { type: 'string' }, count: { type: 'string' } },
});
const outDir = values.out ?? fileURLToPath(new URL('../content/catalogue', import.meta.url));

/** Price excluding tax (euros, 2 decimals) whose price including tax is as close as possible to `ttc`. */
const htFor = (ttc) => Math.round((ttc / 1.2) * 100) / 100;
/** Price including tax from the price excluding tax, computed in cents (DECISIONS.md §9). */
const ttcOf = (ht) => Math.round(Math.round(ht * 100) * 1.2) / 100;

const img = (family) => `/images/products/${family}.svg`;

// ---------------------------------------------------------------------------------------------------
// Categories and ranges
// ---------------------------------------------------------------------------------------------------

const categories = [
  ['imprimantes-etiquettes', 'Imprimantes d’étiquettes', 'Imprimantes thermiques de bureau et industrielles pour étiqueter produits, colis et rayonnages, en transfert thermique ou thermique direct.'],
  ['etiquettes', 'Étiquettes', 'Étiquettes thermiques et transfert thermique en rouleaux, dont les gammes certifiées Z-Select, PolyPro, Z-Ultimate et Z-Perform.'],
  ['films-transfert', 'Films transfert', 'Rubans cire, cire-résine et résine pour imprimantes à transfert thermique, adaptés à chaque support d’étiquette.'],
  ['terminaux', 'Terminaux mobiles', 'Terminaux Android durcis pour la vente, l’entrepôt et la livraison : lecture de codes-barres, Wi-Fi 6 et 5G.'],
  ['tablettes', 'Tablettes durcies', 'Tablettes professionnelles ET40, ET45, ET60, ET65, ET80 et ET85, conçues pour le terrain et l’entrepôt.'],
  ['terminaux-transportables', 'Terminaux portés', 'Ordinateurs portés au poignet, lecteurs bagues et casques pour libérer les mains des préparateurs.'],
  ['lecteurs-economiques', 'Lecteurs économiques', 'Lecteurs de codes-barres 1D et 2D filaires ou sans fil pour le commerce et le bureau, au meilleur rapport qualité-prix.'],
  ['lecteurs-industriels', 'Lecteurs industriels', 'Lecteurs ultra-robustes LI3608, LI3678, DS3608 et DS3678 pour l’entrepôt et la production : chutes, poussière et eau.'],
  ['lecteur-pdv', 'Lecteurs point de vente', 'Lecteurs de présentation et encastrables pour les caisses : lecture rapide des codes-barres imprimés et sur écran.'],
  ['imprimante-badge', 'Imprimantes à badges', 'Imprimantes de cartes ZC pour badges d’accès, cartes de fidélité et cartes d’adhérent, en recto ou recto verso.'],
  ['badges', 'Badges', 'Cartes PVC vierges, cartes à piste magnétique et cartes sans contact pour vos imprimantes à badges.'],
  ['ruban-badgeuse', 'Rubans pour badgeuses', 'Rubans couleur et monochromes d’origine pour imprimantes à badges ZC, avec reconnaissance automatique.'],
  ['accessoires', 'Accessoires', 'Supports, câbles, alimentations, socles de charge et batteries pour vos imprimantes, lecteurs et terminaux.'],
].map(([id, title, description]) => ({ id, title, description }));

const ranges = [
  ['lecteurs-economiques', 'LS1203', 'Lecteur laser 1D d’entrée de gamme, simple et fiable pour les petits commerces.', 'scanner-handheld'],
  ['lecteurs-economiques', 'LS2208', 'Le lecteur laser 1D de référence des caisses, ergonomique et endurant.', 'scanner-handheld'],
  ['lecteurs-economiques', 'LI2208', 'Imageur linéaire 1D qui lit les codes abîmés ou mal imprimés.', 'scanner-handheld'],
  ['lecteurs-economiques', 'DS2208', 'Imageur 2D filaire : codes-barres 1D, QR codes et codes sur écran de smartphone.', 'scanner-handheld'],
  ['lecteurs-economiques', 'DS2278', 'Imageur 2D sans fil Bluetooth pour encaisser loin du poste.', 'scanner-cordless'],
  ['lecteurs-economiques', 'LI4278', 'Imageur linéaire sans fil avec une grande portée de lecture.', 'scanner-cordless'],
  ['lecteurs-economiques', 'DS4308', 'Imageur 2D haute performance, disponible en version santé désinfectable.', 'scanner-handheld'],
  ['lecteurs-economiques', 'DS8108', 'Imageur 2D haut de gamme pour la grande distribution, lecture instantanée.', 'scanner-handheld'],
  ['lecteurs-economiques', 'DS8178', 'Version sans fil du DS8108, avec batterie longue durée PowerPrecision+.', 'scanner-cordless'],
  ['lecteurs-economiques', 'DS4608', 'Imageur 2D polyvalent pour le commerce et la logistique légère.', 'scanner-handheld'],
  ['lecteurs-industriels', 'LI3608', 'Imageur linéaire filaire ultra-robuste pour les environnements industriels.', 'scanner-rugged'],
  ['lecteurs-industriels', 'LI3678', 'Imageur linéaire sans fil ultra-robuste, étanche IP67.', 'scanner-rugged'],
  ['lecteurs-industriels', 'DS3608', 'Imageur 2D filaire ultra-robuste, de quelques centimètres à plus de 20 mètres.', 'scanner-rugged'],
  ['lecteurs-industriels', 'DS3678', 'Imageur 2D sans fil ultra-robuste pour l’entrepôt et les quais.', 'scanner-rugged'],
  ['tablettes', 'ET40 & ET45', 'Tablettes d’entreprise 8 et 10 pouces, Wi-Fi ou 5G, légères et durcies.', 'tablet'],
  ['tablettes', 'ET60 & ET65', 'Tablettes ultra-durcies 10 pouces IP68 pour le terrain et les véhicules.', 'tablet'],
  ['tablettes', 'ET80 & ET85', 'Tablettes 2-en-1 Windows 12 pouces avec clavier détachable.', 'tablet'],
].map(([category, title, description, family]) => ({
  id: title.toLowerCase().replace(/\s*&\s*/g, '-').replace(/\s+/g, '-'),
  category,
  title,
  description,
  image: img(family),
}));

// ---------------------------------------------------------------------------------------------------
// Products: [id, name, category, subcategory, reference, ttc, family, description, specs, extras]
// ---------------------------------------------------------------------------------------------------

const products = [];
/** Adds a product; `specs` is an ordered list of [label, value], the manufacturer reference first. */
function add(id, name, category, subcategory, reference, ttc, family, description, specs, extras = {}) {
  const priceHT = extras.priceHT ?? htFor(ttc);
  const product = {
    id,
    name,
    category,
    subcategory,
    reference,
    price: ttcOf(priceHT),
    priceHT,
    tva: 20,
    image: img(family),
    ...(extras.badge ? { badge: extras.badge } : {}),
    ...(extras.oldPrice ? { oldPrice: extras.oldPrice } : {}),
    inStock: extras.inStock ?? true,
    description,
    specifications: [{ label: 'Référence constructeur', value: reference }, ...specs.map(([label, value]) => ({ label, value }))],
  };
  products.push(product);
}

// Label printers
const desk = 'Imprimantes de bureau';
const indus = 'Imprimantes industrielles';
add('zebra-zd421t', 'Imprimante Zebra ZD421t 203 dpi', 'imprimantes-etiquettes', desk, 'ZD4A042-30EM00EZ', 599, 'printer-desktop',
  'Imprimante de bureau à transfert thermique, idéale pour les étiquettes produits, d’expédition et de traçabilité. Chargement facile du ruban de 74 m, écran d’état à icônes et modules de connectivité installables sur site.',
  [['Technologie', 'Transfert thermique et thermique direct'], ['Résolution', '203 dpi (8 points/mm)'], ['Vitesse', '152 mm/s'], ['Largeur d’impression', '104 mm'], ['Connectivité', 'USB 2.0, USB hôte, Ethernet'], ['Garantie', '2 ans constructeur']],
  { badge: 'Meilleure vente' });
add('zebra-zd421d', 'Imprimante Zebra ZD421d thermique directe', 'imprimantes-etiquettes', desk, 'ZD4A042-D0EM00EZ', 469, 'printer-desktop',
  'Imprimante thermique directe sans ruban, parfaite pour les étiquettes d’expédition, les tickets et les étiquettes à durée de vie courte. Compacte, silencieuse et simple à administrer à distance.',
  [['Technologie', 'Thermique direct'], ['Résolution', '203 dpi (8 points/mm)'], ['Vitesse', '152 mm/s'], ['Largeur d’impression', '104 mm'], ['Connectivité', 'USB 2.0, USB hôte, Ethernet'], ['Garantie', '2 ans constructeur']]);
add('zebra-zd230t', 'Imprimante Zebra ZD230t', 'imprimantes-etiquettes', desk, 'ZD23042-30EG00EZ', 329, 'printer-desktop',
  'L’imprimante de bureau économique à transfert thermique pour débuter l’étiquetage : fiable, simple à charger et compatible avec les langages ZPL et EPL.',
  [['Technologie', 'Transfert thermique et thermique direct'], ['Résolution', '203 dpi'], ['Vitesse', '102 mm/s'], ['Largeur d’impression', '104 mm'], ['Connectivité', 'USB'], ['Garantie', '2 ans constructeur']],
  { oldPrice: 299 });
add('zebra-zd220d', 'Imprimante Zebra ZD220d', 'imprimantes-etiquettes', desk, 'ZD22042-D0EG00EZ', 249, 'printer-desktop',
  'Imprimante thermique directe d’entrée de gamme pour les étiquettes d’expédition et les reçus, au format compact, livrée avec son alimentation.',
  [['Technologie', 'Thermique direct'], ['Résolution', '203 dpi'], ['Vitesse', '102 mm/s'], ['Largeur d’impression', '104 mm'], ['Connectivité', 'USB'], ['Garantie', '1 an constructeur']]);
add('zebra-zd621t', 'Imprimante Zebra ZD621t 300 dpi', 'imprimantes-etiquettes', desk, 'ZD6A043-30EF00EZ', 949, 'printer-desktop',
  'Imprimante de bureau haut de gamme à transfert thermique : écran couleur tactile, 300 dpi pour les petits codes et les étiquettes de santé, Bluetooth LE pour l’appairage avec un terminal.',
  [['Technologie', 'Transfert thermique et thermique direct'], ['Résolution', '300 dpi (12 points/mm)'], ['Vitesse', '152 mm/s'], ['Largeur d’impression', '104 mm'], ['Connectivité', 'USB, série, Ethernet, Bluetooth LE'], ['Garantie', '2 ans constructeur']],
  { badge: 'Nouveau' });
add('zebra-zd611t', 'Imprimante Zebra ZD611t', 'imprimantes-etiquettes', desk, 'ZD6A122-30EF00EZ', 829, 'printer-desktop',
  'Imprimante de bureau 2 pouces à transfert thermique pour les étiquettes de bijouterie, de pharmacie et de laboratoire, avec écran couleur.',
  [['Technologie', 'Transfert thermique et thermique direct'], ['Résolution', '203 dpi'], ['Vitesse', '203 mm/s'], ['Largeur d’impression', '56 mm'], ['Connectivité', 'USB, Ethernet, Bluetooth LE'], ['Garantie', '2 ans constructeur']]);
add('zebra-zt231', 'Imprimante industrielle Zebra ZT231', 'imprimantes-etiquettes', indus, 'ZT23142-T0E000FZ', 1149, 'printer-industrial',
  'Imprimante industrielle compacte pour les volumes moyens : boîtier métallique, écran tactile couleur et chargement latéral du ruban de 450 m.',
  [['Technologie', 'Transfert thermique et thermique direct'], ['Résolution', '203 dpi'], ['Vitesse', '203 mm/s'], ['Largeur d’impression', '104 mm'], ['Connectivité', 'USB, série, Ethernet'], ['Garantie', '1 an constructeur']]);
add('zebra-zt411', 'Imprimante industrielle Zebra ZT411', 'imprimantes-etiquettes', indus, 'ZT41142-T0E0000Z', 1890, 'printer-industrial',
  'Imprimante industrielle robuste pour l’entrepôt et la production, en service 24 h sur 24 : écran tactile 4,3 pouces, options RFID et massicot installables sur site.',
  [['Technologie', 'Transfert thermique et thermique direct'], ['Résolution', '203 dpi'], ['Vitesse', '356 mm/s'], ['Largeur d’impression', '104 mm'], ['Connectivité', 'USB, série, Ethernet, Bluetooth 4.1'], ['Garantie', '1 an constructeur']],
  { badge: 'Pro' });
add('zebra-zt421', 'Imprimante industrielle Zebra ZT421 6 pouces', 'imprimantes-etiquettes', indus, 'ZT42162-T0E0000Z', 2690, 'printer-industrial',
  'Imprimante industrielle grande largeur pour les étiquettes palettes et les étiquettes de conformité jusqu’à 168 mm de large.',
  [['Technologie', 'Transfert thermique et thermique direct'], ['Résolution', '203 dpi'], ['Vitesse', '305 mm/s'], ['Largeur d’impression', '168 mm'], ['Connectivité', 'USB, série, Ethernet, Bluetooth 4.1'], ['Garantie', '1 an constructeur']]);
add('zebra-zt610', 'Imprimante industrielle Zebra ZT610', 'imprimantes-etiquettes', indus, 'ZT61042-T0E0100Z', 3490, 'printer-industrial',
  'Imprimante industrielle haut de gamme pour les applications critiques : mécanique tout métal, vitesse de 356 mm/s et précision d’impression sur les plus petites étiquettes.',
  [['Technologie', 'Transfert thermique et thermique direct'], ['Résolution', '203 dpi'], ['Vitesse', '356 mm/s'], ['Largeur d’impression', '104 mm'], ['Connectivité', 'USB, série, Ethernet, Bluetooth'], ['Garantie', '1 an constructeur']],
  { inStock: false });

// Labels (premium ranges 79,90 € to 199,90 € TTC)
const label = (id, name, sub, ref, ttc, desc, dims, perRoll, rolls, matter, extras) =>
  add(id, name, 'etiquettes', sub, ref, ttc, 'label-roll', desc,
    [['Dimensions', dims], ['Étiquettes par rouleau', perRoll], ['Rouleaux par carton', rolls], ['Matière', matter], ['Mandrin', '25 mm']], extras);
label('z-select-2000d-102x152', 'Étiquettes Z-Select 2000D 102 × 152 mm', 'Z-Select', '3006322', 89.9,
  'Étiquettes papier thermique direct premium pour les étiquettes d’expédition : noir dense, lecture fiable des codes-barres et tête d’impression préservée.',
  '102 × 152 mm', '475', '4', 'Papier thermique direct couché', { badge: 'Meilleure vente' });
label('z-select-2000d-102x76', 'Étiquettes Z-Select 2000D 102 × 76 mm', 'Z-Select', '3006319', 79.9,
  'Étiquettes papier thermique direct pour l’étiquetage logistique et les étiquettes produits, à l’adhésif permanent.',
  '102 × 76 mm', '930', '4', 'Papier thermique direct couché');
label('z-select-2000t-57x32', 'Étiquettes Z-Select 2000T 57 × 32 mm', 'Z-Select', '880247-031D', 84.9,
  'Étiquettes papier couché pour transfert thermique, idéales pour les étiquettes prix et produits en rayon.',
  '57 × 32 mm', '2 100', '10', 'Papier couché transfert thermique');
label('polypro-4000d-102x152', 'Étiquettes PolyPro 4000D 102 × 152 mm', 'PolyPro', '3007208-T', 149.9,
  'Étiquettes polypropylène thermique direct résistantes à l’humidité et aux huiles, pour la chaîne du froid et les produits frais.',
  '102 × 152 mm', '457', '4', 'Polypropylène thermique direct');
label('polypro-4000d-51x25', 'Étiquettes PolyPro 4000D 51 × 25 mm', 'PolyPro', '3007204-T', 119.9,
  'Petites étiquettes polypropylène pour les produits exposés à l’eau, aux frottements ou aux basses températures.',
  '51 × 25 mm', '2 340', '6', 'Polypropylène thermique direct');
label('z-ultimate-3000t-76x25', 'Étiquettes Z-Ultimate 3000T blanches 76 × 25 mm', 'Z-Ultimate', '10015340', 169.9,
  'Étiquettes polyester transfert thermique pour l’identification durable des équipements et des composants, résistantes aux solvants.',
  '76 × 25 mm', '2 740', '4', 'Polyester blanc brillant', { badge: 'Durable' });
label('z-ultimate-3000t-argent', 'Étiquettes Z-Ultimate 3000T argent 51 × 25 mm', 'Z-Ultimate', '10023181', 199.9,
  'Étiquettes polyester argent mat pour les plaques signalétiques et le marquage des actifs, à imprimer avec un ruban résine.',
  '51 × 25 mm', '3 000', '4', 'Polyester argent mat');
label('z-perform-1000d-102x152', 'Étiquettes Z-Perform 1000D 102 × 152 mm', 'Z-Perform', '3013049', 79.9,
  'Étiquettes papier thermique direct économiques pour les gros volumes d’expédition, sur mandrin de 76 mm pour les imprimantes industrielles.',
  '102 × 152 mm', '1 000', '4', 'Papier thermique direct non couché');
label('z-perform-1000t-102x76', 'Étiquettes Z-Perform 1000T 102 × 76 mm', 'Z-Perform', '880189-076', 94.9,
  'Étiquettes papier vélin transfert thermique pour l’étiquetage courant des cartons et des palettes.',
  '102 × 76 mm', '1 780', '4', 'Papier vélin transfert thermique', { oldPrice: 89.9 });
label('etiquettes-thermiques-57x32', 'Étiquettes thermiques 57 × 32 mm', 'Étiquettes standard', 'VC-ETQ-5732', 24.9,
  'Étiquettes thermiques directes blanches pour balances et étiquettes prix, compatibles avec la plupart des imprimantes de bureau.',
  '57 × 32 mm', '1 000', '1', 'Papier thermique direct');
label('etiquettes-thermiques-100x150', 'Étiquettes thermiques 100 × 150 mm', 'Étiquettes standard', 'VC-ETQ-100150', 29.9,
  'Étiquettes d’expédition au format transporteur, adhésif permanent, pour imprimantes thermiques directes.',
  '100 × 150 mm', '500', '1', 'Papier thermique direct');
label('etiquettes-bijouterie', 'Étiquettes bijouterie à queue 72 × 10 mm', 'Étiquettes standard', 'VC-ETQ-BIJ72', 34.9,
  'Étiquettes en haltère pour bijoux et lunettes, en polypropylène blanc, à imprimer en transfert thermique.',
  '72 × 10 mm', '1 500', '1', 'Polypropylène blanc');

// Transfer ribbons
const ribbon = (id, name, sub, ref, ttc, desc, dims, use, extras) =>
  add(id, name, 'films-transfert', sub, ref, ttc, 'ribbon', desc,
    [['Dimensions', dims], ['Encrage', 'Face extérieure'], ['Rubans par carton', '12'], ['Usage recommandé', use]], extras);
ribbon('ruban-cire-2300-110x74', 'Ruban cire 2300 110 mm × 74 m', 'Rubans cire', '02300BK11007', 49.9,
  'Ruban cire économique pour imprimer sur papier couché ou vélin : noir dense et codes-barres nets pour les étiquettes logistiques.',
  '110 mm × 74 m', 'Étiquettes papier, imprimantes de bureau');
ribbon('ruban-cire-2300-110x450', 'Ruban cire 2300 110 mm × 450 m', 'Rubans cire', '02300BK11045', 119.9,
  'Ruban cire grande longueur pour les imprimantes industrielles ZT, pour réduire les changements de ruban.',
  '110 mm × 450 m', 'Étiquettes papier, imprimantes industrielles', { badge: 'Lot économique' });
ribbon('ruban-cire-resine-3200-110x74', 'Ruban cire-résine 3200 110 mm × 74 m', 'Rubans cire-résine', '03200BK11007', 54.9,
  'Ruban cire-résine qui résiste aux frottements et à l’humidité, pour le papier couché et les étiquettes synthétiques.',
  '110 mm × 74 m', 'Papier couché, polypropylène');
ribbon('ruban-cire-resine-3200-110x450', 'Ruban cire-résine 3200 110 mm × 450 m', 'Rubans cire-résine', '03200BK11045', 149.9,
  'Ruban cire-résine longue durée pour les imprimantes industrielles, idéal pour les étiquettes exposées aux manipulations.',
  '110 mm × 450 m', 'Papier couché, polypropylène, imprimantes industrielles');
ribbon('ruban-resine-5095-110x74', 'Ruban résine 5095 110 mm × 74 m', 'Rubans résine', '05095BK11007', 60,
  'Ruban résine haute résistance aux solvants, à la chaleur et aux produits chimiques, pour les étiquettes polyester Z-Ultimate.',
  '110 mm × 74 m', 'Polyester, polyimide', { priceHT: 50 });
ribbon('ruban-resine-5555-110x450', 'Ruban résine 5555 110 mm × 450 m', 'Rubans résine', '05555BK11045', 189.9,
  'Ruban résine performant pour l’impression rapide sur matières synthétiques, en grande longueur pour les imprimantes industrielles.',
  '110 mm × 450 m', 'Polyester, polypropylène');
ribbon('ruban-cire-2300-60x74', 'Ruban cire 2300 60 mm × 74 m', 'Rubans cire', '02300BK06007', 34.9,
  'Ruban cire étroit pour les imprimantes 2 pouces et les petites étiquettes produits ou bijouterie.',
  '60 mm × 74 m', 'Petites étiquettes papier', { inStock: false });

// Mobile computers
const mobile = (id, name, sub, ref, ttc, desc, screen, net, scan, battery, extras) =>
  add(id, name, 'terminaux', sub, ref, ttc, 'mobile-computer', desc,
    [['Système', 'Android 14, mises à jour Zebra LifeGuard'], ['Écran', screen], ['Réseau', net], ['Lecteur', scan], ['Batterie', battery], ['Résistance', 'IP65/IP68, chutes de 1,8 m']], extras);
const touch = 'Terminaux tactiles';
const keypad = 'Terminaux à clavier';
mobile('zebra-tc22', 'Terminal mobile Zebra TC22', touch, 'TC220A-1B24A1-FR', 649,
  'Terminal Android professionnel au format smartphone pour le commerce et la petite logistique : lecteur 2D intégré, Wi-Fi 6 et batterie remplaçable.',
  '6 pouces HD+', 'Wi-Fi 6, Bluetooth 5.1', 'Imageur 2D SE4100', '3 800 mAh remplaçable', { badge: 'Nouveau' });
mobile('zebra-tc27', 'Terminal mobile Zebra TC27 5G', touch, 'TC270A-1B24A1-FR', 899,
  'Version 5G du TC22 pour les équipes sur la route : commandes, livraisons et inventaires connectés partout.',
  '6 pouces HD+', '5G, Wi-Fi 6, Bluetooth 5.1', 'Imageur 2D SE4100', '3 800 mAh remplaçable');
mobile('zebra-tc53e', 'Terminal mobile Zebra TC53e', touch, 'TC530E-1PEZU4P-FR', 1190,
  'Terminal tactile 6 pouces haut de gamme pour la vente assistée et la préparation de commandes, avec lecteur longue portée.',
  '6 pouces FHD+', 'Wi-Fi 6E, Bluetooth 5.3', 'Imageur 2D SE55', '4 680 mAh remplaçable');
mobile('zebra-tc58e', 'Terminal mobile Zebra TC58e 5G', touch, 'TC580E-1PEZU4P-FR', 1390,
  'Le TC53e avec la 5G pour les livreurs et les techniciens itinérants, NFC intégré pour le paiement et l’identification.',
  '6 pouces FHD+', '5G, Wi-Fi 6E, Bluetooth 5.3, NFC', 'Imageur 2D SE55', '4 680 mAh remplaçable');
mobile('zebra-tc73', 'Terminal mobile Zebra TC73', touch, 'TC7300-1PEZU4P-FR', 1690,
  'Terminal ultra-robuste pour l’entrepôt et l’industrie, utilisable avec des gants et sous la pluie, lecture jusqu’à 21 m.',
  '6 pouces FHD+', 'Wi-Fi 6E, Bluetooth 5.3', 'Imageur 2D SE55 longue portée', '7 000 mAh remplaçable');
mobile('zebra-tc78', 'Terminal mobile Zebra TC78 5G', touch, 'TC7800-1PEZU4P-FR', 1890,
  'Version 5G du TC73 pour la logistique de terrain et les cours de stockage, avec push-to-talk intégré.',
  '6 pouces FHD+', '5G, Wi-Fi 6E, Bluetooth 5.3', 'Imageur 2D SE55 longue portée', '7 000 mAh remplaçable', { oldPrice: 1690 });
mobile('zebra-mc2200', 'Terminal mobile Zebra MC2200', keypad, 'MC220J-2A3S2RW', 749,
  'Terminal à clavier abordable pour l’inventaire et la réception en magasin : écran 4 pouces et 34 touches numériques.',
  '4 pouces WVGA', 'Wi-Fi 5, Bluetooth 5.0', 'Imageur 2D SE4100', '3 500 mAh remplaçable');
mobile('zebra-mc3400', 'Terminal mobile Zebra MC3400', keypad, 'MC340U-GE4EG4RW', 1590,
  'Terminal à clavier et poignée pistolet pour les cadences soutenues de l’entrepôt, lecture jusqu’à 21 m.',
  '4 pouces WVGA', 'Wi-Fi 6E, Bluetooth 5.3', 'Imageur 2D SE58', '7 000 mAh remplaçable');
mobile('zebra-mc9400', 'Terminal mobile Zebra MC9400', keypad, 'MC940B-3G1AA6RW', 2890,
  'Le terminal pistolet de référence pour les entrepôts et les quais, clavier alphanumérique et batterie remplaçable à chaud.',
  '4,3 pouces WVGA', 'Wi-Fi 6E, Bluetooth 5.3', 'Imageur 2D SE58 longue portée', '7 000 mAh remplaçable à chaud', { inStock: false });

// Tablets (ranges)
const tablet = (id, name, sub, ref, ttc, desc, screen, net, os, protection, extras) =>
  add(id, name, 'tablettes', sub, ref, ttc, 'tablet', desc,
    [['Écran', screen], ['Réseau', net], ['Système', os], ['Protection', protection], ['Batterie', 'Remplaçable']], extras);
tablet('zebra-et40-8', 'Tablette Zebra ET40 8 pouces', 'ET40 & ET45', 'ET40AA-001C1B0-FR', 799,
  'Tablette d’entreprise légère pour la vente en rayon et la gestion de magasin, avec accessoires de lecture clipsables.',
  '8 pouces WUXGA', 'Wi-Fi 6', 'Android 13', 'IP65, chutes de 1 m');
tablet('zebra-et40-10', 'Tablette Zebra ET40 10 pouces', 'ET40 & ET45', 'ET40AB-001C1B0-FR', 899,
  'Tablette 10 pouces pour les tableaux de bord en magasin, la prise de commande et le contrôle qualité.',
  '10,1 pouces WUXGA', 'Wi-Fi 6', 'Android 13', 'IP65, chutes de 1 m');
tablet('zebra-et45-10-5g', 'Tablette Zebra ET45 10 pouces 5G', 'ET40 & ET45', 'ET45CB-101D1B0-FR', 1190,
  'La tablette ET40 avec la 5G pour les commerciaux et les techniciens hors des murs.',
  '10,1 pouces WUXGA', '5G, Wi-Fi 6', 'Android 13', 'IP65, chutes de 1 m', { badge: 'Nouveau' });
tablet('zebra-et60', 'Tablette Zebra ET60 10 pouces', 'ET60 & ET65', 'ET60AW-0HQAGN00A0-FR', 1790,
  'Tablette ultra-durcie Android pour les entrepôts, les chariots élévateurs et les véhicules, lisible en plein soleil.',
  '10,1 pouces, 1 000 nits', 'Wi-Fi 6E', 'Android 14', 'IP68, chutes de 1,8 m');
tablet('zebra-et65', 'Tablette Zebra ET65 10 pouces 5G', 'ET60 & ET65', 'ET65AW-0HQAGN00A0-FR', 2090,
  'Version 5G de l’ET60 pour le terrain : maintenance, interventions et tournées, même sous les intempéries.',
  '10,1 pouces, 1 000 nits', '5G, Wi-Fi 6E', 'Android 14', 'IP68, chutes de 1,8 m');
tablet('zebra-et80', 'Tablette 2-en-1 Zebra ET80 12 pouces', 'ET80 & ET85', 'ET80A-0P5A2-000-FR', 2690,
  'Tablette Windows 2-en-1 ultra-durcie avec clavier détachable, pour remplacer le portable des techniciens et des inspecteurs.',
  '12 pouces 2 160 × 1 440', 'Wi-Fi 6E', 'Windows 11 Professionnel', 'IP65, chutes de 1,8 m');
tablet('zebra-et85', 'Tablette 2-en-1 Zebra ET85 12 pouces 5G', 'ET80 & ET85', 'ET85B-0P5A2-000-FR', 2990,
  'La tablette ET80 avec la 5G pour les équipes mobiles des services publics, de l’énergie et de la défense.',
  '12 pouces 2 160 × 1 440', '5G, Wi-Fi 6E', 'Windows 11 Professionnel', 'IP65, chutes de 1,8 m');

// Wearables
const wear = (id, name, sub, ref, ttc, family, desc, specs, extras) => add(id, name, 'terminaux-transportables', sub, ref, ttc, family, desc, specs, extras);
wear('zebra-wt5400', 'Ordinateur porté Zebra WT5400', 'Ordinateurs portés', 'WT5400-AEWNA0GNNAA-EU', 1490, 'wearable',
  'Ordinateur porté au poignet pour la préparation de commandes mains libres, associé à un lecteur bague ou à un casque.',
  [['Écran', '3,2 pouces tactile'], ['Système', 'Android 11'], ['Réseau', 'Wi-Fi 6, Bluetooth 5.1'], ['Protection', 'IP65']]);
wear('zebra-wt6400', 'Ordinateur porté Zebra WT6400', 'Ordinateurs portés', 'WT6400-AEWNA0GNNAA-EU', 1890, 'wearable',
  'Ordinateur porté pour les cadences élevées et le travail au froid, compatible avec les lecteurs bagues RS5100 et RS6100.',
  [['Écran', '3,2 pouces tactile'], ['Système', 'Android 11'], ['Réseau', 'Wi-Fi 6, Bluetooth 5.1'], ['Protection', 'IP65, -30 °C']]);
wear('zebra-rs5100', 'Lecteur bague Zebra RS5100', 'Lecteurs bagues', 'RS51B0-TBSNWR', 549, 'wearable',
  'Lecteur bague Bluetooth porté sur un doigt ou au dos de la main, pour lire les codes 1D et 2D sans poser le colis.',
  [['Lecture', 'Imageur 2D SE4770'], ['Connexion', 'Bluetooth 5.0'], ['Autonomie', 'Plus de 15 000 lectures'], ['Protection', 'IP54']]);
wear('zebra-rs6100', 'Lecteur bague Zebra RS6100', 'Lecteurs bagues', 'RS61B0-TGSNWR', 749, 'wearable',
  'Lecteur bague haut de gamme avec écran et capteur de mouvement, lecture de près comme de loin.',
  [['Lecture', 'Imageur 2D SE4770'], ['Connexion', 'Bluetooth 5.0, NFC'], ['Autonomie', 'Plus de 15 000 lectures'], ['Protection', 'IP65']],
  { badge: 'Pro' });
wear('zebra-hs3100', 'Casque vocal Zebra HS3100', 'Casques vocaux', 'HS3100-OTH', 429, 'wearable',
  'Casque Bluetooth durci pour la préparation vocale, avec microphone antibruit et batterie remplaçable à chaud.',
  [['Connexion', 'Bluetooth'], ['Microphone', 'Antibruit'], ['Batterie', 'Remplaçable à chaud'], ['Protection', 'IP67']]);

// Economy scanners (one range each at least)
const eco = (id, name, range, ref, ttc, family, desc, tech, link, extras) =>
  add(id, name, 'lecteurs-economiques', range, ref, ttc, family, desc,
    [['Technologie', tech], ['Connexion', link], ['Codes lus', tech.includes('2D') ? '1D, 2D, codes sur écran' : '1D'], ['Garantie', tech.includes('laser') ? '3 ans constructeur' : '5 ans constructeur']], extras);
eco('zebra-ls1203-usb', 'Lecteur Zebra LS1203 USB', 'LS1203', 'LS1203-7AZU0100ZR', 79, 'scanner-handheld',
  'Lecteur laser 1D simple et robuste pour les petits commerces : branchez-le et scannez, sans configuration.',
  'Laser 1D', 'USB');
eco('zebra-ls2208-usb', 'Lecteur Zebra LS2208 USB noir', 'LS2208', 'LS2208-SR20007R-UR', 119, 'scanner-handheld',
  'Le lecteur laser 1D le plus utilisé en caisse : ergonomique, endurant et livré avec son câble USB.',
  'Laser 1D', 'USB', { badge: 'Meilleure vente' });
eco('zebra-ls2208-kit-socle', 'Lecteur Zebra LS2208 avec socle', 'LS2208', 'LS2208-SR20001R-UR-STAND', 149, 'scanner-handheld',
  'Le LS2208 livré avec son socle mains libres pour encaisser les petits articles sans prendre le lecteur.',
  'Laser 1D', 'USB');
eco('zebra-li2208-usb', 'Lecteur Zebra LI2208 USB', 'LI2208', 'LI2208-SR7U2100SGW', 139, 'scanner-handheld',
  'Imageur linéaire qui lit les codes-barres abîmés, mal imprimés ou sous film plastique.',
  'Imageur linéaire 1D', 'USB');
eco('zebra-ds2208-usb', 'Lecteur Zebra DS2208 USB', 'DS2208', 'DS2208-SR7U2100AZW', 159, 'scanner-handheld',
  'Imageur 2D filaire pour lire les QR codes, les coupons et les cartes de fidélité sur écran de smartphone.',
  'Imageur 2D', 'USB', { oldPrice: 149 });
eco('zebra-ds2278-bt', 'Lecteur sans fil Zebra DS2278', 'DS2278', 'DS2278-SR7U2100PRW', 269, 'scanner-cordless',
  'Imageur 2D Bluetooth avec socle de charge, pour scanner les articles lourds jusqu’à 100 m du poste.',
  'Imageur 2D', 'Bluetooth, socle USB');
eco('zebra-li4278-bt', 'Lecteur sans fil Zebra LI4278', 'LI4278', 'LI4278-TRBU0100ZWR', 299, 'scanner-cordless',
  'Imageur linéaire sans fil à grande portée de lecture, pour les caisses et les réserves.',
  'Imageur linéaire 1D', 'Bluetooth, socle USB');
eco('zebra-ds4308-usb', 'Lecteur Zebra DS4308 USB', 'DS4308', 'DS4308-SR7U2100AZE', 249, 'scanner-handheld',
  'Imageur 2D haute performance pour la vente et la production légère, lecture des codes DPM en option.',
  'Imageur 2D', 'USB');
eco('zebra-ds4308-hc', 'Lecteur Zebra DS4308 santé', 'DS4308', 'DS4308-HC0000BZZWW', 289, 'scanner-handheld',
  'Version santé du DS4308 au boîtier désinfectable, pour les pharmacies, les laboratoires et les cliniques.',
  'Imageur 2D', 'USB');
eco('zebra-ds8108-usb', 'Lecteur Zebra DS8108 USB', 'DS8108', 'DS8108-SR00006ZZWW', 329, 'scanner-handheld',
  'Imageur 2D haut de gamme pour la grande distribution : lecture instantanée de tous les codes, même abîmés.',
  'Imageur 2D', 'USB');
eco('zebra-ds8178-bt', 'Lecteur sans fil Zebra DS8178', 'DS8178', 'DS8178-SR7U2100SFW', 449, 'scanner-cordless',
  'Imageur 2D sans fil avec batterie PowerPrecision+ et socle de présentation, pour les caisses très fréquentées.',
  'Imageur 2D', 'Bluetooth, socle USB', { inStock: false });
eco('zebra-ds4608-usb', 'Lecteur Zebra DS4608 USB', 'DS4608', 'DS4608-SR7U2100AZW', 219, 'scanner-handheld',
  'Imageur 2D polyvalent pour le commerce et la logistique légère, avec une grande tolérance aux mouvements.',
  'Imageur 2D', 'USB');

// Industrial scanners (309 € to 959 € TTC)
const ind = (id, name, range, ref, ttc, desc, tech, link, reach, extras) =>
  add(id, name, 'lecteurs-industriels', range, ref, ttc, 'scanner-rugged', desc,
    [['Technologie', tech], ['Connexion', link], ['Portée de lecture', reach], ['Résistance', 'IP65 et IP68, chutes de 3 m sur béton'], ['Garantie', '3 ans constructeur']], extras);
ind('zebra-li3608-sr', 'Lecteur industriel Zebra LI3608-SR', 'LI3608', 'LI3608-SR3U4600VZW', 309,
  'Imageur linéaire filaire ultra-robuste pour la production et l’entrepôt, qui résiste aux chutes, à la poussière et au lavage.',
  'Imageur linéaire 1D', 'USB', 'Jusqu’à 76 cm');
ind('zebra-li3678-sr', 'Lecteur industriel sans fil Zebra LI3678-SR', 'LI3678', 'LI3678-SR3U4212VZW', 549,
  'Imageur linéaire sans fil ultra-robuste avec socle de charge, pour circuler librement sur les quais.',
  'Imageur linéaire 1D', 'Bluetooth, socle USB', 'Jusqu’à 76 cm');
ind('zebra-ds3608-sr', 'Lecteur industriel Zebra DS3608-SR', 'DS3608', 'DS3608-SR3U4602ZVW', 459,
  'Imageur 2D filaire ultra-robuste pour lire les codes 1D et 2D sur les cartons, les pièces et les écrans.',
  'Imageur 2D', 'USB', 'Jusqu’à 1 m', { badge: 'Robuste' });
ind('zebra-ds3608-er', 'Lecteur industriel Zebra DS3608-ER longue portée', 'DS3608', 'DS3608-ER3U4602ZVW', 689,
  'Imageur 2D longue portée pour lire les étiquettes des rayonnages hauts sans quitter le chariot.',
  'Imageur 2D longue portée', 'USB', 'De 7,6 cm à 21,4 m');
ind('zebra-ds3678-sr', 'Lecteur industriel sans fil Zebra DS3678-SR', 'DS3678', 'DS3678-SR3U4212SGW', 749,
  'Imageur 2D sans fil ultra-robuste avec batterie PowerPrecision+, conçu pour une équipe complète.',
  'Imageur 2D', 'Bluetooth, socle USB', 'Jusqu’à 1 m');
ind('zebra-ds3678-er', 'Lecteur industriel sans fil Zebra DS3678-ER', 'DS3678', 'DS3678-ER3U42A0SFW', 959,
  'Le lecteur sans fil longue portée de l’entrepôt, du pied du rayonnage jusqu’au dernier niveau.',
  'Imageur 2D longue portée', 'Bluetooth, socle USB', 'De 7,6 cm à 21,4 m');

// Point-of-sale scanners
const pdv = (id, name, sub, ref, ttc, desc, specs, extras) => add(id, name, 'lecteur-pdv', sub, ref, ttc, 'scanner-presentation', desc, specs, extras);
pdv('zebra-ds9308', 'Lecteur de présentation Zebra DS9308', 'Lecteurs de présentation', 'DS9308-SR4U2100AZE', 249,
  'Lecteur de présentation compact pour les comptoirs étroits : codes-barres, QR codes et coupons sur écran, sans viser.',
  [['Technologie', 'Imageur 2D'], ['Connexion', 'USB'], ['Montage', 'Comptoir, socle orientable'], ['Garantie', '5 ans constructeur']]);
pdv('zebra-ds9908', 'Lecteur mains libres Zebra DS9908', 'Lecteurs de présentation', 'DS9908-SR00004ZZWW', 389,
  'Lecteur hybride mains libres et portable pour les caisses de proximité, avec option de lecture RFID.',
  [['Technologie', 'Imageur 2D'], ['Connexion', 'USB'], ['Montage', 'Comptoir, utilisation portable'], ['Garantie', '5 ans constructeur']],
  { badge: 'Meilleure vente' });
pdv('zebra-ds7708', 'Lecteur de présentation Zebra DS7708', 'Lecteurs de présentation', 'DS7708-SR4U2100ZCE', 469,
  'Lecteur multiplan pour les caisses à fort débit : le caissier fait glisser l’article, la lecture est immédiate.',
  [['Technologie', 'Imageur 2D multiplan'], ['Connexion', 'USB, RS-232'], ['Montage', 'Comptoir ou encastré'], ['Garantie', '3 ans constructeur']]);
pdv('zebra-mp7000', 'Lecteur-balance encastrable Zebra MP7000', 'Lecteurs-balances', 'MP7000-MNS0M00EU', 2490,
  'Lecteur-balance encastrable bi-optique pour la grande distribution, homologué pour la pesée des fruits et légumes.',
  [['Technologie', 'Imageur 2D bi-optique'], ['Pesée', 'Balance homologuée 15 kg'], ['Connexion', 'USB, RS-232'], ['Garantie', '3 ans constructeur']],
  { inStock: false });
pdv('zebra-ds9908r', 'Lecteur Zebra DS9908R avec RFID', 'Lecteurs de présentation', 'DS9908-HD00004ZZWW-R', 729,
  'Lecteur de présentation qui lit les codes-barres et les étiquettes RFID, pour encaisser et désactiver en un geste.',
  [['Technologie', 'Imageur 2D et RFID UHF'], ['Connexion', 'USB'], ['Montage', 'Comptoir'], ['Garantie', '3 ans constructeur']]);

// Badge printers
const zc = (id, name, sub, ref, ttc, desc, sides, extras) =>
  add(id, name, 'imprimante-badge', sub, ref, ttc, 'badge-printer', desc,
    [['Impression', sides], ['Technologie', 'Sublimation thermique'], ['Résolution', '300 dpi'], ['Capacité', 'Chargeur 100 cartes'], ['Connectivité', 'USB, Ethernet']], extras);
zc('zebra-zc100', 'Imprimante à badges Zebra ZC100', 'Impression recto', 'ZC11-0000000EM00', 899,
  'Imprimante à badges compacte pour les cartes d’adhérent, de fidélité et d’accès, simple à utiliser au quotidien.',
  'Recto, couleur ou monochrome');
zc('zebra-zc300-recto', 'Imprimante à badges Zebra ZC300 recto', 'Impression recto', 'ZC31-000C000EM00', 1290,
  'Imprimante de cartes au design compact, chargement des rubans en un geste et détection automatique des consommables.',
  'Recto, couleur ou monochrome', { badge: 'Meilleure vente' });
zc('zebra-zc300-recto-verso', 'Imprimante à badges Zebra ZC300 recto verso', 'Impression recto verso', 'ZC32-000C000EM00', 1590,
  'Impression recto verso automatique pour les badges d’entreprise avec photo au recto et consignes au verso.',
  'Recto verso automatique');
zc('zebra-zc350', 'Imprimante à badges Zebra ZC350 recto verso', 'Impression recto verso', 'ZC35-000C000EM00', 1990,
  'Imprimante de cartes rapide avec encodage magnétique et sans contact en option, pour les badges d’accès sécurisés.',
  'Recto verso, effets spéciaux');
zc('zebra-zc10l', 'Imprimante grand format Zebra ZC10L', 'Grand format', 'ZC10L-000C0000EM00', 3690,
  'Imprimante de badges grand format pour les accréditations d’événements, les billets et la signalétique, bord à bord.',
  'Recto, grand format 89 × 140 mm');

// Badges
const card = (id, name, sub, ref, ttc, desc, specs, extras) => add(id, name, 'badges', sub, ref, ttc, 'badge-card', desc, specs, extras);
card('cartes-pvc-blanches-500', 'Cartes PVC blanches 0,76 mm (500)', 'Cartes PVC', '104523-111', 69,
  'Cartes PVC vierges au format carte bancaire, pour badges d’employés et cartes de fidélité imprimés en couleur.',
  [['Format', 'CR80, 85,6 × 54 mm'], ['Épaisseur', '0,76 mm'], ['Quantité', '500 cartes'], ['Matière', 'PVC']]);
card('cartes-composites-500', 'Cartes composites PVC/PET (500)', 'Cartes PVC', '104523-112', 99,
  'Cartes composites plus résistantes à la chaleur et à la flexion, recommandées pour la lamination et les badges durables.',
  [['Format', 'CR80, 85,6 × 54 mm'], ['Épaisseur', '0,76 mm'], ['Quantité', '500 cartes'], ['Matière', '60 % PVC, 40 % PET']]);
card('cartes-piste-magnetique-500', 'Cartes PVC à piste magnétique HiCo (500)', 'Cartes techniques', '104524-101', 119,
  'Cartes PVC avec piste magnétique haute coercivité pour les contrôles d’accès et les cartes de paiement privatives.',
  [['Format', 'CR80, 85,6 × 54 mm'], ['Épaisseur', '0,76 mm'], ['Quantité', '500 cartes'], ['Piste', 'Magnétique HiCo']]);
card('cartes-mifare-1k-100', 'Cartes sans contact MIFARE Classic 1K (100)', 'Cartes à puce', '104524-810', 149,
  'Cartes sans contact imprimables pour le contrôle d’accès, la restauration collective et la gestion du temps.',
  [['Format', 'CR80, 85,6 × 54 mm'], ['Puce', 'MIFARE Classic 1K, 13,56 MHz'], ['Quantité', '100 cartes'], ['Matière', 'PVC']],
  { badge: 'Sécurisé' });
card('cartes-proximite-125khz-100', 'Cartes de proximité 125 kHz (100)', 'Cartes à puce', '104524-820', 129,
  'Cartes de proximité imprimables compatibles avec la plupart des lecteurs de contrôle d’accès 125 kHz.',
  [['Format', 'CR80, 85,6 × 54 mm'], ['Puce', 'EM4200, 125 kHz'], ['Quantité', '100 cartes'], ['Matière', 'PVC']]);
card('cartes-adhesives-500', 'Cartes PVC adhésives (500)', 'Cartes techniques', '104523-113', 89,
  'Cartes fines à dos adhésif pour personnaliser une carte existante ou étiqueter un équipement.',
  [['Format', 'CR80, 85,6 × 54 mm'], ['Épaisseur', '0,25 mm'], ['Quantité', '500 cartes'], ['Matière', 'PVC adhésif']]);

// Badge printer ribbons
const zcRibbon = (id, name, sub, ref, ttc, desc, panels, yieldCount, extras) =>
  add(id, name, 'ruban-badgeuse', sub, ref, ttc, 'badge-ribbon', desc,
    [['Panneaux', panels], ['Rendement', yieldCount], ['Compatibilité', 'Imprimantes ZC100, ZC300, ZC350'], ['Reconnaissance', 'Puce d’identification automatique']], extras);
zcRibbon('ruban-zc-ymcko', 'Ruban couleur YMCKO pour ZC', 'Rubans couleur', '800300-350EM', 89,
  'Ruban couleur d’origine pour imprimer photos et logos au recto, avec un panneau noir pour les textes et un vernis de protection.',
  'YMCKO', '300 faces');
zcRibbon('ruban-zc-ymckok', 'Ruban couleur YMCKOK recto verso pour ZC', 'Rubans couleur', '800300-550EM', 109,
  'Ruban pour imprimer en couleur au recto et en noir au verso en un seul passage.', 'YMCKOK', '200 cartes recto verso');
zcRibbon('ruban-zc-ymcko-demi', 'Ruban couleur demi-panneau YMCKO pour ZC', 'Rubans couleur', '800300-352EM', 79,
  'Ruban couleur demi-panneau, plus économique pour les badges dont seule une partie est en couleur.', 'YMCKO demi-panneau', '400 faces',
  { oldPrice: 69 });
zcRibbon('ruban-zc-noir', 'Ruban monochrome noir pour ZC', 'Rubans monochromes', '800300-301EM', 39,
  'Ruban monochrome noir pour les badges de visiteurs, les cartes de membre et les textes très nets.', 'Noir', '2 000 faces');
zcRibbon('ruban-zc-blanc', 'Ruban monochrome blanc pour ZC', 'Rubans monochromes', '800300-309EM', 49,
  'Ruban blanc pour imprimer sur des cartes de couleur foncée, pour des badges élégants et contrastés.', 'Blanc', '1 500 faces');

// Accessories
const acc = (id, name, sub, ref, ttc, family, desc, specs, extras) => add(id, name, 'accessoires', sub, ref, ttc, family, desc, specs, extras);
acc('support-intellistand-ls2208', 'Support mains libres Intellistand', 'Supports', '20-71043-04R', 29, 'stand',
  'Support de comptoir pour utiliser le lecteur LS2208 en mode présentation, sans le tenir.',
  [['Compatibilité', 'LS2208, LI2208'], ['Fixation', 'Comptoir, vis ou adhésif'], ['Couleur', 'Noir']]);
acc('support-ds2208-gooseneck', 'Support flexible pour DS2208', 'Supports', 'STND-GS00-001', 39, 'stand',
  'Support à col de cygne orientable pour positionner le lecteur DS2208 au-dessus du comptoir.',
  [['Compatibilité', 'DS2208, DS4608'], ['Fixation', 'Comptoir'], ['Couleur', 'Noir']]);
acc('support-tablette-et4x', 'Support de véhicule pour ET4x', 'Supports', 'MNT-ET4X-VHCL1-01', 149, 'stand',
  'Support de véhicule verrouillable pour les tablettes ET40 et ET45, pour les chariots élévateurs et les utilitaires.',
  [['Compatibilité', 'ET40, ET45 10 pouces'], ['Fixation', 'Montage RAM, verrouillable'], ['Couleur', 'Noir']]);
acc('cable-usb-lecteur', 'Câble USB droit 2 m pour lecteur', 'Câbles', 'CBA-U01-S07ZAR', 25, 'cable',
  'Câble USB de remplacement pour les lecteurs LS, LI et DS, connecteur droit et longueur de 2 m.',
  [['Longueur', '2 m'], ['Connecteur', 'USB-A, droit'], ['Compatibilité', 'LS2208, LI2208, DS2208, DS4608']]);
acc('cable-usb-spirale', 'Câble USB spiralé 2,7 m pour lecteur', 'Câbles', 'CBA-U12-C09ZAR', 35, 'cable',
  'Câble USB spiralé qui suit les mouvements du caissier sans encombrer le comptoir.',
  [['Longueur', '2,7 m étiré'], ['Connecteur', 'USB-A, spiralé'], ['Compatibilité', 'LS2208, LI2208, DS2208, DS4608']]);
acc('cable-rs232-lecteur', 'Câble RS-232 pour lecteur', 'Câbles', 'CBA-R01-S07PAR', 39, 'cable',
  'Câble série pour relier un lecteur aux systèmes d’encaissement anciens, alimentation séparée.',
  [['Longueur', '2 m'], ['Connecteur', 'DB9 femelle'], ['Compatibilité', 'LS2208, DS2208, DS4308']]);
acc('alimentation-zd4', 'Alimentation pour imprimantes ZD', 'Alimentations', 'P1080383-227', 59, 'power-supply',
  'Bloc d’alimentation d’origine pour les imprimantes de bureau ZD421, ZD621 et ZD230, avec cordon secteur européen.',
  [['Puissance', '60 W'], ['Cordon', 'Secteur européen'], ['Compatibilité', 'ZD220, ZD230, ZD421, ZD621']]);
acc('alimentation-socle-tc', 'Alimentation pour socles de charge TC', 'Alimentations', 'PWR-BGA12V108W0WW', 79, 'power-supply',
  'Alimentation 12 V pour les socles de charge multiples des terminaux TC22, TC53e et TC73.',
  [['Puissance', '108 W'], ['Tension', '12 V'], ['Compatibilité', 'Socles TC2x, TC5x, TC7x']]);
acc('socle-charge-tc22-5', 'Socle de charge 5 emplacements TC22', 'Socles de charge', 'CRD-TC2L-SE5C1-01', 389, 'cradle',
  'Socle de charge pour cinq terminaux TC22 ou TC27, pour recharger toute une équipe pendant la nuit.',
  [['Emplacements', '5 terminaux'], ['Compatibilité', 'TC22, TC27'], ['Alimentation', 'Vendue séparément']]);
acc('socle-charge-tc53e', 'Socle de charge simple TC53e', 'Socles de charge', 'CRD-TC5X-1SCU-01', 119, 'cradle',
  'Socle de charge et de communication USB pour un terminal TC53e ou TC58e et sa batterie de rechange.',
  [['Emplacements', '1 terminal + 1 batterie'], ['Compatibilité', 'TC53e, TC58e'], ['Connexion', 'USB-C']]);
acc('batterie-tc22', 'Batterie de rechange TC22', 'Batteries', 'BTRY-TC2L-2XMAXX-01', 59, 'power-supply',
  'Batterie d’origine 3 800 mAh pour les terminaux TC22 et TC27, avec indicateur de santé PowerPrecision.',
  [['Capacité', '3 800 mAh'], ['Compatibilité', 'TC22, TC27'], ['Technologie', 'Lithium-ion PowerPrecision']]);
acc('batterie-mc9400', 'Batterie de rechange MC9400', 'Batteries', 'BTRY-MC93-70MA-01', 99, 'power-supply',
  'Batterie longue durée 7 000 mAh remplaçable à chaud pour le terminal MC9400.',
  [['Capacité', '7 000 mAh'], ['Compatibilité', 'MC9300, MC9400'], ['Technologie', 'Lithium-ion PowerPrecision+']],
  { badge: 'Indispensable' });

// ---------------------------------------------------------------------------------------------------

let output = products;
const count = values.count ? Number(values.count) : undefined;
if (count) {
  // Benchmark catalogue: the real products repeated with unique ids and references.
  output = Array.from({ length: count }, (_, i) => {
    const base = products[i % products.length];
    if (i < products.length) return base;
    const n = Math.floor(i / products.length);
    const reference = `${base.reference}-B${n}`;
    return {
      ...base,
      id: `${base.id}-b${n}`,
      name: `${base.name} (lot ${n})`,
      reference,
      specifications: [{ label: 'Référence constructeur', value: reference }, ...base.specifications.slice(1)],
    };
  });
}

mkdirSync(outDir, { recursive: true });
const write = (name, data) => writeFileSync(join(outDir, name), JSON.stringify(data, null, 2) + '\n');
write('products.json', output);
write('categories.json', categories);
write('ranges.json', ranges);
console.log(`${output.length} produits, ${categories.length} catégories, ${ranges.length} gammes → ${outDir}`);
