/**
 * The news pages against the committed articles (tests/helpers/news.ts reads content/news/ as the build
 * does): each test states a rule of the list, its filters, the article page and the feed, and expects what
 * the content makes of it, so a new article changes the expectations, not the outcome. The rules themselves
 * (publication, filters, archives) are tested with small fixtures in src/features/news/*.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { isoDay, isoMonth } from '../../src/lib/format';
import { calendarDay } from '../../src/records/moment';
import { NO_RESULT_MESSAGE } from '../../src/features/news/news';
import { countText, holds, inCategory, published, shouted, titlesOf, usedCategories, withPage, type ArticleFile } from '../helpers/news';

const cards = (page: Page) => page.getByRole('list', { name: 'Actualités' }).getByRole('listitem');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 2 });
const categoryButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filtrer par catégorie' }).getByRole('button', { name, exact: true });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher une actualité' });
const plural = (count: number) => `${count} article${count > 1 ? 's' : ''}`;

/** The public articles a search for `word` finds: its title or excerpt holds it, whatever the case and accents. */
const found = (word: string, among: readonly ArticleFile[] = published) => among.filter((article) => holds(`${article.titre} ${article.extrait}`, word));

/** A word of an article's excerpt that its title lacks, accented if one is: a search must reach the excerpt. */
function excerptOnlyWord(): string {
  const words = published.flatMap((article) =>
    (article.extrait.match(/\p{L}{6,}/gu) ?? []).filter((word) => !holds(article.titre, word)),
  );
  const word = words.find((item) => shouted(item) !== item.toUpperCase()) ?? words[0];
  if (!word) throw new Error('no excerpt holds a word its title lacks');
  return word;
}

/** The longest word of an article's title: a search for it finds at least that article. */
const titleWord = (article: ArticleFile): string => [...(article.titre.match(/\p{L}+/gu) ?? [])].sort((a, b) => b.length - a.length)[0]!;

/** The months of the archives, newest first, with their article counts. */
function archiveLinks(): { key: string; label: string; articles: ArticleFile[] }[] {
  const months = new Map<string, ArticleFile[]>();
  for (const article of published) months.set(isoMonth(article.date), [...(months.get(isoMonth(article.date)) ?? []), article]);
  return [...months].sort(([a], [b]) => b.localeCompare(a)).map(([key, articles]) => ({ key, label: calendarDay(articles[0]!.date, 'month'), articles }));
}

test('the committed content gives the news tests something to read', () => {
  expect(published.length).toBeGreaterThan(1);
  expect(usedCategories.length).toBeGreaterThan(1);
});

