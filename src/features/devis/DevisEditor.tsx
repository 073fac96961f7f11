/**
 * The devis editor, a modal dialog over a quote request's view: its lines (reference, designation,
 * quantity, unit price HT, discount %; added from the catalogue by reference, removed, moved up or down),
 * shipping (the store's rule unless changed), the delivery territory, the validity and the conditions.
 * Totals follow the typing with the cart's own computation. « Enregistrer » keeps a draft, « Envoyer le
 * devis » sends it as a new version; closing with unsaved changes asks first. Quantities, prices and
 * discounts are checked here with the server's rules, and the server checks them again.
 */
import { useId, useMemo, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import ConfirmDialog from '../../lib/ConfirmDialog';
import { CloseButton, useModal } from '../../lib/modal';
import { formatCents } from '../../lib/price';
import { type TerritoryId } from '../../lib/territories';
import TerritoryOptions from '../../lib/TerritoryOptions';
import {
  centsInput,
  defaultShippingHTCents,
  devisLineTotalHTCents,
  devisTotals,
  parseEuros,
  parsePercent,
  percentInput,
  totalRows,
  validateDraft,
  type DevisDraft,
  type DevisLine,
} from './devis';
import type { Failure } from '../../lib/api-client';
import { fetchProductByReference, saveDevisDraft, sendDevis, type AdminDevis } from './admin-api';
import './devis-totals.css';

interface LineInput {
  key: string;
  reference: string;
  designation: string;
  quantity: string;
  unitPrice: string;
  discount: string;
}

interface Form {
  lines: LineInput[];
  shipping: string;
  territory: TerritoryId;
  validityDays: string;
  paymentTerms: string;
  deliveryTerms: string;
  customerAddress: string;
}

let keys = 0;
const lineInput = (line: DevisLine): LineInput => ({
  key: `ligne-${++keys}`,
  reference: line.reference,
  designation: line.designation,
  quantity: String(line.quantity),
  unitPrice: centsInput(line.unitPriceHTCents),
  discount: percentInput(line.discountBasisPoints),
});

const formOf = (draft: DevisDraft): Form => ({
  lines: draft.lines.map(lineInput),
  shipping: centsInput(draft.shippingHTCents),
  territory: draft.territory,
  validityDays: String(draft.validityDays),
  paymentTerms: draft.paymentTerms,
  deliveryTerms: draft.deliveryTerms,
  customerAddress: draft.customerAddress ?? '',
});

const integerOf = (value: string): number => (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN);

/** The draft a form describes, and what the browser already knows is wrong (the server's rules). */
function draftOf(form: Form): { draft: DevisDraft; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lines = form.lines.map((line, index) => {
    const unit = parseEuros(line.unitPrice);
    const discount = parsePercent(line.discount);
    if (unit === undefined) errors[`lines.${index}.unitPriceHTCents`] = 'Prix unitaire HT\u00a0: un montant en euros, par exemple 1 250,50.';
    if (discount === undefined) errors[`lines.${index}.discountBasisPoints`] = 'Remise\u00a0: un pourcentage, par exemple 5 ou 12,5.';
    return {
      reference: line.reference,
      designation: line.designation,
      quantity: integerOf(line.quantity),
      unitPriceHTCents: unit ?? 0,
      discountBasisPoints: discount ?? 0,
    };
  });
  const shipping = parseEuros(form.shipping);
  if (shipping === undefined) errors.shippingHTCents = 'Livraison HT\u00a0: un montant en euros, par exemple 15,90 ou 0.';
  const draft: DevisDraft = {
    lines,
    shippingHTCents: shipping ?? 0,
    territory: form.territory,
    validityDays: integerOf(form.validityDays),
    paymentTerms: form.paymentTerms,
    deliveryTerms: form.deliveryTerms,
    customerAddress: form.customerAddress,
  };
  const checked = validateDraft(draft);
  if (!checked.ok) for (const [field, message] of Object.entries(checked.failure.fields)) errors[field] ??= message;
  return { draft: checked.ok ? checked.draft : draft, errors };
}

interface Props {
  token: string;
  requestId: string;
  reference: string;
  email: string;
  devis: AdminDevis;
  failure: (result: Failure) => string;
  /** The draft was saved, or a version sent: the view shows the devis as it now stands. */
  onSaved: (devis: AdminDevis, sent: boolean) => void;
  onClose: () => void;
}

export default function DevisEditor({ token, requestId, reference, email, devis, failure, onSaved, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [form, setForm] = useState<Form>(() => formOf(devis.draft));
  const [saved, setSaved] = useState(() => JSON.stringify(formOf(devis.draft), (key, value) => (key === 'key' ? undefined : value)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'' | 'save' | 'send'>('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [asking, setAsking] = useState(false);
  const [newReference, setNewReference] = useState('');
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState('');
  const [shippingTouched, setShippingTouched] = useState(false);

  useModal(ref);

  const signature = JSON.stringify(form, (key, value) => (key === 'key' ? undefined : value));
  const dirty = signature !== saved;
  const { draft } = useMemo(() => draftOf(form), [form]);
  const totals = useMemo(
    () => devisTotals({ ...draft, lines: draft.lines.map((line) => ({ ...line, quantity: Number.isFinite(line.quantity) ? line.quantity : 0 })) }),
    [draft],
  );
  const ruleShipping = defaultShippingHTCents(draft.lines.filter((line) => Number.isFinite(line.quantity)));

  const change = (next: Partial<Form>) => {
    setForm((current) => {
      const updated = { ...current, ...next };
      // Until the administrator types a shipping amount, it follows the store's rule.
      if (!shippingTouched && next.lines) {
        const lines = draftOf(updated).draft.lines.filter((line) => Number.isFinite(line.quantity));
        updated.shipping = centsInput(defaultShippingHTCents(lines));
      }
      return updated;
    });
    setMessage(undefined);
  };
  const changeLine = (index: number, field: keyof Omit<LineInput, 'key'>, value: string) =>
    change({ lines: form.lines.map((line, i) => (i === index ? { ...line, [field]: value } : line)) });
  const moveLine = (index: number, by: -1 | 1) => {
    const lines = [...form.lines];
    const [line] = lines.splice(index, 1);
    lines.splice(index + by, 0, line!);
    change({ lines });
  };

  async function addLine(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = newReference.trim();
    if (!wanted) return setAddError('Saisissez la référence d’un produit du catalogue.');
    setAdding(true);
    setAddError('');
    const result = await fetchProductByReference(token, wanted);
    setAdding(false);
    if (!result.ok) return setAddError(failure(result));
    change({ lines: [...form.lines, lineInput({ ...result.value, quantity: 1, discountBasisPoints: 0 })] });
    setNewReference('');
  }

  async function submit(action: 'save' | 'send') {
    const checked = draftOf(form);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      setMessage({ tone: 'error', text: 'Le devis contient des erreurs\u00a0: corrigez les champs signalés.' });
      return;
    }
    setBusy(action);
    setMessage(undefined);
    const result = action === 'save' ? await saveDevisDraft(token, requestId, checked.draft) : await sendDevis(token, requestId, checked.draft);
    setBusy('');
    if (!result.ok) {
      setErrors(result.fields ?? {});
      setMessage({ tone: 'error', text: action === 'save' ? `Le brouillon n’a pas été enregistré\u00a0: ${failure(result)}` : `Le devis n’a pas été envoyé\u00a0: ${failure(result)}` });
      return;
    }
    setSaved(signature);
    onSaved(result.value, action === 'send');
    if (action === 'save') setMessage({ tone: 'success', text: 'Brouillon enregistré.' });
  }

  const close = () => (dirty ? setAsking(true) : onClose());
  const error = (field: string) => errors[field];

  return (
    <dialog
      ref={ref}
      className="admin-dialog admin-view admin-devis"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!asking && !busy) close();
      }}
    >
      <div className="admin-view-head">
        <div>
          <p className="admin-view-ref">{reference}</p>
          <h2 id={`${id}-title`} className="admin-view-title">
            Préparer le devis
          </h2>
          <p className="admin-view-company">Envoyé à {email}</p>
        </div>
        <CloseButton label="Fermer l’éditeur du devis" onClick={close} />
      </div>

      <div className="admin-view-body">
        <section className="admin-view-section" aria-labelledby={`${id}-lines`}>
          <h3 id={`${id}-lines`}>Lignes</h3>
          {form.lines.length === 0 && <p className="admin-view-empty">Aucune ligne&nbsp;: ajoutez un produit du catalogue par sa référence.</p>}
          <div className="admin-devis-table-wrap">
            <table className="admin-devis-table">
              <thead>
                <tr>
                  <th scope="col">Référence</th>
                  <th scope="col">Désignation</th>
                  <th scope="col">Qté</th>
                  <th scope="col">P.U. HT (€)</th>
                  <th scope="col">Remise (%)</th>
                  <th scope="col" className="admin-devis-num">
                    Total HT
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {form.lines.map((line, index) => {
                  const label = `ligne ${index + 1}`;
                  const parsed = draft.lines[index]!;
                  return (
                    <tr key={line.key}>
                      <td>
                        <Cell error={error(`lines.${index}.reference`)}>
                          <input aria-label={`Référence, ${label}`} value={line.reference} onChange={(e) => changeLine(index, 'reference', e.target.value)} className="admin-devis-ref" />
                        </Cell>
                      </td>
                      <td>
                        <Cell error={error(`lines.${index}.designation`)}>
                          <input aria-label={`Désignation, ${label}`} value={line.designation} onChange={(e) => changeLine(index, 'designation', e.target.value)} />
                        </Cell>
                      </td>
                      <td>
                        <Cell error={error(`lines.${index}.quantity`)}>
                          <input aria-label={`Quantité, ${label}`} inputMode="numeric" value={line.quantity} onChange={(e) => changeLine(index, 'quantity', e.target.value)} className="admin-devis-qty" />
                        </Cell>
                      </td>
                      <td>
                        <Cell error={error(`lines.${index}.unitPriceHTCents`)}>
                          <input aria-label={`Prix unitaire HT en euros, ${label}`} inputMode="decimal" value={line.unitPrice} onChange={(e) => changeLine(index, 'unitPrice', e.target.value)} className="admin-devis-amount" />
                        </Cell>
                      </td>
                      <td>
                        <Cell error={error(`lines.${index}.discountBasisPoints`)}>
                          <input aria-label={`Remise en pourcentage, ${label}`} inputMode="decimal" value={line.discount} onChange={(e) => changeLine(index, 'discount', e.target.value)} className="admin-devis-qty" />
                        </Cell>
                      </td>
                      <td className="admin-devis-num" data-testid="line-total">
                        {Number.isFinite(parsed.quantity) ? formatCents(devisLineTotalHTCents(parsed)) : '—'}
                      </td>
                      <td className="admin-devis-actions">
                        <button type="button" className="admin-icon-btn" onClick={() => moveLine(index, -1)} disabled={index === 0} aria-label={`Monter la ${label}`}>
                          ↑
                        </button>
                        <button type="button" className="admin-icon-btn" onClick={() => moveLine(index, 1)} disabled={index === form.lines.length - 1} aria-label={`Descendre la ${label}`}>
                          ↓
                        </button>
                        <button type="button" className="admin-icon-btn admin-icon-btn--danger" onClick={() => change({ lines: form.lines.filter((_, i) => i !== index) })} aria-label={`Retirer la ${label}`}>
                          ✕
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {error('lines') && (
            <p className="admin-field-error" role="alert">
              {error('lines')}
            </p>
          )}
          <form className="admin-devis-add" onSubmit={addLine} noValidate>
            <label htmlFor={`${id}-add`}>Ajouter un produit du catalogue</label>
            <div className="admin-search-row">
              <input id={`${id}-add`} value={newReference} onChange={(e) => setNewReference(e.target.value)} placeholder="Référence fabricant, par exemple ZD4A042-30EM00EZ" maxLength={60} aria-describedby={addError ? `${id}-add-error` : undefined} />
              <button type="submit" className="btn btn-secondary" disabled={adding}>
                {adding ? 'Recherche…' : 'Ajouter'}
              </button>
            </div>
            {addError && (
              <p id={`${id}-add-error`} className="admin-field-error" role="alert">
                {addError}
              </p>
            )}
          </form>
        </section>

        <div className="admin-devis-grid">
          <section className="admin-view-section" aria-labelledby={`${id}-terms`}>
            <h3 id={`${id}-terms`}>Livraison et validité</h3>
            <div className="admin-devis-fields">
              <Field id={`${id}-shipping`} label="Livraison HT (€)" error={error('shippingHTCents')} hint={`Règle de la boutique\u00a0: ${ruleShipping === 0 ? "offerte" : `${formatCents(ruleShipping)} HT`}`}>
                <input
                  id={`${id}-shipping`}
                  inputMode="decimal"
                  value={form.shipping}
                  onChange={(e) => {
                    setShippingTouched(true);
                    change({ shipping: e.target.value });
                  }}
                />
              </Field>
              <Field id={`${id}-territory`} label="Territoire de livraison" error={error('territory')}>
                <select id={`${id}-territory`} value={form.territory} onChange={(e) => change({ territory: e.target.value as TerritoryId })}>
                  <TerritoryOptions />
                </select>
              </Field>
              <Field id={`${id}-validity`} label="Validité (jours)" error={error('validityDays')}>
                <input id={`${id}-validity`} inputMode="numeric" value={form.validityDays} onChange={(e) => change({ validityDays: e.target.value })} />
              </Field>
            </div>
            <Field id={`${id}-address`} label="Adresse postale du client (facultative, imprimée sur le PDF)" error={error('customerAddress')}>
              <textarea id={`${id}-address`} rows={3} autoComplete="off" value={form.customerAddress} onChange={(e) => change({ customerAddress: e.target.value })} />
            </Field>
            <Field id={`${id}-payment`} label="Conditions de paiement" error={error('paymentTerms')}>
              <textarea id={`${id}-payment`} rows={4} value={form.paymentTerms} onChange={(e) => change({ paymentTerms: e.target.value })} />
            </Field>
            <Field id={`${id}-delivery`} label="Conditions de livraison" error={error('deliveryTerms')}>
              <textarea id={`${id}-delivery`} rows={3} value={form.deliveryTerms} onChange={(e) => change({ deliveryTerms: e.target.value })} />
            </Field>
          </section>

          <section className="admin-view-section" aria-labelledby={`${id}-totals`}>
            <h3 id={`${id}-totals`}>Totaux</h3>
            <dl className="admin-devis-totals devis-totals" aria-live="polite">
              {totalRows(totals).map((row, index, rows) => (
                <div key={row.label} className={index === rows.length - 1 ? 'admin-devis-total' : undefined}>
                  <dt>{row.label}</dt>
                  <dd {...(index === rows.length - 1 ? { 'data-testid': 'devis-total-ttc' } : {})}>{row.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>

        {message && (
          <p className={message.tone === 'error' ? 'admin-alert' : 'admin-success'} role={message.tone === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        <div className="admin-devis-footer">
          <p className="admin-field-hint">{dirty ? 'Modifications non enregistrées.' : devis.draftSavedAt ? 'Brouillon enregistré.' : 'Lignes reprises de la demande, aux prix du catalogue.'}</p>
          <div className="admin-view-buttons">
            <button type="button" className="btn btn-secondary" onClick={() => void submit('save')} disabled={Boolean(busy)}>
              {busy === 'save' ? 'Enregistrement…' : 'Enregistrer'}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void submit('send')} disabled={Boolean(busy)}>
              {busy === 'send' ? 'Envoi…' : 'Envoyer le devis'}
            </button>
          </div>
        </div>
      </div>

      {asking && (
        <ConfirmDialog
          title="Fermer sans enregistrer&#8239;?"
          text="Les modifications du devis depuis le dernier enregistrement seront perdues."
          confirmLabel="Fermer sans enregistrer"
          busyLabel="Fermeture…"
          onConfirm={() => {
            setAsking(false);
            onClose();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </dialog>
  );
}

/** A table cell's input with its error under it. */
function Cell({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'admin-devis-cell admin-devis-cell--error' : 'admin-devis-cell'}>
      {children}
      {error && <p className="admin-field-error">{error}</p>}
    </div>
  );
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="admin-devis-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? <p className="admin-field-error">{error}</p> : hint ? <p className="admin-field-hint">{hint}</p> : null}
    </div>
  );
}
