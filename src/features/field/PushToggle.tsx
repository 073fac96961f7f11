/**
 * « Notifications sur cet appareil » in « Mon compte » (staff): turns Web Push on or off for this device
 * (the technicians' app's service worker, scope /admin/tickets, receives them). Says plainly when the
 * browser cannot (no service worker or push; on iPhone, only once the app is on the home screen), when the
 * person refused notifications, or when the server has no VAPID keys.
 */
import { useEffect, useState } from 'react';
import { call } from '../../lib/api-client';
import ErrorAlert from '../../lib/ErrorAlert';
import StaffGate from '../team/StaffGate';
import { PUSH_API } from './on-call';
import { fieldRegistration } from './register';

/** The VAPID public key (base64url) as the browser's subscribe() takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

type Phase = { name: 'checking' } | { name: 'unsupported'; why: string } | { name: 'off' } | { name: 'on' };

const UNSUPPORTED = 'Ce navigateur ne reçoit pas de notifications. Sur iPhone, ajoutez d’abord l’application «\u00a0Sur l’écran d’accueil\u00a0» (bouton Partager de Safari), puis ouvrez-la depuis l’écran d’accueil.';

function Toggle({ token }: { token: string }) {
  const [phase, setPhase] = useState<Phase>({ name: 'checking' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void (async () => {
      if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return setPhase({ name: 'unsupported', why: UNSUPPORTED });
      const registration = await fieldRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      setPhase(subscription ? { name: 'on' } : { name: 'off' });
    })();
  }, []);

  async function turnOn() {
    setBusy(true);
    setError('');
    try {
      const server = await call(token, PUSH_API);
      if (!server.ok) return setError(server.message);
      if ((await Notification.requestPermission()) !== 'granted') return setError('Les notifications sont refusées pour ce site\u00a0: autorisez-les dans les réglages du navigateur, puis réessayez.');
      const registration = await fieldRegistration();
      if (!registration) return setError(UNSUPPORTED);
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(String((server.value.data as { publicKey: string }).publicKey)) });
      const saved = await call(token, PUSH_API, { method: 'PUT', body: JSON.stringify({ ...subscription.toJSON(), device: navigator.userAgent.includes('Mobile') ? 'Téléphone' : 'Ordinateur' }) });
      if (!saved.ok) {
        await subscription.unsubscribe();
        return setError(saved.message);
      }
      setPhase({ name: 'on' });
    } catch {
      setError('L’abonnement aux notifications a échoué. Réessayez dans un instant.');
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setError('');
    const registration = await fieldRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) {
      await call(token, PUSH_API, { method: 'DELETE', body: JSON.stringify({ endpoint: subscription.endpoint }) });
      await subscription.unsubscribe();
    }
    setPhase({ name: 'off' });
    setBusy(false);
  }

  if (phase.name === 'checking') return <p className="admin-status-line">Vérification…</p>;
  if (phase.name === 'unsupported') return <p className="admin-status-line">{phase.why}</p>;
  return (
    <>
      <p>
        {phase.name === 'on'
          ? 'Cet appareil reçoit les notifications\u00a0: tickets «\u00a0Bloquant\u00a0» (à toute heure pendant votre semaine d’astreinte), tickets qui vous sont attribués.'
          : 'Cet appareil ne reçoit pas de notifications.'}
      </p>
      <ErrorAlert text={error} />
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void (phase.name === 'on' ? turnOff() : turnOn())}>
        {phase.name === 'on' ? 'Couper les notifications sur cet appareil' : 'Activer les notifications sur cet appareil'}
      </button>
    </>
  );
}

export default function PushToggle() {
  return (
    <section className="account-section" aria-labelledby="push-title">
      <h2 id="push-title">Notifications sur cet appareil</h2>
      <StaffGate>{(token) => <Toggle token={token} />}</StaffGate>
    </section>
  );
}
