/**
 * The cart page's contents (the summary shows what it charges: subtotal HT, shipping, VAT, total TTC): the lines with minus / plus,
 * line total and remove; clearing with a confirmation the buyer can cancel; the summary from totals.ts;
 * « Demander un devis » opening the quote dialog; printing; and, after a quote is sent, what happens next
 * (the cart is kept).
 *
 * The static HTML and the hydration render show the loading state (the server has no cart), then React
 * switches to the stored cart, so hydration never mismatches; the loading block reserves the height of a
 * small cart to limit the jump.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { FREE_SHIPPING_OVER_CENTS } from '../../lib/constants';
import { territoryOf } from '../../lib/territories';
import { paths, productPath } from '../../lib/paths';
import { formatCents, formatEuros } from '../../lib/price';
import { company } from '../../lib/site';
import type { CartItem } from './cart';
import { $cart, clearCart, removeFromCart, setCartQuantity } from './store';
import { $territory } from '../territory/store';
import { moment } from '../../records/moment';
import { cartOrderLine, cartTotals, lineTotalHTCents, type OrderTotals } from './totals';
import './CartContents.css';

const EMPTY: CartItem[] = [];
const subscribe = (onChange: () => void) => $cart.listen(onChange);
const getCart = () => $cart.get();
const getServerCart = () => EMPTY;

/** The day the cart is printed, in the delivery territory's calendar (not the browser's zone). */
const printDate = () => moment(new Date(), $territory.get(), { as: 'long-date' });

/** What the cart gives the dialog that turns it into a quote request (the quote feature's QuoteDialog). */
export interface QuoteDialogProps {
  open: boolean;
  cart: readonly CartItem[];
  /** The cart's totals for the delivery territory the quote is priced for, shown as a reminder. */
  totals: OrderTotals;
  /** Called when the dialog closes, whatever closed it (button, Escape, success delay). */
  onClose: () => void;
  /** Called once the request is accepted, with its reference ('' when the answer has none). */
  onSent: (reference: string) => void;
}

interface Props {
  /** The quote dialog « Demander un devis » opens. The quote feature builds on the cart, not the reverse. */
  QuoteDialog: ComponentType<QuoteDialogProps>;
}

