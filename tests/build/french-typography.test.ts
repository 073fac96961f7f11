/**
 * French typography everywhere the site writes French: no ordinary space (nor line break) before « : ; ! ? »
 * nor inside « », over every built page (visible text, no-script content, human attributes, title and
 * descriptions), the texts the browser writes itself (islands and client scripts, read in their source),
 * every e-mail the functions build (the real builders, sample data) and the text of a devis PDF (read with
 * unpdf). The detector is tested first: fed a bad sample, it must fail.
 *
 * The built pages are read from dist/ (`npm test` builds before it runs Vitest); without a build, this
 * test builds the site first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, test } from 'vitest';
import { builtPages, distDir } from '../helpers/built-site';
import { browserSources, pageFaults, sourceFaults, spacingFaults } from '../helpers/french-spacing';
import { buildAcknowledgement, buildNotification, type QuoteDetails } from '../../netlify/lib/mail/mail';
import { answerMails, devisMail } from '../../netlify/lib/devis/devis-mail';
import { renderDevisPdf } from '../../netlify/lib/devis/devis-pdf';
import { signInLinkMail } from '../../netlify/lib/customers/sign-in-mail';
import { newDraft, type DevisVersion } from '../../src/features/devis/devis';
import type { ContactRequest } from '../../src/features/contact/request';
import { orderTotals } from '../../src/features/cart/totals';
import { frenchTypography } from '../../src/lib/typography';
import { typesetPage } from '../../src/lib/typeset-page';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const srcDir = join(repo, 'src');

/** The pages' text with the two no-break spaces made visible, to read a failure. */
const shown = (text: string) => text.replace(/\u00a0/g, '⍽').replace(/\u202f/g, '·');

describe('the detector', () => {
  test('finds an ordinary space or a line break before « : ; ! ? » and inside « »', () => {
    expect(spacingFaults('Téléphone : 0596')).toHaveLength(1);
    expect(spacingFaults('Bonjour ! Ça va ? Oui ; merci')).toHaveLength(3);
    expect(spacingFaults('« par e-mail »\n: rappelez-la')).toHaveLength(3);
    expect(spacingFaults('Téléphone\u00a0: 0596, «\u00a0oui\u00a0», ça va\u202f? https://a.fr/?q=1 10:30')).toEqual([]);
  });

  test('finds an ordinary space after « n° » and before a « · » separator', () => {
    expect(spacingFaults('Caisse (n° 4521) · Fort-de-France')).toHaveLength(2);
    expect(spacingFaults('N° de série\nSN-1')).toHaveLength(1);
    expect(spacingFaults('Caisse (n°\u00a04521)\u00a0· Fort-de-France, un° 3')).toEqual([]);
  });

  test('reads a page’s visible text, its no-script content and human attributes, not its code', () => {
    expect(pageFaults('<body><p>Téléphone <strong>x</strong> : 0596</p></body>')).toHaveLength(1);
    expect(pageFaults('<body><noscript><p>Activez JavaScript !</p></noscript></body>')).toHaveLength(1);
    expect(pageFaults('<body><img alt="Question ?" src="a.png"><a href="/" aria-label="Accueil : retour">A</a></body>')).toHaveLength(2);
    expect(pageFaults('<head><meta name="description" content="Devis : en ligne"></head><body></body>')).toHaveLength(1);
    expect(pageFaults('<body><code>a ? b : c</code><pre>x : y</pre><script>a ? b : c</script></body>')).toEqual([]);
  });

  test('reads the strings, templates and JSX texts of a source file, not its code', () => {
    expect(sourceFaults('a.tsx', 'const a = <p>Vider le panier ?</p>;')).toHaveLength(1);
    expect(sourceFaults('a.ts', "const a = 'Référence : ' + b;")).toHaveLength(1);
    expect(sourceFaults('a.ts', 'const a = `Total : ${b}`;')).toHaveLength(1);
    expect(sourceFaults('a.ts', "const a = b ? c : d; console.log('dev : english');")).toEqual([]);
    // A JSX attribute takes no escape: « \u202f » there would be shown as is.
    expect(sourceFaults('a.tsx', 'const a = <dialog title="Supprimer\\u202f?" />;')).toHaveLength(1);
    expect(sourceFaults('a.tsx', 'const a = <dialog title="Supprimer&#8239;?" aria-label={\'Oui\\u202f?\'} />;')).toEqual([]);
  });
});

