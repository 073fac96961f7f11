/**
 * The counter's form (/admin/atelier/comptoir), made for the counter's screen: the company (searched by
 * name, or given by the page that sent here: `?societe=`, `?ticket=`, `?equipement=`; `?reparation=` for a
 * repair opened « Attendu », whose device has come: only its reception is left), the device (from its
 * equipment, or model and serial typed), the accessories left, the fault as reported, the warranty, who to
 * tell; then the reception — the visible state, photos, the customer's name and signature on the screen.
 * « Réceptionner » opens the repair and makes the deposit slip at once; « Ouvrir seulement » opens it
 * « Attendu » (a device that will come). Once done: the slip and the label to print, the repair's page.
 * A retried submit keeps its idempotency key, so a lost answer never opens a second repair.
 */
import { lazy, Suspense, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { call, type Failure } from '../../lib/api-client';
import ErrorAlert from '../../lib/ErrorAlert';
import { customersApi } from '../customers/admin-api';
import type { Company } from '../customers/model';
import StaffGate, { type GateSignal } from '../team/StaffGate';
import { useGateFailure } from '../tickets/staff-client';
import { resizePhotos } from '../tickets/photo-upload';
import { TICKET_PHOTO_ACCEPT, TICKET_PHOTOS_MAX } from '../tickets/photo-rules';
import type { StaffRepair } from './model';
import { loadRepair, openRepairCall, openRepairFile, receiveCall } from './repair-client';
import { repairApi, repairPages } from '../../lib/repair-paths';
import { WARRANTIES, type Warranty } from './states';
import '../tickets/TicketsAdmin.css';
import './repairs-admin.css';

const SignaturePad = lazy(() => import('../tickets/SignaturePad'));

type CompanyChoice = { id: string; name: string; clientCode: string };

function FieldError({ name, fields }: { name: string; fields: Record<string, string> }) {
  return fields[name] ? (
    <p className="repair-field-error" id={`erreur-${name}`}>
      {fields[name]}
    </p>
  ) : null;
}

function Counter({ token, signal }: { token: string; signal: (what: GateSignal) => void }) {
  const failed = useGateFailure(signal);
  const given = new URLSearchParams(window.location.search);
  const [search, setSearch] = useState('');
  const [choices, setChoices] = useState<CompanyChoice[]>([]);
  const [company, setCompany] = useState<Company>();
  const [equipmentId, setEquipmentId] = useState(given.get('equipement') ?? '');
  const [model, setModel] = useState('');
  const [serial, setSerial] = useState('');
  const [accessories, setAccessories] = useState('');
  const [fault, setFault] = useState('');
  const [warranty, setWarranty] = useState<Warranty | ''>('');
  const [contactPersonId, setContactPersonId] = useState('');
  const [condition, setCondition] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [signedBy, setSignedBy] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const [opened, setOpened] = useState<StaffRepair>();
  const [done, setDone] = useState<StaffRepair>();
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const photosInput = useRef<HTMLInputElement>(null);

  const pickCompany = async (id: string) => {
    const result = await call(token, customersApi.company(id));
    if (!result.ok) return setError(failed(result));
    const chosen = result.value.data as Company;
    setCompany(chosen);
    setContactPersonId(chosen.people[0]?.id ?? '');
    setChoices([]);
  };

  /** A repair opened « Attendu » (`?reparation=`), received here: its company and what was said at its opening. */
  const receiveOpened = async (repairId: string) => {
    const result = await loadRepair(token, repairId);
    if (!result.ok) return setError(failed(result));
    const { repair } = result.value;
    // Already received: the reception's own refusal says so when it is sent.
    setOpened(result.value);
    setEquipmentId(repair.device.equipmentId ?? '');
    setModel(repair.device.model);
    setSerial(repair.device.serial);
    setAccessories(repair.accessories);
    setFault(repair.fault);
    setWarranty(repair.warranty);
    await pickCompany(repair.companyId);
    setContactPersonId(repair.contactPersonId ?? '');
  };

  useEffect(() => {
    const repairId = given.get('reparation');
    const id = given.get('societe');
    if (repairId) void receiveOpened(repairId);
    else if (id) void pickCompany(id);
    // The page's address is read once, when the screen opens.
  }, []);

  const findCompanies = async (event: SubmitEvent) => {
    event.preventDefault();
    const result = await call(token, `${customersApi.list}?q=${encodeURIComponent(search.trim())}`);
    if (!result.ok) return setError(failed(result));
    setError('');
    setChoices((result.value.data as CompanyChoice[]).slice(0, 10));
  };

  const refused = (result: Failure) => {
    setError(failed(result));
    setFields(result.fields ?? {});
    setBusy(false);
  };

  const submit = async (receive: boolean) => {
    if (!company) return setError('Choisissez d’abord la société.');
    setBusy(true);
    setError('');
    setFields({});
    let repair = opened;
    if (!repair) {
      const body = {
        companyId: company.id,
        equipmentId: equipmentId || null,
        model: equipmentId ? '' : model,
        serial: equipmentId ? '' : serial,
        accessories,
        fault,
        warranty,
        origin: given.get('ticket') ? 'ticket' : given.get('societe') ? 'societe' : 'comptoir',
        ticketId: given.get('ticket'),
        contactPersonId: contactPersonId || null,
        idempotencyKey: key,
      };
      const result = await openRepairCall(token, body);
      if (!result.ok) return refused(result);
      repair = result.value;
      setOpened(repair);
    }
    if (!receive) {
      setBusy(false);
      return setDone(repair);
    }
    if (!signature) {
      setBusy(false);
      return setFields({ signature: 'La signature du client est demandée\u00a0: faites-le signer dans le cadre.' });
    }
    const form = new FormData();
    form.append('condition', condition);
    form.append('accessories', accessories);
    form.append('signedBy', signedBy);
    form.append('signature', signature);
    for (const photo of await resizePhotos(photos)) form.append('photos', photo);
    const result = await receiveCall(token, repair.repair.id, form);
    if (!result.ok) return refused(result);
    setBusy(false);
    setDone(result.value);
  };

  if (done) {
    const { repair } = done;
    return (
      <section className="repair-done" aria-labelledby="repair-done-title">
        <h2 id="repair-done-title">
          Réparation {repair.reference} {repair.reception ? 'reçue à l’atelier' : 'ouverte, appareil attendu'}
        </h2>
        <p>
          {repair.companyName}&nbsp;· {repair.device.model}
          {repair.device.serial ? `\u00a0· n°\u00a0${repair.device.serial}` : ''}
        </p>
        <div className="repair-buttons">
          {repair.reception && (
            <>
              <button type="button" className="btn btn-primary" onClick={() => void openRepairFile(token, repairApi.slip(repair.id))}>
                Imprimer le bon de dépôt
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => void openRepairFile(token, repairApi.label(repair.id))}>
                Imprimer l’étiquette
              </button>
            </>
          )}
          <a className="btn btn-secondary" href={repairPages.view(repair.id)}>
            Voir la réparation
          </a>
          <a className="btn btn-secondary" href={repairPages.counter}>
            Nouvelle réparation
          </a>
        </div>
      </section>
    );
  }

  return (
    <div className="repair-counter">
      <ErrorAlert text={error} />
      <section className="ticket-panel" aria-labelledby="counter-company">
        <h2 id="counter-company">{opened ? `Réception de la réparation ${opened.repair.reference}` : 'Société'}</h2>
        {company ? (
          <p>
            <strong>{company.name}</strong> ({company.clientCode}){' '}
            {!opened && (
              <button type="button" className="btn btn-secondary" onClick={() => setCompany(undefined)}>
                Changer de société
              </button>
            )}
          </p>
        ) : (
          <form className="repairs-search" role="search" onSubmit={(event) => void findCompanies(event)}>
            <label htmlFor="counter-search">Rechercher la société</label>
            <input id="counter-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Nom ou code client" />
            <button type="submit" className="btn btn-secondary">
              Rechercher
            </button>
          </form>
        )}
        {!company && choices.length > 0 && (
          <ul className="repair-buttons" aria-label="Sociétés trouvées">
            {choices.map((choice) => (
              <li key={choice.id}>
                <button type="button" className="btn btn-secondary" onClick={() => void pickCompany(choice.id)}>
                  {choice.name} ({choice.clientCode})
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {company && (
        <form className="repair-form ticket-panel" onSubmit={(event) => event.preventDefault()} aria-label="Dépôt d’un appareil">
          <h2>Appareil déposé</h2>
          <div className="repair-fields">
            <div className="repair-field repair-field--wide">
              <label htmlFor="counter-equipment">Appareil</label>
              <select id="counter-equipment" value={equipmentId} onChange={(event) => setEquipmentId(event.target.value)} disabled={Boolean(opened)}>
                <option value="">Autre appareil (à saisir)</option>
                {company.equipment.map((equipment) => (
                  <option key={equipment.id} value={equipment.id}>
                    {equipment.model} — n° {equipment.serial || '—'}
                  </option>
                ))}
              </select>
            </div>
            {!equipmentId && (
              <>
                <div className="repair-field">
                  <label htmlFor="counter-model">Modèle</label>
                  <input id="counter-model" value={model} onChange={(event) => setModel(event.target.value)} disabled={Boolean(opened)} aria-invalid={fields.model ? true : undefined} />
                  <FieldError name="model" fields={fields} />
                </div>
                <div className="repair-field">
                  <label htmlFor="counter-serial">Numéro de série</label>
                  <input id="counter-serial" value={serial} onChange={(event) => setSerial(event.target.value)} disabled={Boolean(opened)} />
                </div>
              </>
            )}
            <div className="repair-field">
              <label htmlFor="counter-accessories">Accessoires laissés</label>
              <input id="counter-accessories" value={accessories} onChange={(event) => setAccessories(event.target.value)} placeholder="Chargeur, câble, socle…" />
            </div>
            <div className="repair-field repair-field--wide">
              <label htmlFor="counter-contact">Personne à prévenir</label>
              <select id="counter-contact" value={contactPersonId} onChange={(event) => setContactPersonId(event.target.value)} disabled={Boolean(opened)}>
                {company.people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.email ? `${person.name} — ${person.email}` : person.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="repair-field">
            <label htmlFor="counter-fault">Panne signalée par le client</label>
            <textarea id="counter-fault" rows={3} value={fault} onChange={(event) => setFault(event.target.value)} disabled={Boolean(opened)} aria-invalid={fields.fault ? true : undefined} />
            <FieldError name="fault" fields={fields} />
          </div>
          <fieldset className="repair-field">
            <legend>Garantie</legend>
            <div className="repair-choices">
              {WARRANTIES.map((one) => (
                <label key={one.id}>
                  <input type="radio" name="warranty" value={one.id} checked={warranty === one.id} onChange={() => setWarranty(one.id)} disabled={Boolean(opened)} /> {one.label}
                </label>
              ))}
            </div>
            <FieldError name="warranty" fields={fields} />
          </fieldset>

          <h2 className="repair-section-title">Réception au comptoir</h2>
          <div className="repair-field">
            <label htmlFor="counter-condition">État visible de l’appareil</label>
            <textarea id="counter-condition" rows={2} value={condition} onChange={(event) => setCondition(event.target.value)} placeholder="Rayures, chocs, écran…" aria-invalid={fields.condition ? true : undefined} />
            <FieldError name="condition" fields={fields} />
          </div>
          <div className="repair-field">
            <label htmlFor="counter-photos">Photos de l’appareil ({TICKET_PHOTOS_MAX} au plus)</label>
            {/* The browser's own file field speaks its own language (« No file chosen »): the field stays, labelled and filled by a French button. */}
            <input
              ref={photosInput}
              id="counter-photos"
              className="visually-hidden"
              tabIndex={-1}
              type="file"
              accept={TICKET_PHOTO_ACCEPT}
              multiple
              onChange={(event) => setPhotos([...(event.target.files ?? [])].slice(0, TICKET_PHOTOS_MAX))}
            />
            <button type="button" className="btn btn-secondary repair-photos-choose" onClick={() => photosInput.current?.click()}>
              {photos.length > 0 ? 'Choisir d’autres photos' : 'Ajouter des photos'}
            </button>
            {photos.length > 0 && <p className="repair-photos-chosen">{`${photos.length > 1 ? `${photos.length} photos choisies` : '1 photo choisie'}\u00a0: ${photos.map((photo) => photo.name).join(', ')}`}</p>}
          </div>
          <div className="repair-field">
            <label htmlFor="counter-signed-by">Nom du client qui signe</label>
            <input id="counter-signed-by" value={signedBy} onChange={(event) => setSignedBy(event.target.value)} autoComplete="off" aria-invalid={fields.signedBy ? true : undefined} />
            <FieldError name="signedBy" fields={fields} />
          </div>
          <Suspense fallback={<p className="admin-status-line">Chargement de la zone de signature…</p>}>
            <SignaturePad onChange={setSignature} />
          </Suspense>
          <FieldError name="signature" fields={fields} />
          <div className="repair-buttons">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void submit(true)}>
              Réceptionner et faire le bon de dépôt
            </button>
            {!opened && (
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void submit(false)}>
                Ouvrir seulement (appareil attendu)
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}

export default function RepairCounter() {
  return <StaffGate>{(token, signal) => <Counter token={token} signal={signal} />}</StaffGate>;
}
