/**
 * The delivery territory in plain TypeScript: the header's selector (`[data-territory-select]`) sets the
 * territory nanostore, and every TTC and VAT line of the page (`[data-price-ttc]`, `[data-price-vat]`,
 * holding the price excluding tax in cents) is rewritten for it at once, on load when the stored
 * territory is not the default, on every change, and when another tab changes it.
 */
import { DEFAULT_TERRITORY, isTerritoryId, type TerritoryId } from '../../lib/territories';
import { priceLines } from './price-lines';
import { $territory, setTerritory } from './store';

for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-territory-select]')) {
  select.addEventListener('change', () => {
    if (isTerritoryId(select.value)) setTerritory(select.value);
  });
}

/** Shows a territory: the selectors and every TTC and VAT line of the page. */
function show(territory: TerritoryId): void {
  for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-territory-select]')) select.value = territory;
  for (const element of document.querySelectorAll<HTMLElement>('[data-price-ttc], [data-price-vat]')) {
    const lines = priceLines(Number(element.dataset.priceTtc ?? element.dataset.priceVat), territory);
    element.textContent = element.dataset.priceTtc !== undefined ? lines.ttc : lines.vat;
  }
}

// The static HTML shows the default territory: on load, only another one is drawn.
if ($territory.get() !== DEFAULT_TERRITORY) show($territory.get());
$territory.listen(show);