describe('frenchTypography', () => {
  test('puts U+202F before « ; ! ? », U+00A0 before « : » and inside « »', () => {
    expect(shown(frenchTypography('Bonjour ! Ça va ? Oui ; merci : « texte »'))).toBe('Bonjour·! Ça va·? Oui·; merci⍽: «⍽texte⍽»');
    expect(shown(frenchTypography('«guillemets»'))).toBe('«⍽guillemets⍽»');
    expect(shown(frenchTypography('par e-mail »\n      : rappelez-la'))).toBe('par e-mail⍽»⍽: rappelez-la');
  });

  test('keeps « n° » with its number and a « · » separator with what it follows (U+00A0)', () => {
    expect(shown(frenchTypography('Caisse (n° 4521) · TK-2026-00012'))).toBe('Caisse (n°⍽4521)⍽· TK-2026-00012');
    expect(shown(frenchTypography('<p>N° <strong>42</strong></p>'))).toBe('<p>N°⍽<strong>42</strong></p>');
    expect(shown(frenchTypography('<p title="Réf. · n° 3">un° 3</p>'))).toBe('<p title="Réf.⍽· n°⍽3">un° 3</p>');
  });

  test('crosses inline tags and leaves markup, code, URLs, times and numbers alone', () => {
    const html =
      '<p title="Question ?" data-x="a : b">Téléphone <strong>x</strong> : <a href="https://a.fr/?q=1">https://a.fr/?q=1</a> 8h – 17h, 10:30, 4" x 2</p>' +
      '<code>a ? b : c</code><script>x = a ? b : c;</script><p>R&amp;D &lt;b&gt; &quot;x&#34;</p>';
    expect(shown(frenchTypography(html))).toBe(
      '<p title="Question·?" data-x="a : b">Téléphone <strong>x</strong>⍽: <a href="https://a.fr/?q=1">https://a.fr/?q=1</a> 8h – 17h, 10:30, 4" x 2</p>' +
        '<code>a ? b : c</code><script>x = a ? b : c;</script><p>R&amp;D &lt;b&gt; &quot;x&quot;</p>',
    );
  });

  test('a built page keeps its islands and form fields as they are', () => {
    const island = '<astro-island uid="1"><p>Vider ? <astro-island uid="2">Oui : non</astro-island> ! </p></astro-island>';
    const page = `<p>Avant : x</p>${island}<textarea>Message : texte</textarea><p>Après ! y</p>`;
    expect(shown(typesetPage(page))).toBe(`<p>Avant⍽: x</p>${island}<textarea>Message : texte</textarea><p>Après·! y</p>`);
  });
});

