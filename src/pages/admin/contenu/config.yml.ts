import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { cmsConfig, repositoryFromEnv } from '../../../features/cms/config';
import { localDecapServer } from '../../../features/cms/local-server';
import { nextCode } from '../../../features/catalogue/code';

/**
 * The CMS configuration, made at build from the content schemas and the content itself (the next article
 * id, the next product code). Written as JSON, which is YAML too: Decap reads it as config.yml.
 */
export const GET: APIRoute = async ({ site, url }) => {
  const [news, products, ranges] = await Promise.all([getCollection('news'), getCollection('products'), getCollection('ranges')]);
  const config = cmsConfig({
    ...repositoryFromEnv(process.env),
    localServer: localDecapServer(process.env, import.meta.env.DEV),
    nextNewsId: Math.max(0, ...news.map((entry) => entry.data.id)) + 1,
    nextProductCode: nextCode(products.map((entry) => entry.data.code)),
    rangeTitles: [...new Set(ranges.map((entry) => entry.data.title))],
    // On the dev server (`npm run cms`), « Voir en direct » opens the page on that same local site.
    siteUrl: import.meta.env.DEV ? `${url.origin}/` : site!.href,
  });
  return new Response(`${JSON.stringify(config, null, 2)}\n`, { headers: { 'Content-Type': 'text/yaml; charset=utf-8' } });
};
