/**
 * A piece of equipment's form: the model is a catalogue product, looked up by reference, code or words of
 * its name (its name becomes the model and its page is linked), or typed when the catalogue does not have
 * it; then the serial number, the shop (one of the company's, or none) and « Sous contrat ».
 */
import { useEffect, useId, useState } from 'react';
import type { ProductChoice } from '../customers/admin-api';
import type { Equipment, Shop } from '../customers/model';
import { findProducts } from './customers-client';
import { Field, ItemForm, type Submit } from './parts';

/** How long typing pauses before the catalogue is asked. */
const LOOKUP_DELAY_MS = 250;

export default function EquipmentForm({ token, shops, initial, submit, onCancel }: { token: string; shops: readonly Shop[]; initial?: Equipment; submit: Submit; onCancel: () => void }) {
  const id = useId();
  const [product, setProduct] = useState<ProductChoice | null>(initial?.productSlug ? { id: initial.productSlug, name: initial.model, reference: '' } : null);
  const [draft, setDraft] = useState({ model: initial?.productSlug ? '' : (initial?.model ?? ''), serial: initial?.serial ?? '', shopId: initial?.shopId ?? '', underContract: initial?.underContract ?? true });
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ products: ProductChoice[]; error: string } | undefined>();

  useEffect(() => {
    if (query.trim().length < 2) return setFound(undefined);
    let current = true;
    const timer = setTimeout(() => {
      void findProducts(token, query).then((result) => current && setFound(result.ok ? { products: result.value, error: '' } : { products: [], error: result.message }));
    }, LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [token, query]);

  const body = () => ({ productSlug: product?.id ?? null, model: product ? '' : draft.model, serial: draft.serial, shopId: draft.shopId || null, underContract: draft.underContract });

  return (
    <ItemForm title={initial ? `Modifier ${initial.model}` : 'Nouvel équipement'} submit={() => submit(body())} onCancel={onCancel}>
      {(fields) => (
        <>
          {product ? (
            <div className="admin-field">
              <p className="clients-product">
                Produit du catalogue&nbsp;: <strong>{product.name}</strong>
                {product.reference && ` (${product.reference})`}
              </p>
              <button type="button" className="btn btn-secondary" onClick={() => setProduct(null)}>
                Changer de modèle
              </button>
              {fields.productSlug && <p className="admin-field-error">{fields.productSlug}</p>}
            </div>
          ) : (
            <>
              <div className="admin-field">
                <label htmlFor={`${id}-lookup`}>Chercher dans le catalogue (référence, code ou nom)</label>
                <input id={`${id}-lookup`} type="search" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} aria-describedby={`${id}-found`} />
                <div id={`${id}-found`} aria-live="polite">
                  {found?.error && <p className="admin-field-error">{found.error}</p>}
                  {found && !found.error && found.products.length === 0 && <p className="admin-field-hint">Aucun produit du catalogue ne correspond&nbsp;: saisissez le modèle ci-dessous.</p>}
                  {found && found.products.length > 0 && (
                    <ul className="clients-products">
                      {found.products.map((choice) => (
                        <li key={choice.id}>
                          <button type="button" className="btn btn-secondary" onClick={() => setProduct(choice)}>
                            {choice.name}&nbsp;· {choice.reference}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </div>
              <Field label="Ou modèle saisi (hors catalogue)" name="model" autoComplete="off" value={draft.model} onChange={(event) => setDraft({ ...draft, model: event.target.value })} error={fields.model} />
            </>
          )}
          <Field label="Numéro de série" name="serial" autoComplete="off" value={draft.serial} onChange={(event) => setDraft({ ...draft, serial: event.target.value })} error={fields.serial} />
          <div className="admin-field">
            <label htmlFor={`${id}-shop`}>Boutique</label>
            <select id={`${id}-shop`} name="shopId" value={draft.shopId} onChange={(event) => setDraft({ ...draft, shopId: event.target.value })}>
              <option value="">Aucune boutique</option>
              {shops.map((shop) => (
                <option key={shop.id} value={shop.id}>
                  {shop.name}
                </option>
              ))}
            </select>
            {fields.shopId && <p className="admin-field-error">{fields.shopId}</p>}
          </div>
          <label className="clients-check" htmlFor={`${id}-contract`}>
            <input id={`${id}-contract`} type="checkbox" checked={draft.underContract} onChange={(event) => setDraft({ ...draft, underContract: event.target.checked })} /> Sous contrat de maintenance
          </label>
        </>
      )}
    </ItemForm>
  );
}
