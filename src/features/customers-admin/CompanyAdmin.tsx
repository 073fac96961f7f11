/**
 * /admin/clients/societe?id=…: one customer company — its own fields (« Modifier », from the version
 * shown: a change made meanwhile by someone else is refused and the page reloads it), its shops, people
 * (last sign-in, « Inviter » sends the sign-in link e-mail) and equipment (a catalogue product, linked to
 * its page, or a typed model; serial, shop, under contract). Each removal asks first. What may be changed
 * comes from the server's answer (`may`): a technician edits equipment only.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import ConfirmDialog from '../../lib/ConfirmDialog';
import { moment } from '../../records/moment';
import { productPath } from '../../lib/paths';
import { territoryOf } from '../../lib/territories';
import { customersPages, type CompanyAnswer, type CompanyPart } from '../customers/admin-api';
import type { Company } from '../customers/model';
import StaffGate, { type GateSignal } from '../team/StaffGate';
import { changeCompany, deleteCompany, invitePerson, loadCompany, removePart, savePart, type Result } from './customers-client';
import EquipmentForm from './EquipmentForm';
import CompanyWorkshop from '../repairs/CompanyWorkshop';
import { CompanyFields, ContractBadge, Field, ItemForm, NoticeLine, type CompanyDraft, type FormState, type Notice, type Submit } from './parts';

type Signal = (what: GateSignal) => void;
/** A shop's or a person's fields, as text inputs. */
function TextItemForm({ title, initial, labels, submit, onCancel }: { title: string; initial: Record<string, string>; labels: Record<string, { label: string; type?: string }>; submit: Submit; onCancel: () => void }) {
  const [draft, setDraft] = useState(initial);
  return (
    <ItemForm title={title} submit={() => submit(draft)} onCancel={onCancel}>
      {(fields) =>
        Object.entries(labels).map(([name, { label, type }]) => (
          <Field key={name} label={label} name={name} type={type ?? 'text'} autoComplete="off" value={draft[name] ?? ''} onChange={(event) => setDraft({ ...draft, [name]: event.target.value })} error={fields[name]} />
        ))
      }
    </ItemForm>
  );
}

const SHOP_FIELDS = { name: { label: 'Nom de la boutique' }, address: { label: 'Adresse' } };
const PERSON_FIELDS = { name: { label: 'Nom et prénom' }, email: { label: 'Adresse e-mail', type: 'email' }, phone: { label: 'Téléphone', type: 'tel' } };

/** Which form is open: the company's, or an item's (new: no id). */
type Editing = { part: 'societe' } | { part: CompanyPart; id?: string } | undefined;
/** The removal waiting for its confirmation. */
type Removal = { title: string; text: string; confirm: string; run: () => Promise<string | undefined> };

