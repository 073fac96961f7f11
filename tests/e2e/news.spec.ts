import { expect, test, type Page } from '@playwright/test';

const titles = {
  recruitment: 'Vision Caraïbes recrute un technicien polyvalent (H/F)',
  shelfLabels: 'Intégration d’une nouvelle solution partenaire d’étiquettes électroniques',
  martinique: 'Retrouvez-nous au salon des professionnels du commerce de Martinique',
  guadeloupe: 'Vision Caraïbes au salon de la logistique et de la distribution en Guadeloupe',
};
const EMPTY = 'Aucune actualité ne correspond à votre recherche.';

const cards = (page: Page) => page.getByRole('list', { name: 'Actualités' }).getByRole('listitem');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 2 });
const categoryButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filtrer par catégorie' }).getByRole('button', { name, exact: true });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher une actualité' });

test.describe('the news list', () => {
  test('shows the four articles newest first, with category, French date, image and excerpt', async ({ page }) => {
    await page.goto('/actualites');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos actualités');
    await expect(cardTitles(page)).toHaveText([titles.recruitment, titles.shelfLabels, titles.martinique, titles.guadeloupe]);
    const first = cards(page).first();
    await expect(first.getByText('Recrutement', { exact: true })).toBeVisible();
    await expect(first.locator('time')).toHaveText('11 avril 2019');
    await expect(first.locator('time')).toHaveAttribute('datetime', '2019-04-11');
    await expect(first.getByRole('img')).toHaveAttribute('alt', /technicien/);
    await expect(first).toContainText('CDD de 4 mois, pouvant évoluer en CDI');
    await expect(cards(page).nth(1).locator('time')).toHaveText('25 février 2019');
    await expect(page.getByRole('status')).toContainText('4 actualités');
  });

  test('every image is loaded and reserves its space', async ({ page }) => {
    await page.goto('/actualites');
    for (const image of await page.getByRole('main').getByRole('img').all()) {
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveAttribute('width', '1200');
      await expect(image).toHaveAttribute('height', '675');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
  });

  test('only the recruitment post has « Lire la suite », to /actualites/1', async ({ page }) => {
    await page.goto('/actualites');
    const more = page.getByRole('link', { name: 'Lire la suite' });
    await expect(more).toHaveCount(1);
    await expect(more).toHaveAttribute('href', '/actualites/1');
    await expect(cards(page).first().getByRole('link', { name: 'Lire la suite' })).toBeVisible();
    await more.click();
    await expect(page).toHaveURL(/\/actualites\/1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.recruitment);
  });

  test('each category button shows its articles only, « Tout » shows them all', async ({ page }) => {
    await page.goto('/actualites');
    await expect(categoryButton(page, 'Tout')).toHaveAttribute('aria-pressed', 'true');

    await categoryButton(page, 'Événements').click();
    await expect(categoryButton(page, 'Événements')).toHaveAttribute('aria-pressed', 'true');
    await expect(categoryButton(page, 'Tout')).toHaveAttribute('aria-pressed', 'false');
    await expect(cardTitles(page)).toHaveText([titles.martinique, titles.guadeloupe]);
    await expect(page).toHaveURL(/\?categorie=%C3%89v%C3%A9nements$/);

    await categoryButton(page, 'Nos solutions').click();
    await expect(cardTitles(page)).toHaveText([titles.shelfLabels]);
    await expect(page.getByRole('status')).toContainText('1 actualité');

    await categoryButton(page, 'Recrutement').click();
    await expect(cardTitles(page)).toHaveText([titles.recruitment]);

    await categoryButton(page, 'Tout').click();
    await expect(cards(page)).toHaveCount(4);
    await expect(page).toHaveURL(/\/actualites$/);
  });

  test('search ignores case and accents, on title and excerpt', async ({ page }) => {
    await page.goto('/actualites');
    await search(page).fill('ETIQUETTES electroniques');
    await expect(cardTitles(page)).toHaveText([titles.shelfLabels]);

    await search(page).fill('SCHOELCHER'); // « Schœlcher », in the excerpt only
    await expect(cardTitles(page)).toHaveText([titles.martinique]);

    await search(page).fill('Salon');
    await expect(cardTitles(page)).toHaveText([titles.martinique, titles.guadeloupe]);
    await expect(page).toHaveURL(/\?q=Salon$/);

    await search(page).fill('');
    await expect(cards(page)).toHaveCount(4);
  });

  test('search combines with the category, and shows the empty message when nothing matches', async ({ page }) => {
    await page.goto('/actualites');
    await search(page).fill('salon');
    await categoryButton(page, 'Recrutement').click();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(EMPTY);
    await expect(page.getByText('0 actualité')).toBeHidden();

    await categoryButton(page, 'Événements').click();
    await expect(cardTitles(page)).toHaveText([titles.martinique, titles.guadeloupe]);
    await expect(page.getByText(EMPTY)).toBeHidden();

    await search(page).fill('imprimante 3D');
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Afficher toutes les actualités' }).click();
    await expect(cards(page)).toHaveCount(4);
    await expect(search(page)).toHaveValue('');
    await expect(categoryButton(page, 'Tout')).toHaveAttribute('aria-pressed', 'true');
  });

  test('?categorie= opens the list filtered, ignoring accents and case', async ({ page }) => {
    await page.goto('/actualites?categorie=Recrutement');
    await expect(cardTitles(page)).toHaveText([titles.recruitment]);
    await expect(categoryButton(page, 'Recrutement')).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/actualites?categorie=evenements');
    await expect(cardTitles(page)).toHaveText([titles.martinique, titles.guadeloupe]);
    await expect(categoryButton(page, 'Événements')).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/actualites?q=technicien');
    await expect(search(page)).toHaveValue('technicien');
    await expect(cardTitles(page)).toHaveText([titles.recruitment]);
  });

  test('the archives list the months derived from the dates and filter on them', async ({ page }) => {
    await page.goto('/actualites');
    const archives = page.getByRole('navigation', { name: 'Archives' });
    await expect(archives.getByRole('link')).toHaveText(['Avril 2019 (1 article)', 'Février 2019 (3 articles)']);

    await archives.getByRole('link', { name: /Février 2019/ }).click();
    await expect(page).toHaveURL(/\?mois=2019-02$/);
    await expect(cardTitles(page)).toHaveText([titles.shelfLabels, titles.martinique, titles.guadeloupe]);
    await expect(page.getByRole('status')).toContainText('3 actualités en février 2019');

    await page.goto('/actualites?mois=2019-04');
    await expect(cardTitles(page)).toHaveText([titles.recruitment]);
  });

  test('the categories sidebar links to the list filtered on each category', async ({ page }) => {
    await page.goto('/actualites');
    const categories = page.getByRole('navigation', { name: 'Catégories' });
    await expect(categories.getByRole('link')).toHaveText(['Événements (2 articles)', 'Nos solutions (1 article)', 'Recrutement (1 article)']);
    await expect(categories.getByRole('link', { name: /^Nos solutions/ })).toHaveAttribute('href', '/actualites?categorie=Nos%20solutions');

    await categories.getByRole('link', { name: /^Nos solutions/ }).click();
    await expect(cardTitles(page)).toHaveText([titles.shelfLabels]);
    await expect(categoryButton(page, 'Nos solutions')).toHaveAttribute('aria-pressed', 'true');
  });

  test('the page head links the RSS feed', async ({ page }) => {
    await page.goto('/actualites');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/actualites/rss.xml');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the four cards are in the static HTML, readable', async ({ page }) => {
    await page.goto('/actualites?categorie=Recrutement');
    await expect(cardTitles(page)).toHaveText([titles.recruitment, titles.shelfLabels, titles.martinique, titles.guadeloupe]);
    await expect(page.getByRole('link', { name: 'Lire la suite' })).toHaveAttribute('href', '/actualites/1');
  });
});

test.describe('the news detail page', () => {
  test('shows the title, category, date, image, body and keywords', async ({ page }) => {
    await page.goto('/actualites/1');
    await expect(page).toHaveTitle(new RegExp(`^${titles.recruitment.replace(/[()]/g, '\\$&')}`));
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.recruitment);
    const hero = page.locator('.page-hero');
    await expect(hero.getByText('Recrutement', { exact: true })).toBeVisible();
    await expect(hero.locator('time')).toHaveText('11 avril 2019');

    const article = page.getByRole('article', { name: titles.recruitment });
    await expect(article.getByRole('img')).toHaveAttribute('src', '/images/actualites/recrutement-technicien.svg');
    await expect(article.getByRole('img')).toHaveAttribute('alt', /technicien/);
    for (const heading of ['Le poste', 'Vos missions', 'Votre profil', 'Comment postuler']) {
      await expect(article.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(article).toContainText('CDD de 4 mois, pouvant évoluer en CDI');
    await expect(article.getByRole('list', { name: 'Mots-clés' }).getByRole('listitem')).toHaveText(['recrutement', 'technicien', 'CDD', 'maintenance', 'Martinique']);
  });

  test('links back to the list, to each category and to the contact page', async ({ page }) => {
    await page.goto('/actualites/1');
    await expect(page.getByRole('link', { name: 'Retour aux actualités' })).toHaveAttribute('href', '/actualites');
    const categories = page.getByRole('navigation', { name: 'Catégories' });
    await expect(categories.getByRole('link', { name: /^Événements/ })).toHaveAttribute('href', '/actualites?categorie=%C3%89v%C3%A9nements');
    await expect(categories.getByRole('link', { name: /^Nos solutions/ })).toHaveAttribute('href', '/actualites?categorie=Nos%20solutions');
    await expect(categories.getByRole('link', { name: /^Recrutement/ })).toHaveAttribute('href', '/actualites?categorie=Recrutement');
    const contact = page.getByRole('complementary', { name: /Un projet, une question/ });
    await expect(contact.getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/contact');

    await categories.getByRole('link', { name: /^Événements/ }).click();
    await expect(page).toHaveURL(/\/actualites\?categorie=%C3%89v%C3%A9nements$/);
    await expect(cardTitles(page)).toHaveText([titles.martinique, titles.guadeloupe]);

    await page.goto('/actualites/1');
    await page.getByRole('link', { name: 'Retour aux actualités' }).click();
    await expect(page).toHaveURL(/\/actualites$/);
    await expect(cards(page)).toHaveCount(4);
  });

  test('carries NewsArticle structured data and the feed link', async ({ page }) => {
    await page.goto('/actualites/1');
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? '{}');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: titles.recruitment,
      datePublished: '2019-04-11',
      articleSection: 'Recrutement',
      publisher: { '@type': 'Organization', name: 'Vision Caraïbes' },
    });
    expect(data.image[0]).toMatch(/^https?:\/\/.+\/images\/actualites\/recrutement-technicien\.svg$/);
    expect(data.mainEntityOfPage['@id']).toMatch(/\/actualites\/1$/);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/actualites/rss.xml');
  });
});

test.describe('addresses under /actualites/', () => {
  test('an unknown id, or an article without a page, redirects to the list', async ({ page, request }) => {
    for (const path of ['/actualites/999', '/actualites/2', '/actualites/pas-un-article', '/actualites/1/autre']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(new URL(response.headers()['location']!, 'http://x').pathname, path).toBe('/actualites');
    }
    await page.goto('/actualites/999');
    await expect(page).toHaveURL(/\/actualites$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos actualités');
  });

  test('the redirect does not shadow the built article page nor the feed', async ({ request }) => {
    for (const path of ['/actualites/1', '/actualites/rss.xml', '/actualites']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
    }
  });
});

test.describe('the RSS feed', () => {
  test('is well-formed RSS 2.0 listing the four articles with absolute links and dates', async ({ page, request }) => {
    const response = await request.get('/actualites/rss.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const xml = await response.text();

    await page.goto('/actualites');
    const feed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const read = (node: Element | Document, selector: string) => node.querySelector(selector)?.textContent ?? null;
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: doc.documentElement.nodeName,
        version: doc.documentElement.getAttribute('version'),
        title: read(doc, 'channel > title'),
        link: read(doc, 'channel > link'),
        language: read(doc, 'channel > language'),
        items: [...doc.querySelectorAll('channel > item')].map((item) => ({
          title: read(item, 'title'),
          link: read(item, 'link'),
          guid: read(item, 'guid'),
          pubDate: read(item, 'pubDate'),
          description: read(item, 'description'),
          categories: [...item.querySelectorAll('category')].map((category) => category.textContent),
        })),
      };
    }, xml);

    expect(feed.error).toBeNull();
    expect(feed.root).toBe('rss');
    expect(feed.version).toBe('2.0');
    expect(feed.title).toBe('Actualités de Vision Caraïbes');
    expect(feed.link).toMatch(/^https?:\/\//);
    expect(feed.language).toBe('fr-FR');
    expect(feed.items.map((item) => item.title)).toEqual([titles.recruitment, titles.shelfLabels, titles.martinique, titles.guadeloupe]);
    for (const item of feed.items) {
      expect(item.link).toMatch(/^https?:\/\/[^/]+\/actualites/);
      expect(item.guid).toBe(item.link);
      expect(Number.isNaN(Date.parse(item.pubDate ?? ''))).toBe(false);
      expect(item.description?.length).toBeGreaterThan(40);
    }
    expect(new URL(feed.items[0]!.link!).pathname).toBe('/actualites/1');
    expect(new Date(feed.items[0]!.pubDate!).toISOString().slice(0, 10)).toBe('2019-04-11');
    expect(feed.items[0]!.categories[0]).toBe('Recrutement');
    expect(new URL(feed.items[2]!.link!).hash).toBe('#actualite-3');
    // Every link resolves on this server (feed links carry the public origin: check their path here).
    for (const item of feed.items) {
      const { pathname, hash } = new URL(item.link!);
      const target = await request.get(pathname);
      expect(target.status(), pathname).toBe(200);
      if (hash) expect(await target.text()).toContain(`id="${hash.slice(1)}"`);
    }
  });
});

test.describe('on a phone @mobile', () => {
  test('the list fits the screen and filters by touch', async ({ page }) => {
    await page.goto('/actualites');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await categoryButton(page, 'Recrutement').tap();
    await expect(cardTitles(page)).toHaveText([titles.recruitment]);
    await page.goto('/actualites/1');
    const detailOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(detailOverflow).toBeLessThanOrEqual(0);
  });
});
