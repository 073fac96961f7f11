/** The content collections, validated when the site builds; each is defined in its feature folder. */
import { catalogueCollections } from './features/catalogue/collections.server';
import { news } from './features/news/collection.server';

export const collections = { news, ...catalogueCollections };
