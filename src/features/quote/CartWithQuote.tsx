/**
 * The cart page's island: the cart's contents with the quote dialog « Demander un devis » opens. It lives
 * in the quote feature because the quote builds on the cart (its lines and totals); the cart knows nothing
 * of the quote beyond the props it hands a dialog.
 */
import CartContents from '../cart/CartContents';
import QuoteDialog from './QuoteDialog';

export default function CartWithQuote() {
  return <CartContents QuoteDialog={QuoteDialog} />;
}
