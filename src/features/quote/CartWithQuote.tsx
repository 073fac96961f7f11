/**
 * The cart page's island: the cart's contents with the quote dialog « Demander un devis » opens. It lives
 * in the quote feature because the quote builds on the cart (its lines and totals); the cart knows nothing
 * of the quote beyond the props it hands a dialog.
 */
import { useCallback } from 'react';
import CartContents, { type QuoteDialogProps } from '../cart/CartContents';
import QuoteDialog from './QuoteDialog';

/** `requestKeptFor`: how long a request is kept, from the lifetimes table (the page computes it at build time). */
export default function CartWithQuote({ requestKeptFor }: { requestKeptFor: string }) {
  const Dialog = useCallback((props: QuoteDialogProps) => <QuoteDialog {...props} requestKeptFor={requestKeptFor} />, [requestKeptFor]);
  return <CartContents QuoteDialog={Dialog} />;
}
