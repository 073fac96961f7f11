import { describe, expect, it } from 'vitest';
import { isIndexablePath } from './indexing';

describe('which pages are indexed', () => {
  it('indexes the corporate, news and store pages', () => {
    for (const path of ['/', '/contact', '/actualites', '/actualites/1', '/commerce', '/commerce/categories/etiquettes', '/commerce/categories/etiquettes/page/2', '/commerce/produits/zd421', '/commerce/search']) {
      expect(isIndexablePath(path), path).toBe(true);
    }
  });

  it('keeps the admin, the cart and the error pages out', () => {
    for (const path of ['/admin', '/admin/contact', '/admin/login', '/commerce/panier', '/404', '/commerce/produits/introuvable', '/commerce/categories/introuvable', '/espace-client', '/espace-client/connexion', '/espace-client/compte', '/espace-client/reparations', '/espace-client/reparation']) {
      expect(isIndexablePath(path), path).toBe(false);
    }
  });

  it('reads built file names and URLs with a trailing slash alike', () => {
    expect(isIndexablePath('/commerce/panier.html')).toBe(false);
    expect(isIndexablePath('/admin/contact/')).toBe(false);
    expect(isIndexablePath('/index.html')).toBe(true);
    expect(isIndexablePath('/404.html')).toBe(false);
  });
});
