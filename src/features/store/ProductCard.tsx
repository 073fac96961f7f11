/**
 * A product card: image, badge, range, name, reference, price excluding tax (with the old price),
 * stock and the add-to-cart button. Rendered as static HTML by Astro pages (home, similar products,
 * range dialogs) and inside the category browser and search islands. Its button works without React:
 * src/features/store/behaviour.ts handles every `[data-add-to-cart]` button of the page.
 */
import type { CardProduct } from '../catalogue/card';
import { productPath } from '../../lib/paths';
import { formatEuros } from '../../lib/price';
import { cartPayload } from './add-to-cart';

interface Props {
  product: CardProduct;
  /** Heading level of the product name inside its section. */
  headingLevel?: 2 | 3;
  /** Load the image eagerly (first cards of the first screen). */
  eager?: boolean;
}

export default function ProductCard({ product, headingLevel = 3, eager = false }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = productPath(product.id);
  return (
    <article className="product-card">
      <a className="product-card-media" href={href} tabIndex={-1} aria-hidden="true">
        <img src={product.image} alt="" width={400} height={300} loading={eager ? 'eager' : 'lazy'} decoding="async" data-fallback="" />
      </a>
      {product.badge && <p className="product-badge">{product.badge}</p>}
      <div className="product-card-body">
        <p className="product-tag">{product.subcategory}</p>
        <Heading className="product-card-title">
          <a href={href}>{product.name}</a>
        </Heading>
        <p className="product-ref">Réf. {product.reference}</p>
        <p className="product-price">
          <span className="price-ht">{formatEuros(product.priceHT)} <abbr title="hors taxes">HT</abbr></span>
          {product.oldPrice !== undefined && (
            <del className="price-old">
              <span className="visually-hidden">Ancien prix : </span>
              {formatEuros(product.oldPrice)} HT
            </del>
          )}
        </p>
        <p className={product.inStock ? 'stock stock-in' : 'stock stock-out'}>{product.inStock ? 'En stock' : 'Rupture'}</p>
        {product.inStock ? (
          <button type="button" className="btn btn-primary add-to-cart" data-add-to-cart={cartPayload(product)} aria-label={`Ajouter au panier : ${product.name}`}>
            Ajouter au panier
          </button>
        ) : (
          <button type="button" className="btn add-to-cart" disabled>
            Indisponible
          </button>
        )}
      </div>
    </article>
  );
}