export default function CartContents({ QuoteDialog }: Props) {
  const stored = useSyncExternalStore(subscribe, getCart, getServerCart);
  const territory = useStore($territory);
  const [hydrated, setHydrated] = useState(false);
  const [quoteOpen, setQuoteOpen] = useState(false);
  /** The reference of the quote just sent (null: none sent; '' when the answer had none). */
  const [quoteSent, setQuoteSent] = useState<string | null>(null);
  const [printedOn, setPrintedOn] = useState('');
  const confirmRef = useRef<HTMLDialogElement>(null);
  const quoteButtonRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLHeadingElement>(null);
  /** Set when a quote was just accepted: the dialog's closing then leads to what happens next. */
  const justSent = useRef(false);
  const clearButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setHydrated(true);
    setPrintedOn(printDate());
  }, []);

  if (!hydrated) {
    return (
      <div className="cart-loading" aria-busy="true">
        <p>Chargement de votre panier…</p>
      </div>
    );
  }

  const cart = stored;
  if (cart.length === 0) {
    return (
      <div className="cart-empty">
        <svg className="cart-empty-icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" focusable="false">
          <path d="M3 4h2l2.2 10.5a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
          <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
        </svg>
        <h2>Votre panier est vide</h2>
        <p>Parcourez notre catalogue d’imprimantes, d’étiquettes, de terminaux et de lecteurs, puis ajoutez les articles qui vous intéressent pour demander un devis.</p>
        <a className="btn btn-primary" href={paths.store}>
          Continuer mes achats
        </a>
      </div>
    );
  }

  const totals = cartTotals(cart, territory);

  function confirmClear() {
    clearCart();
    setQuoteSent(null);
  }

  return (
    <div className="cart">
      <header className="cart-print-head">
        <p className="cart-print-company">{company.name}</p>
        <p>
          Récapitulatif de panier — {company.storeName}, le {printedOn}
        </p>
        <p>Prix indicatifs hors taxes&#8239;; le devis de votre conseiller fait foi.</p>
      </header>

      {quoteSent !== null && (
        <div className="cart-next" role="status">
          <h2 ref={nextRef} tabIndex={-1}>
            Votre demande de devis {quoteSent && <span className="reference">{quoteSent}</span>} est bien transmise
          </h2>
          {quoteSent && <p>Un accusé de réception avec cette référence vous est envoyé par e-mail&nbsp;: rappelez-la si vous nous contactez.</p>}
          <p>
            Un conseiller commercial la vérifie et vous envoie un devis détaillé par e-mail, avec les délais et les frais de livraison vers
            votre territoire. Il vous appelle si une précision est nécessaire ({company.hours}).
          </p>
          <p>Votre panier est conservé&nbsp;: vous pouvez l’imprimer, le modifier ou demander un nouveau devis.</p>
        </div>
      )}

      <div className="cart-layout">
        <section className="cart-lines" aria-labelledby="cart-lines-title">
          <div className="cart-lines-head">
            <h2 id="cart-lines-title">
              Articles ({totals.units})
            </h2>
            <button ref={clearButtonRef} type="button" className="cart-link-button" onClick={() => confirmRef.current?.showModal()}>
              Vider le panier
            </button>
          </div>
          <ul className="cart-list" aria-label="Articles du panier">
            {cart.map((item) => (
              <li key={item.id} className="cart-line">
                <img className="cart-line-image" src={item.image} alt="" width="120" height="90" loading="lazy" data-fallback />
                <div className="cart-line-info">
                  <h3 className="cart-line-name">
                    <a href={productPath(item.id)}>{item.name}</a>
                  </h3>
                  <p className="cart-line-ref">
                    Réf.&nbsp;<span className="reference">{item.reference}</span>
                  </p>
                  <p className="cart-line-unit">
                    {formatEuros(item.priceHT)} HT <span className="cart-line-unit-label">l’unité</span>
                  </p>
                </div>
                <div className="cart-line-qty" role="group" aria-label={`Quantité de ${item.name}`}>
                  <button type="button" className="qty-button" aria-label={`Retirer une unité de ${item.name}`} onClick={() => setCartQuantity(item.id, item.quantity - 1)}>
                    <span aria-hidden="true">−</span>
                  </button>
                  <output className="qty-value" aria-live="polite" aria-label={`Quantité de ${item.name}`}>
                    {item.quantity}
                  </output>
                  <button type="button" className="qty-button" aria-label={`Ajouter une unité de ${item.name}`} onClick={() => setCartQuantity(item.id, item.quantity + 1)}>
                    <span aria-hidden="true">+</span>
                  </button>
                </div>
                <p className="cart-line-total">
                  <span className="visually-hidden">Total de la ligne&nbsp;: </span>
                  {formatCents(lineTotalHTCents(cartOrderLine(item)))} HT
                </p>
                <button type="button" className="cart-line-remove" aria-label={`Retirer ${item.name} du panier`} onClick={() => removeFromCart(item.id)}>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
          <a className="cart-continue" href={paths.store}>
            ← Continuer mes achats
          </a>
        </section>

        <section className="cart-summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title">Récapitulatif</h2>
          <dl className="cart-totals">
            <div>
              <dt>Sous-total HT</dt>
              <dd>{formatCents(totals.subtotalHTCents)}</dd>
            </div>
            <div>
              <dt>Livraison</dt>
              <dd>{totals.freeShipping ? 'Offerte' : `${formatCents(totals.shippingHTCents)} HT`}</dd>
            </div>
            {totals.vatApplies && (
              <div>
                <dt>{totals.vatLabel}</dt>
                <dd>{formatCents(totals.vatCents)}</dd>
              </div>
            )}
            <div className="cart-totals-total">
              <dt>Total TTC</dt>
              <dd>{formatCents(totals.totalTTCCents)}</dd>
            </div>
          </dl>
          <p className="cart-territory">
            Livraison en {territoryOf(territory).label}
            {totals.vatApplies ? '' : `\u00a0: ${totals.vatLabel}`}. Le territoire se choisit en haut de la boutique.
          </p>
          {!totals.freeShipping && (
            <p className="cart-shipping-hint">Livraison offerte au-delà de {formatCents(FREE_SHIPPING_OVER_CENTS)} HT d’achats.</p>
          )}
          <div className="cart-actions">
            <button ref={quoteButtonRef} type="button" className="btn btn-primary" onClick={() => setQuoteOpen(true)}>
              Demander un devis
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              Imprimer
            </button>
          </div>
          <p className="cart-summary-note">Aucun paiement en ligne&nbsp;: votre conseiller vous adresse un devis, vous commandez ensuite en toute sérénité.</p>
        </section>
      </div>

      <dialog ref={confirmRef} className="cart-dialog cart-confirm" aria-labelledby="cart-confirm-title" aria-describedby="cart-confirm-text" onClose={() => clearButtonRef.current?.focus()}>
        <form method="dialog">
          <h2 id="cart-confirm-title">Vider le panier&#8239;?</h2>
          <p id="cart-confirm-text">
            {totals.units > 1 ? `Les ${totals.units} articles de votre panier seront retirés.` : 'L’article de votre panier sera retiré.'} Cette action est
            définitive.
          </p>
          <div className="cart-confirm-actions">
            <button type="submit" className="btn btn-secondary" value="cancel">
              Annuler
            </button>
            <button type="submit" className="btn btn-danger" value="clear" onClick={confirmClear}>
              Oui, vider le panier
            </button>
          </div>
        </form>
      </dialog>

      <QuoteDialog
        open={quoteOpen}
        cart={cart}
        totals={totals}
        onClose={() => {
          setQuoteOpen(false);
          // After a sent quote, focus (and a phone's screen) goes to its reference and what happens next.
          if (justSent.current) nextRef.current?.focus();
          else quoteButtonRef.current?.focus();
          justSent.current = false;
        }}
        onSent={(reference) => {
          justSent.current = true;
          setQuoteSent(reference);
        }}
      />
    </div>
  );
}
