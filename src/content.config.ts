/** Content collections: the schemas live with their feature, this file registers them. */
import { catalogueCollections } from './features/catalogue/collections';

export const collections = {
  ...catalogueCollections,
};
