/**
 * The header's « Mon panier (n) » label, n = total units (DECISIONS.md §6). The static HTML and the
 * hydration render say 0 (the server has no cart); React then switches to the stored cart, so there is
 * no hydration mismatch. Digits are tabular, so 0 and 7 take the same width and the header does not shift.
 */
import { useSyncExternalStore } from 'react';
import { $cartUnits } from './store';

const subscribe = (onChange: () => void) => $cartUnits.listen(onChange);
const getUnits = () => $cartUnits.get();
const getServerUnits = () => 0;

export default function CartCount() {
  const units = useSyncExternalStore(subscribe, getUnits, getServerUnits);
  return (
<span className="cart-count">{`Mon panier (${units})`}</span>
  );
}