function CompanyView({ token, signal, id }: { token: string; signal: Signal; id: string }) {
  const [answer, setAnswer] = useState<CompanyAnswer | undefined>();
  const [loadError, setLoadError] = useState('');
  const [notice, setNotice] = useState<Notice>();
  const [editing, setEditing] = useState<Editing>();
  const [removal, setRemoval] = useState<Removal & { busy?: boolean; error?: string }>();

  const reload = useCallback(async () => {
    const result = await loadCompany(token, id);
    if (result.ok) return setAnswer(result.value);
    if (result.unauthorized) return signal('unauthorized');
    if (result.status === 403) return signal('forbidden');
    setLoadError(result.message);
  }, [token, id, signal]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** What a form does with the server's answer: the company shown anew and a notice, or the refusal. */
  const settle = useCallback(
    async (result: Awaited<ReturnType<typeof savePart>>, done: string): Promise<FormState | undefined> => {
      if (result.ok) {
        setAnswer(result.value);
        setEditing(undefined);
        setNotice({ tone: 'success', text: done });
        return undefined;
      }
      if (result.unauthorized) signal('unauthorized');
      // Someone else changed the company meanwhile: show theirs, keep the form open to redo the change.
      if (result.status === 409) await reload();
      return { busy: false, error: result.message, fields: result.fields ?? {} };
    },
    [signal, reload],
  );

  if (loadError) {
    return (
      <>
        <h1 className="admin-title">Société cliente</h1>
        <p className="admin-alert" role="alert">
          {loadError}
        </p>
        <a href={customersPages.list}>Retour à la liste des clients</a>
      </>
    );
  }
  if (!answer) return <p className="admin-status-line">Chargement…</p>;
  const { data: company, may } = answer;

  const close = () => setEditing(undefined);
  /** A removal's call: what to do once done, or the refusal's sentence for the dialog. */
  const removing =
    <T,>(remove: () => Promise<Result<T>>, done: (value: T) => void) =>
    async (): Promise<string | undefined> => {
      const result = await remove();
      if (result.ok) return void done(result.value);
      if (result.unauthorized) signal('unauthorized');
      return result.message;
    };
  const savePartOf = (part: CompanyPart, itemId: string | undefined, done: string) => async (body: unknown) => settle(await savePart(token, company.id, part, itemId, body), done);
  const askRemoval = (part: CompanyPart, itemId: string, title: string, text: string, done: string) =>
    setRemoval({
      title,
      text,
      confirm: 'Retirer',
      run: removing(
        () => removePart(token, company.id, part, itemId),
        (value) => {
          setAnswer(value);
          setNotice({ tone: 'success', text: done });
        },
      ),
    });

  async function confirmRemoval() {
    if (!removal) return;
    setRemoval({ ...removal, busy: true, error: undefined });
    const error = await removal.run();
    setRemoval(error ? { ...removal, busy: false, error } : undefined);
  }

  async function invite(person: Company['people'][number]) {
    const result = await invitePerson(token, company.id, person.id);
    if (!result.ok && result.unauthorized) return signal('unauthorized');
    setNotice(result.ok ? { tone: 'success', text: `Lien de connexion envoyé à ${person.email}.` } : { tone: 'error', text: result.message });
  }

  const shopName = (shopId: string | null) => company.shops.find((shop) => shop.id === shopId)?.name ?? 'Aucune boutique';
  const isEditing = (part: CompanyPart | 'societe', itemId?: string) => editing?.part === part && (editing.part === 'societe' || ('id' in editing ? editing.id : undefined) === itemId);

  return (
    <div className="clients">
      <p className="clients-back">
        <a href={customersPages.list}>Tous les clients</a>
      </p>
      <h1 className="admin-title">{company.name}</h1>
      <NoticeLine notice={notice} />

      <section className="clients-panel" aria-labelledby="clients-company-title">
        <h2 id="clients-company-title">Fiche de la société</h2>
        {isEditing('societe') ? (
          <CompanyForm company={company} close={close} submit={async (draft) => settle(await changeCompany(token, company.id, { ...draft, updatedAt: company.updatedAt }), 'Fiche de la société enregistrée.')} />
        ) : (
          <>
            <dl className="clients-facts">
              <dt>Code client</dt>
              <dd>{company.clientCode}</dd>
              <dt>Territoire</dt>
              <dd>{territoryOf(company.territory).label}</dd>
              <dt>Contrat de maintenance</dt>
              <dd>
                <ContractBadge contractEndsOn={company.contractEndsOn} />
              </dd>
            </dl>
            {may.editCompany && (
              <div className="admin-view-buttons">
                <button type="button" className="btn btn-secondary" onClick={() => setEditing({ part: 'societe' })}>
                  Modifier la fiche
                </button>
                <button
                  type="button"
                  className="btn admin-btn-danger-outline"
                  onClick={() =>
                    setRemoval({
                      title: `Supprimer ${company.name}\u202f?`,
                      text: `La société, ses ${company.people.length} personne(s) et ses ${company.equipment.length} équipement(s) seront supprimés\u202f; ses personnes ne pourront plus se connecter à l’espace client.`,
                      confirm: 'Supprimer la société',
                      run: removing(
                        () => deleteCompany(token, company.id),
                        () => window.location.assign(customersPages.list),
                      ),
                    })
                  }
                >
                  Supprimer la société
                </button>
              </div>
            )}
          </>
        )}
      </section>

      <section className="clients-panel" aria-labelledby="clients-shops-title">
        <h2 id="clients-shops-title">Boutiques</h2>
        {company.shops.length === 0 && <p className="admin-empty">Aucune boutique.</p>}
        <ul className="clients-items">
          {company.shops.map((shop) => (
            <li key={shop.id} className="clients-item">
              {isEditing('boutiques', shop.id) ? (
                <TextItemForm title={`Modifier ${shop.name}`} initial={{ name: shop.name, address: shop.address }} labels={SHOP_FIELDS} submit={savePartOf('boutiques', shop.id, 'Boutique enregistrée.')} onCancel={close} />
              ) : (
                <ItemLine
                  title={shop.name}
                  lines={[shop.address || 'Adresse non renseignée']}
                  editable={may.editCompany}
                  onEdit={() => setEditing({ part: 'boutiques', id: shop.id })}
                  onRemove={() => askRemoval('boutiques', shop.id, `Retirer la boutique ${shop.name}\u202f?`, 'Ses équipements restent dans la fiche, sans boutique.', 'Boutique retirée.')}
                />
              )}
            </li>
          ))}
        </ul>
        {may.editCompany && (isEditing('boutiques') ? <TextItemForm title="Nouvelle boutique" initial={{ name: '', address: '' }} labels={SHOP_FIELDS} submit={savePartOf('boutiques', undefined, 'Boutique ajoutée.')} onCancel={close} /> : <AddButton label="Ajouter une boutique" onClick={() => setEditing({ part: 'boutiques' })} />)}
      </section>

      <section className="clients-panel" aria-labelledby="clients-people-title">
        <h2 id="clients-people-title">Personnes</h2>
        {company.people.length === 0 && <p className="admin-empty">Aucune personne&nbsp;: ajoutez-en une pour lui ouvrir l’espace client.</p>}
        <ul className="clients-items">
          {company.people.map((person) => (
            <li key={person.id} className="clients-item">
              {isEditing('personnes', person.id) ? (
                <TextItemForm title={`Modifier ${person.name}`} initial={{ name: person.name, email: person.email, phone: person.phone }} labels={PERSON_FIELDS} submit={savePartOf('personnes', person.id, 'Personne enregistrée.')} onCancel={close} />
              ) : (
                <ItemLine
                  title={person.name}
                  lines={[person.email, person.phone || 'Téléphone non renseigné', person.lastSignInAt ? `Dernière connexion le ${moment(person.lastSignInAt, company.territory)}` : 'Jamais connecté(e)']}
                  editable={may.editCompany}
                  onEdit={() => setEditing({ part: 'personnes', id: person.id })}
                  onRemove={() =>
                    askRemoval('personnes', person.id, `Retirer ${person.name}\u202f?`, 'Ses sessions et ses clés d’accès seront supprimées\u00a0: elle ne pourra plus se connecter à l’espace client.', 'Personne retirée.')
                  }
                >
                  {may.editCompany && (
                    <button type="button" className="btn btn-secondary" onClick={() => void invite(person)} aria-label={`Inviter ${person.name}`}>
                      Inviter
                    </button>
                  )}
                </ItemLine>
              )}
            </li>
          ))}
        </ul>
        {may.editCompany && (isEditing('personnes') ? <TextItemForm title="Nouvelle personne" initial={{ name: '', email: '', phone: '' }} labels={PERSON_FIELDS} submit={savePartOf('personnes', undefined, 'Personne ajoutée.')} onCancel={close} /> : <AddButton label="Ajouter une personne" onClick={() => setEditing({ part: 'personnes' })} />)}
      </section>

      <section className="clients-panel" aria-labelledby="clients-equipment-title">
        <h2 id="clients-equipment-title">Équipements</h2>
        {company.equipment.length === 0 && <p className="admin-empty">Aucun équipement.</p>}
        <ul className="clients-items">
          {company.equipment.map((equipment) => (
            <li key={equipment.id} className="clients-item">
              {isEditing('equipements', equipment.id) ? (
                <EquipmentForm token={token} shops={company.shops} initial={equipment} submit={savePartOf('equipements', equipment.id, 'Équipement enregistré.')} onCancel={close} />
              ) : (
                <ItemLine
                  title={equipment.productSlug ? <a href={productPath(equipment.productSlug)}>{equipment.model}</a> : equipment.model}
                  lines={[equipment.serial ? `N°\u00a0de série ${equipment.serial}` : 'N°\u00a0de série non renseigné', shopName(equipment.shopId)]}
                  badge={equipment.underContract ? <span className="admin-badge admin-badge--green">Sous contrat</span> : <span className="admin-badge admin-badge--grey">Hors contrat</span>}
                  editable={may.editEquipment}
                  onEdit={() => setEditing({ part: 'equipements', id: equipment.id })}
                  onRemove={() => askRemoval('equipements', equipment.id, `Retirer ${equipment.model}\u202f?`, 'L’équipement sera retiré de la fiche de la société.', 'Équipement retiré.')}
                />
              )}
            </li>
          ))}
        </ul>
        {may.editEquipment &&
          (isEditing('equipements') ? (
            <EquipmentForm token={token} shops={company.shops} submit={savePartOf('equipements', undefined, 'Équipement ajouté.')} onCancel={close} />
          ) : (
            <AddButton label="Ajouter un équipement" onClick={() => setEditing({ part: 'equipements' })} />
          ))}
      </section>

      <CompanyWorkshop token={token} companyId={company.id} />

      {removal && (
        <ConfirmDialog
          title={removal.title}
          text={removal.text}
          confirmLabel={removal.confirm}
          busyLabel="Suppression…"
          busy={removal.busy}
          error={removal.error}
          onConfirm={() => void confirmRemoval()}
          onCancel={() => setRemoval(undefined)}
        />
      )}
    </div>
  );
}

/** The company's own fields, from the version shown. */
function CompanyForm({ company, close, submit }: { company: Company; close: () => void; submit: (draft: CompanyDraft) => Promise<FormState | undefined> }) {
  const [draft, setDraft] = useState<CompanyDraft>({ name: company.name, clientCode: company.clientCode, territory: company.territory, contractEndsOn: company.contractEndsOn ?? '' });
  return (
    <ItemForm title="Modifier la fiche" submit={() => submit(draft)} onCancel={close}>
      {(fields) => <CompanyFields draft={draft} onChange={setDraft} fields={fields} />}
    </ItemForm>
  );
}

/** An item of a list: its title, its lines, « Modifier » and « Retirer » when allowed, and more buttons. */
function ItemLine({ title, lines, badge, editable, onEdit, onRemove, children }: { title: ReactNode; lines: string[]; badge?: ReactNode; editable: boolean; onEdit: () => void; onRemove: () => void; children?: ReactNode }) {
  const name = typeof title === 'string' ? title : '';
  return (
    <>
      <div className="admin-card-head">
        <h3 className="clients-item-title">{title}</h3>
        {badge}
      </div>
      {lines.map((line) => (
        <p key={line} className="clients-item-line">
          {line}
        </p>
      ))}
      {(editable || children) && (
        <div className="admin-view-buttons">
          {children}
          {editable && (
            <>
              <button type="button" className="btn btn-secondary" onClick={onEdit} aria-label={name ? `Modifier ${name}` : undefined}>
                Modifier
              </button>
              <button type="button" className="btn admin-btn-danger-outline" onClick={onRemove} aria-label={name ? `Retirer ${name}` : undefined}>
                Retirer
              </button>
            </>
          )}
        </div>
      )}
    </>
  );
}

const AddButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <button type="button" className="btn btn-secondary" onClick={onClick}>
    {label}
  </button>
);

export default function CompanyAdmin() {
  const [id, setId] = useState<string | undefined>();
  useEffect(() => setId(new URLSearchParams(window.location.search).get('id') ?? ''), []);
  if (id === undefined) return <p className="admin-status-line">Chargement…</p>;
  if (!id) {
    return (
      <p className="admin-alert" role="alert">
        Aucune société n’est indiquée. <a href={customersPages.list}>Voir la liste des clients</a>
      </p>
    );
  }
  return <StaffGate>{(token, signal) => <CompanyView token={token} signal={signal} id={id} />}</StaffGate>;
}