describe('every built page', () => {
  beforeAll(() => {
    if (existsSync(join(distDir, 'index.html'))) return;
    const build = spawnSync(process.execPath, [join(repo, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: repo,
      env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('astro build failed');
  }, 300_000);

  test('has no ordinary space before « : ; ! ? » nor inside « » in what it shows', () => {
    const pages = builtPages();
    expect(pages.length).toBeGreaterThan(100);
    const faults = pages.flatMap((page) => pageFaults(page.html).map((fault) => `${page.path}: ${fault}`));
    expect(faults).toEqual([]);
  });
});

test('the texts the browser writes (islands and client scripts) carry their no-break spaces in their source', () => {
  // The editors' CMS (src/features/cms) is Decap's configuration, out of this check for now.
  const sources = browserSources(srcDir, ['features/cms']);
  expect(sources.some(({ file }) => file.endsWith('CartContents.tsx'))).toBe(true);
  const faults = sources.flatMap(({ file, source }) => sourceFaults(file.replace(/\.astro$/, '.astro.ts'), source).map((fault) => `${file.slice(srcDir.length + 1)}: ${fault}`));
  expect(faults).toEqual([]);
});

/** A request as the functions store it; the visitor typed French with ordinary spaces. */
function sampleRequest(kind: 'contact' | 'devis'): ContactRequest {
  return {
    id: 'req-1',
    reference: kind === 'devis' ? 'DV-2026-00042' : 'CT-2026-00117',
    kind,
    name: 'Marie-Josée Lucien',
    email: 'mj.lucien@exemple.fr',
    phone: '0596 12 34 56',
    company: 'Supérette du Bourg',
    subject: kind === 'devis' ? 'Demande de devis depuis la boutique en ligne' : 'Monétique',
    delai: 'Dès que possible',
    message: 'Bonjour ! Deux questions : les délais ? Le « Bon pour accord » ; merci.',
    clientCode: 'C-0042',
    territory: kind === 'devis' ? 'martinique' : '',
    statut: 'nouveau',
    created_at: '2026-11-23T14:00:00.000Z',
    updated_at: '2026-11-23T14:00:00.000Z',
    mail_status: 'en_attente',
    notes: [],
    history: [],
  } as ContactRequest;
}

const quote: QuoteDetails = (() => {
  const lines = [{ id: 'zebra-zd421d', code: 'AR00001', name: 'Imprimante Zebra ZD421d', reference: 'ZD4A042-D0EM00EZ', quantity: 2, unitPriceHTCents: 49917, totalHTCents: 99834 }];
  return { lines, totals: orderTotals(lines.map((line) => ({ unitHTCents: line.unitPriceHTCents, quantity: line.quantity })), 'martinique') };
})();

function sampleVersion(answer?: DevisVersion['answer']): DevisVersion {
  return {
    version: 2,
    number: 'DV-2026-00042-2',
    draft: newDraft([{ reference: 'ZD4A042-D0EM00EZ', designation: 'Imprimante Zebra ZD421d : 203 dpi', quantity: 2, unitPriceHTCents: 49917, discountBasisPoints: 500 }], 'martinique'),
    customer: { name: 'Marie-Josée Lucien', company: 'Supérette du Bourg', email: 'mj.lucien@exemple.fr', phone: '0596 12 34 56', clientCode: 'C-0042' },
    sentAt: '2026-11-23T14:00:00.000Z',
    validUntil: '2026-12-23',
    state: answer ? (answer.decision === 'accepte' ? 'accepte' : 'refuse') : 'envoye',
    ...(answer ? { answer } : {}),
  } as DevisVersion;
}

/** The customers' sign-in link e-mail, asked on the sign-in page and sent by staff as an invitation. */
function customerLinkMails(env: Record<string, string>) {
  const person = { id: 'p-1', name: 'Marie-Josée Lucien', email: 'mj.lucien@exemple.fr', phone: '0596 12 34 56', createdAt: '2026-11-23T14:00:00.000Z', lastSignInAt: null };
  const company = { id: 'c-1', name: 'Supérette du Bourg', clientCode: 'C-0042', territory: 'martinique' as const, shops: [], contractEndsOn: null, people: [person], equipment: [], createdAt: '2026-11-23T14:00:00.000Z', updatedAt: '2026-11-23T14:00:00.000Z' };
  const link = { company, person, token: 'x'.repeat(43), expiresAt: '2026-11-23T14:15:00.000Z', address: 'https://www.vision-caraibes.fr' };
  return {
    'lien de connexion (client)': signInLinkMail({ ...link, purpose: 'connexion' }, env),
    'invitation (client)': signInLinkMail({ ...link, purpose: 'invitation', invitedBy: 'Paul Joseph' }, env),
  };
}

/** Every text of an e-mail a reader sees: subject, text body, HTML body's visible text. */
const mailFaults = (name: string, mail: { subject: string; textBody: string; htmlBody: string }) =>
  [...spacingFaults(mail.subject), ...spacingFaults(mail.textBody), ...pageFaults(mail.htmlBody)].map((fault) => `${name}: ${fault}`);

test('every e-mail is written in French typography', () => {
  const env = { SITE_URL: 'https://www.vision-caraibes.fr' };
  const pdf = Buffer.from('%PDF-1.7');
  const accepted = answerMails(sampleVersion({ decision: 'accepte', name: 'Marie-Josée Lucien', role: 'Gérante : achats', at: '2026-11-24T15:00:00.000Z' }), 'req-1', env);
  const refused = answerMails(sampleVersion({ decision: 'refuse', reason: 'Trop cher ! Revoir le prix ?', at: '2026-11-24T15:00:00.000Z' }), 'req-1', env);
  const mails = {
    'notification (contact)': buildNotification(sampleRequest('contact'), undefined, env),
    'accusé (contact)': buildAcknowledgement(sampleRequest('contact'), undefined, env),
    'notification (devis)': buildNotification(sampleRequest('devis'), quote, env),
    'accusé (devis)': buildAcknowledgement(sampleRequest('devis'), quote, env),
    devis: devisMail(sampleVersion(), 'https://www.vision-caraibes.fr/devis/abc?x=1', pdf, env),
    'acceptation (client)': accepted.customer,
    'acceptation (entreprise)': accepted.company,
    'refus (client)': refused.customer,
    'refus (entreprise)': refused.company,
    ...customerLinkMails(env),
  };
  // The samples hold what the rule is about, so the check cannot pass on texts without any mark.
  expect(Object.values(mails).every((mail) => /[:;!?«]/.test(mail.textBody))).toBe(true);
  expect(Object.entries(mails).flatMap(([name, mail]) => mailFaults(name, mail))).toEqual([]);
});

/**
 * The text a PDF writes, glyph by glyph, one line per text run: pdf.js's own text extraction (unpdf's
 * `extractText`) turns every white space, the no-break ones included, into U+0020, so this reads the
 * characters each `showText` operation draws, as the font's ToUnicode map names them.
 */
async function pdfGlyphText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const runs: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const { argsArray } = await (await document.getPage(number)).getOperatorList();
    for (const args of argsArray as unknown[][]) {
      const glyphs = args?.[0];
      if (!Array.isArray(glyphs)) continue;
      const run = glyphs.map((glyph: unknown) => (glyph && typeof glyph === 'object' && 'unicode' in glyph ? String(glyph.unicode) : '')).join('');
      if (run) runs.push(run);
    }
  }
  return runs.join('\n');
}

test('the devis PDF’s text is written in French typography', async () => {
  const pdf = await renderDevisPdf(sampleVersion({ decision: 'accepte', name: 'Marie-Josée Lucien', role: 'Gérante', at: '2026-11-24T15:00:00.000Z' }));
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  expect(text).toMatch(/Bon pour accord/);
  const glyphText = await pdfGlyphText(pdf);
  // The reading sees the no-break spaces: « Date : » is drawn with U+00A0.
  expect(glyphText).toMatch(/Date\u00a0: /);
  expect(spacingFaults(glyphText).map(shown)).toEqual([]);
  // The detector reads the same way: a PDF written without typography fails.
  expect(spacingFaults('Date : 23/11/2026\nmention « Bon pour accord »')).toHaveLength(3);
});