test.describe('the news list', () => {
  test('shows every public article newest first, with category, French date, image and excerpt', async ({ page }) => {
    await page.goto('/actualites');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos actualités');
    await expect(cardTitles(page)).toHaveText(titlesOf(published));
    for (const [index, article] of published.entries()) {
      const card = cards(page).nth(index);
      await expect(card.getByText(article.categorie, { exact: true })).toBeVisible();
      await expect(card.locator('time')).toHaveText(calendarDay(article.date));
      await expect(card.locator('time')).toHaveAttribute('datetime', isoDay(article.date));
      await expect(card.getByRole('img')).toHaveAttribute('alt', article.imageAlt);
      await expect(card).toContainText(article.extrait);
    }
    await expect(page.getByRole('status')).toContainText(countText(published.length));
  });

  test('every image is loaded and reserves its space', async ({ page }) => {
    await page.goto('/actualites');
    const images = await page.getByRole('main').getByRole('img').all();
    // Each published article's card has its photo (and the page may have more): an empty list proves nothing.
    expect(images.length).toBeGreaterThanOrEqual(published.length);
    for (const image of images) {
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveAttribute('width', /^[1-9]\d*$/);
      await expect(image).toHaveAttribute('height', /^[1-9]\d*$/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
  });

  test('« Lire la suite » leads to each article that has a body, and to no other', async ({ page }) => {
    await page.goto('/actualites');
    const withBody = published.filter((article) => article.body !== '');
    const more = page.getByRole('link', { name: 'Lire la suite' });
    await expect(more).toHaveCount(withBody.length);
    for (const [index, article] of withBody.entries()) await expect(more.nth(index)).toHaveAttribute('href', `/actualites/${article.id}`);
    await more.first().click();
    await expect(page).toHaveURL(new RegExp(`/actualites/${withBody[0]!.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(withBody[0]!.titre);
  });

  test('each category button shows its articles only, « Tout » shows them all', async ({ page }) => {
    await page.goto('/actualites');
    await expect(categoryButton(page, 'Tout')).toHaveAttribute('aria-pressed', 'true');
    for (const category of usedCategories) {
      await categoryButton(page, category).click();
      await expect(categoryButton(page, category)).toHaveAttribute('aria-pressed', 'true');
      await expect(categoryButton(page, 'Tout')).toHaveAttribute('aria-pressed', 'false');
      await expect(cardTitles(page)).toHaveText(titlesOf(inCategory(category)));
      await expect(page.getByRole('status')).toContainText(countText(inCategory(category).length));
      await expect(page).toHaveURL(`/actualites?${new URLSearchParams({ categorie: category })}`);
    }
    await categoryButton(page, 'Tout').click();
    await expect(cards(page)).toHaveCount(published.length);
    await expect(page).toHaveURL(/\/actualites$/);
  });

  test('search ignores case and accents, on title and excerpt', async ({ page }) => {
    await page.goto('/actualites');
    const inExcerpt = excerptOnlyWord();
    await search(page).fill(shouted(inExcerpt));
    await expect(cardTitles(page)).toHaveText(titlesOf(found(inExcerpt)));

    const inTitle = titleWord(published[0]!).toLowerCase();
    await search(page).fill(inTitle);
    await expect(cardTitles(page)).toHaveText(titlesOf(found(inTitle)));
    await expect(page).toHaveURL(`/actualites?${new URLSearchParams({ q: inTitle })}`);

    await search(page).fill('');
    await expect(cards(page)).toHaveCount(published.length);
  });

  test('search combines with the category, and shows the empty message when nothing matches', async ({ page }) => {
    await page.goto('/actualites');
    const category = usedCategories[0]!;
    const word = titleWord(inCategory(category)[0]!);
    await search(page).fill(word);
    await categoryButton(page, category).click();
    await expect(cardTitles(page)).toHaveText(titlesOf(found(word, inCategory(category))));
    await expect(page.getByText(NO_RESULT_MESSAGE)).toBeHidden();

    await search(page).fill('imprimante 3D lunaire');
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText(NO_RESULT_MESSAGE, { exact: true })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(NO_RESULT_MESSAGE);
    await expect(page.getByText('0 actualité')).toBeHidden();

    await page.getByRole('button', { name: 'Afficher toutes les actualités' }).click();
    await expect(cards(page)).toHaveCount(published.length);
    await expect(search(page)).toHaveValue('');
    await expect(categoryButton(page, 'Tout')).toHaveAttribute('aria-pressed', 'true');
  });

  test('?categorie= and ?q= open the list filtered, the category ignoring accents and case', async ({ page }) => {
    const category = usedCategories.find((item) => shouted(item) !== item.toUpperCase()) ?? usedCategories[0]!;
    await page.goto(`/actualites?categorie=${encodeURIComponent(shouted(category).toLowerCase())}`);
    await expect(cardTitles(page)).toHaveText(titlesOf(inCategory(category)));
    await expect(categoryButton(page, category)).toHaveAttribute('aria-pressed', 'true');

    const word = titleWord(published.at(-1)!);
    await page.goto(`/actualites?q=${encodeURIComponent(word)}`);
    await expect(search(page)).toHaveValue(word);
    await expect(cardTitles(page)).toHaveText(titlesOf(found(word)));
  });

  test('the archives list the months derived from the dates and filter on them', async ({ page }) => {
    await page.goto('/actualites');
    const months = archiveLinks();
    const archives = page.getByRole('navigation', { name: 'Archives' });
    await expect(archives.getByRole('link')).toHaveText(months.map((month) => `${month.label} (${plural(month.articles.length)})`));

    const last = months.at(-1)!;
    await archives.getByRole('link', { name: new RegExp(`^${last.label}`) }).click();
    await expect(page).toHaveURL(new RegExp(`\\?mois=${last.key}$`));
    await expect(cardTitles(page)).toHaveText(titlesOf(last.articles));
    await expect(page.getByRole('status')).toContainText(`${countText(last.articles.length)} en ${last.label.toLowerCase()}`);

    await page.goto(`/actualites?mois=${months[0]!.key}`);
    await expect(cardTitles(page)).toHaveText(titlesOf(months[0]!.articles));
  });

  test('the categories sidebar links to the list filtered on each category', async ({ page }) => {
    await page.goto('/actualites');
    const categories = page.getByRole('navigation', { name: 'Catégories' });
    await expect(categories.getByRole('link')).toHaveText(usedCategories.map((category) => `${category} (${plural(inCategory(category).length)})`));
    const last = usedCategories.at(-1)!;
    const link = categories.getByRole('link', { name: new RegExp(`^${last}`) });
    await expect(link).toHaveAttribute('href', `/actualites?categorie=${encodeURIComponent(last)}`);
    await link.click();
    await expect(cardTitles(page)).toHaveText(titlesOf(inCategory(last)));
    await expect(categoryButton(page, last)).toHaveAttribute('aria-pressed', 'true');
  });

  test('the page head links the RSS feed', async ({ page }) => {
    await page.goto('/actualites');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/actualites/rss.xml');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every card is in the static HTML, readable, whatever the address asks to filter', async ({ page }) => {
    await page.goto(`/actualites?categorie=${encodeURIComponent(usedCategories.at(-1)!)}`);
    await expect(cardTitles(page)).toHaveText(titlesOf(published));
    await expect(page.getByRole('link', { name: 'Lire la suite' }).first()).toHaveAttribute('href', `/actualites/${withPage().id}`);
  });
});

test.describe('the news detail page', () => {
  const article = withPage();
  const headings = [...article.body.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());

  test('shows the title, category, date, image, body and keywords', async ({ page }) => {
    await page.goto(`/actualites/${article.id}`);
    await expect(page).toHaveTitle(new RegExp(`^${article.titre.replace(/[()]/g, '\\$&')}`));
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.titre);
    const hero = page.locator('.page-hero');
    await expect(hero.getByText(article.categorie, { exact: true })).toBeVisible();
    await expect(hero.locator('time')).toHaveText(calendarDay(article.date));

    const body = page.getByRole('article', { name: article.titre });
    await expect(body.getByRole('img').first()).toHaveAttribute('alt', article.imageAlt);
    for (const heading of headings) await expect(body.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(body.getByRole('list', { name: 'Mots-clés' }).getByRole('listitem')).toHaveText(article.tags.map(String));
  });

  test('links back to the list, to each category and to the contact page', async ({ page }) => {
    await page.goto(`/actualites/${article.id}`);
    await expect(page.getByRole('link', { name: 'Retour aux actualités' })).toHaveAttribute('href', '/actualites');
    const categories = page.getByRole('navigation', { name: 'Catégories' });
    for (const category of usedCategories) {
      await expect(categories.getByRole('link', { name: new RegExp(`^${category}`) })).toHaveAttribute('href', `/actualites?categorie=${encodeURIComponent(category)}`);
    }
    const contact = page.getByRole('complementary', { name: /Un projet, une question/ });
    await expect(contact.getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/contact');

    await categories.getByRole('link', { name: new RegExp(`^${article.categorie}`) }).click();
    await expect(cardTitles(page)).toHaveText(titlesOf(inCategory(article.categorie)));

    await page.goto(`/actualites/${article.id}`);
    await page.getByRole('link', { name: 'Retour aux actualités' }).click();
    await expect(page).toHaveURL(/\/actualites$/);
    await expect(cards(page)).toHaveCount(published.length);
  });

  test('carries NewsArticle structured data and the feed link', async ({ page }) => {
    await page.goto(`/actualites/${article.id}`);
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? '{}');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: article.titre,
      datePublished: isoDay(article.date),
      articleSection: article.categorie,
      publisher: { '@type': 'Organization', name: 'Vision Caraïbes' },
    });
    expect(data.image[0]).toMatch(/^https?:\/\/.+\.(svg|jpg)$/);
    expect(data.mainEntityOfPage['@id']).toMatch(new RegExp(`/actualites/${article.id}$`));
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/actualites/rss.xml');
  });
});

test.describe('addresses under /actualites/', () => {
  const withoutPage = published.filter((item) => item.body === '').map((item) => `/actualites/${item.id}`);
  const unknownId = Math.max(...published.map((item) => item.id)) + 1000;

  test('an unknown id, or an article without a page, redirects to the list', async ({ page, request }) => {
    for (const path of [`/actualites/${unknownId}`, ...withoutPage, '/actualites/pas-un-article', `/actualites/${withPage().id}/autre`]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(new URL(response.headers()['location']!, 'http://x').pathname, path).toBe('/actualites');
    }
    await page.goto(`/actualites/${unknownId}`);
    await expect(page).toHaveURL(/\/actualites$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos actualités');
  });

  test('the redirect does not shadow the built article page nor the feed', async ({ request }) => {
    for (const path of [`/actualites/${withPage().id}`, '/actualites/rss.xml', '/actualites']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
    }
  });
});

test.describe('the RSS feed', () => {
  test('is well-formed RSS 2.0 listing every public article with absolute links and dates', async ({ page, request }) => {
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
    expect(feed.items.map((item) => item.title)).toEqual(titlesOf(published));
    for (const [index, item] of feed.items.entries()) {
      const article = published[index]!;
      const { pathname, hash } = new URL(item.link!);
      // An article with a body links to its page; one without, to its card in the list.
      expect(`${pathname}${hash}`).toBe(article.body === '' ? `/actualites#actualite-${article.id}` : `/actualites/${article.id}`);
      expect(item.link).toMatch(/^https?:\/\//);
      expect(item.guid).toBe(item.link);
      expect(new Date(item.pubDate!).toISOString().slice(0, 10)).toBe(isoDay(article.date));
      expect(item.categories[0]).toBe(article.categorie);
      expect(item.description?.length).toBeGreaterThan(40);
    }
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
    const category = usedCategories.at(-1)!;
    await categoryButton(page, category).tap();
    await expect(cardTitles(page)).toHaveText(titlesOf(inCategory(category)));
    await page.goto(`/actualites/${withPage().id}`);
    const detailOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(detailOverflow).toBeLessThanOrEqual(0);
  });
});
