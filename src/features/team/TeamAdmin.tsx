/**
 * /admin/equipe (administrators): the team, the owner first (changed in the site's configuration only),
 * « Inviter une personne » (the link is shown to copy, and e-mailed), and for each account: role,
 * territories, disable / re-enable, « Réinitialiser le second facteur », « Déconnecter toutes les
 * sessions », a new invitation link. Every refusal shows the server's French sentence.
 */
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { TERRITORIES, territoryOf, type TerritoryId } from '../../lib/territories';
import { accountStateLabel, ROLES, roleLabel, type RoleId } from './roles';
import ConfirmDialog from '../../lib/ConfirmDialog';
import ChoiceSelect from './ChoiceSelect';
import StaffGate, { type GateSignal } from './StaffGate';
import { changeAccount, inviteAccount, loadTeam, type Account, type Result } from './team-client';
import type { AccountAction } from './team-paths';
import { useNoticeInView } from '../../lib/notice-in-view';

type Notice = { tone: 'success' | 'error'; text: string; link?: string } | undefined;

const STATE_TONE = { actif: 'green', invite: 'amber', desactive: 'grey' } as const;

/** Territory checkboxes (one at least). */
function TerritoryChoice({ legend, value, onChange }: { legend: string; value: TerritoryId[]; onChange: (next: TerritoryId[]) => void }) {
  const id = useId();
  return (
    <fieldset className="team-territories">
      <legend>{legend}</legend>
      {TERRITORIES.map((territory) => (
        <label key={territory.id} htmlFor={`${id}-${territory.id}`}>
          <input
            id={`${id}-${territory.id}`}
            type="checkbox"
            checked={value.includes(territory.id)}
            onChange={(event) => onChange(event.target.checked ? [...value, territory.id] : value.filter((other) => other !== territory.id))}
          />{' '}
          {territory.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A role among the roles table. */
const RoleSelect = ({ id, label, value, onChange }: { id: string; label: string; value: RoleId; onChange: (role: RoleId) => void }) => (
  <ChoiceSelect id={id} label={label} value={value} choices={ROLES} onChange={(role) => onChange(role as RoleId)} />
);

function InviteForm({ token, onDone, signal }: { token: string; onDone: (notice: Notice) => void; signal: (what: GateSignal) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleId>('commercial');
  const [territories, setTerritories] = useState<TerritoryId[]>(['martinique']);
  // Sending, or the refusal to show ('' when none).
  const [state, setState] = useState<{ sending: boolean; error: string }>({ sending: false, error: '' });
  const { sending, error } = state;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ sending: true, error: '' });
    const result = await inviteAccount(token, { name, email, role, territories });
    if (!result.ok && result.unauthorized) signal('unauthorized');
    setState({ sending: false, error: result.ok ? '' : result.message });
    if (!result.ok) return;
    setName('');
    setEmail('');
    onDone({ tone: 'success', text: `Invitation envoyée à ${result.value.data?.email ?? email}. Le lien ci-dessous est valable 48\u00a0heures et ne sert qu’une fois\u00a0:`, link: result.value.link });
  }

  return (
    <section className="team-panel" aria-labelledby="team-invite-title">
      <h2 id="team-invite-title">Inviter une personne</h2>
      <form onSubmit={submit} className="team-invite">
        {error && (
          <p className="admin-alert" role="alert">
            {error}
          </p>
        )}
        <div className="admin-field">
          <label htmlFor="team-name">Nom</label>
          <input id="team-name" name="name" autoComplete="off" required value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor="team-email">Adresse e-mail</label>
          <input id="team-email" name="email" type="email" autoComplete="off" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <RoleSelect id="team-role" label="Rôle" value={role} onChange={setRole} />
        <TerritoryChoice legend="Territoires" value={territories} onChange={setTerritories} />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? 'Envoi…' : 'Envoyer l’invitation'}
        </button>
      </form>
    </section>
  );
}

function AccountCard({ account, run }: { account: Account; run: (account: Account, action: AccountAction, body?: unknown) => void }) {
  const [territories, setTerritories] = useState<TerritoryId[]>(account.territories);
  useEffect(() => setTerritories(account.territories), [account.territories]);
  const titleId = useId();
  const factors = [account.passkeys.length > 0 ? `${account.passkeys.length}\u00a0clé(s) d’accès` : '', account.hasTotp ? 'application d’authentification' : ''].filter(Boolean);
  return (
    <li className="admin-card team-card" aria-labelledby={titleId}>
      <div className="admin-card-head">
        <h3 id={titleId} className="admin-card-title">
          {account.name}
        </h3>
        <span className={`admin-badge admin-badge--${STATE_TONE[account.state]}`}>{accountStateLabel(account.state)}</span>
      </div>
      <p className="admin-card-company">
        {account.owner ? 'Propriétaire du site' : account.email}&nbsp;· {roleLabel(account.role)}&nbsp;· {account.territories.map((id) => territoryOf(id).label).join(', ')}
      </p>
      {account.owner ? (
        <>
          <p className="team-note">Le compte du propriétaire du site ne se change pas ici&#8239;: son identifiant et son mot de passe sont dans la configuration de l’hébergement du site.</p>
          <p className="team-note team-note--technical">
            Pour la personne qui gère l’hébergement&nbsp;: variables <code>ADMIN_USERNAME</code> et <code>ADMIN_PASSWORD_HASH</code>.
          </p>
        </>
      ) : (
        <>
          <p className="team-note">Second facteur&nbsp;: {factors.length > 0 ? factors.join(', ') : 'aucun'}</p>
          <div className="team-actions">
            <RoleSelect id={`${titleId}-role`} label={`Rôle de ${account.name}`} value={account.role} onChange={(role) => run(account, 'role', { role })} />
            <TerritoryChoice legend={`Territoires de ${account.name}`} value={territories} onChange={setTerritories} />
            <button type="button" className="btn btn-secondary" onClick={() => run(account, 'territoires', { territories })}>
              Enregistrer les territoires
            </button>
          </div>
          <div className="admin-view-buttons">
            {account.state === 'desactive' ? (
              <button type="button" className="btn btn-secondary" onClick={() => run(account, 'reactivation')}>
                Réactiver
              </button>
            ) : (
              <button type="button" className="btn admin-btn-danger-outline" onClick={() => run(account, 'desactivation')}>
                Désactiver
              </button>
            )}
            {account.state === 'invite' && (
              <button type="button" className="btn btn-secondary" onClick={() => run(account, 'invitation')}>
                Nouveau lien d’invitation
              </button>
            )}
            {/* Only what applies: a second factor to forget once there is one, sessions to end on an active account. */}
            {factors.length > 0 && (
              <button type="button" className="btn btn-secondary" onClick={() => run(account, 'second-facteur')}>
                Réinitialiser le second facteur
              </button>
            )}
            {account.state === 'actif' && (
              <button type="button" className="btn btn-secondary" onClick={() => run(account, 'sessions')}>
                Déconnecter toutes les sessions
              </button>
            )}
          </div>
        </>
      )}
    </li>
  );
}

/** The actions that take something away from a person: each asks first, saying what it does. */
const CONFIRMATIONS: Partial<Record<AccountAction, { title: (name: string) => string; text: string; confirm: string; busy: string }>> = {
  desactivation: {
    title: (name) => `Désactiver le compte de ${name} ?`,
    text: 'Ses sessions sont fermées tout de suite et il ne peut plus se connecter. Vous pourrez le réactiver.',
    confirm: 'Désactiver',
    busy: 'Désactivation…',
  },
  'second-facteur': {
    title: (name) => `Réinitialiser le second facteur de ${name} ?`,
    text: 'Ses clés d’accès et son application d’authentification sont oubliées et ses sessions fermées. Il devra suivre un nouveau lien d’invitation.',
    confirm: 'Réinitialiser',
    busy: 'Réinitialisation…',
  },
  sessions: {
    title: (name) => `Déconnecter toutes les sessions de ${name} ?`,
    text: 'Chacun de ses appareils devra se reconnecter.',
    confirm: 'Déconnecter',
    busy: 'Déconnexion…',
  },
};

const DONE: Record<AccountAction, string> = {
  role: 'Rôle changé',
  territoires: 'Territoires enregistrés',
  desactivation: 'Compte désactivé',
  reactivation: 'Compte réactivé',
  'second-facteur': 'Second facteur réinitialisé\u00a0: envoyez un nouveau lien d’invitation',
  sessions: 'Toutes les sessions sont déconnectées',
  invitation: 'Nouveau lien d’invitation envoyé',
};

function Team({ token, signal }: { token: string; signal: (what: GateSignal) => void }) {
  const [team, setTeam] = useState<Result<Account[]> | undefined>();
  const [notice, setNotice] = useState<Notice>();
  const [asking, setAsking] = useState<{ account: Account; action: AccountAction; busy: boolean }>();
  const noticeRef = useNoticeInView<HTMLDivElement>(notice);

  const reload = useCallback(async () => {
    const result = await loadTeam(token);
    if (!result.ok && result.unauthorized) signal('unauthorized');
    else if (!result.ok && result.status === 403) signal('forbidden');
    else setTeam(result);
  }, [token, signal]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const change = async (account: Account, action: AccountAction, body?: unknown) => {
    const result = await changeAccount(token, account.id, action, body);
    if (!result.ok && result.unauthorized) return signal('unauthorized');
    setNotice(result.ok ? { tone: 'success', text: `${account.name}\u00a0: ${DONE[action]}.`, link: result.value.link } : { tone: 'error', text: result.message });
    await reload();
  };
  const run = (account: Account, action: AccountAction, body?: unknown) => {
    if (CONFIRMATIONS[action]) setAsking({ account, action, busy: false });
    else void change(account, action, body);
  };
  const question = asking && CONFIRMATIONS[asking.action];

  return (
    <div className="team">
      {asking && question && (
        <ConfirmDialog
          title={question.title(asking.account.name)}
          text={question.text}
          confirmLabel={question.confirm}
          busyLabel={question.busy}
          busy={asking.busy}
          onCancel={() => setAsking(undefined)}
          onConfirm={async () => {
            setAsking({ ...asking, busy: true });
            await change(asking.account, asking.action);
            setAsking(undefined);
          }}
        />
      )}
      {notice && (
        <div ref={noticeRef} tabIndex={-1} className={notice.tone === 'success' ? 'admin-success' : 'admin-alert'} role={notice.tone === 'success' ? 'status' : 'alert'}>
          <p>{notice.text}</p>
          {notice.link && <InvitationLink link={notice.link} />}
        </div>
      )}
      <InviteForm token={token} signal={signal} onDone={(next) => (setNotice(next), void reload())} />
      <section aria-labelledby="team-list-title">
        <h2 id="team-list-title">L’équipe</h2>
        {!team && <p className="admin-status-line">Chargement…</p>}
        {team && !team.ok && (
          <p className="admin-alert" role="alert">
            {team.message}
          </p>
        )}
        {team?.ok && (
          <ul className="admin-list">
            {team.value.map((account) => (
              <AccountCard key={account.id} account={account} run={(...args) => void run(...args)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The invitation link to copy, with « Copier le lien ». */
function InvitationLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="team-link">
      <label htmlFor="team-link">Lien d’invitation</label>
      <input id="team-link" readOnly value={link} onFocus={(event) => event.target.select()} />
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => setCopied(false))}
      >
        {copied ? 'Lien copié' : 'Copier le lien'}
      </button>
    </div>
  );
}

export default function TeamAdmin() {
  return <StaffGate>{(token, signal) => <Team token={token} signal={signal} />}</StaffGate>;
}
