/**
 * « Notifications sur cet appareil » in « Mon compte » (staff), a card like the page's others: turns Web
 * Push on or off for this device (the technicians' app's service worker, scope /admin/tickets, receives
 * them). Says plainly when the browser cannot (no service worker or push; on iPhone, only once the app is
 * on the home screen), when the person refused notifications, when the server has no VAPID keys, and when
 * the browser's push service cannot be reached (it answers nothing within PUSH_WAIT_MS, or refuses).
 */
import { useEffect, useId, useState } from 'react';
import { call } from '../../lib/api-client';
import ErrorAlert from '../../lib/ErrorAlert';
import StaffGate from '../team/StaffGate';
import { PUSH_API } from './on-call';
import { fieldRegistration } from './register';
import './PushToggle.css';

/** The VAPID public key (base64url) as the browser's subscribe() takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

type Phase = { name: 'checking' } | { name: 'unsupported'; why: string } | { name: 'off' } | { name: 'on' };

/** How long the browser's push service (and the worker it needs) may take before the screen says it cannot be reached. */
const PUSH_WAIT_MS = 8_000;

/** The push service did not answer in time, or refused to subscribe this device. */
const PUSH_UNREACHABLE = 'Le service de notifications du navigateur ne répond pas\u00a0: vérifiez la connexion de l’appareil, puis réessayez dans un instant.';

/** The promise's value, or a TimeoutError after PUSH_WAIT_MS. */
function inTime<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new DOMException('push service', 'TimeoutError')), PUSH_WAIT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The registration once its worker is active (push needs it), registered if needed. */
async function activeRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const registration = await fieldRegistration();
  if (!registration || registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  await new Promise<void>((resolve) => {
    const settle = () => (worker?.state === 'activated' || worker?.state === 'redundant' || !worker) && resolve();
    worker?.addEventListener('statechange', settle);
    settle();
  });
  return registration.active ? registration : undefined;
}

const UNSUPPORTED = 'Ce navigateur ne reçoit pas de notifications. Sur iPhone, ajoutez d’abord l’application «\u00a0Sur l’écran d’accueil\u00a0» (bouton Partager de Safari), puis ouvrez-la depuis l’écran d’accueil.';

function Toggle({ token }: { token: string }) {
  const [phase, setPhase] = useState<Phase>({ name: 'checking' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void (async () => {
      if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return setPhase({ name: 'unsupported', why: UNSUPPORTED });
      try {
        const registration = await inTime(fieldRegistration());
        const subscription = await inTime(registration?.pushManager.getSubscription() ?? Promise.resolve(null));
        setPhase(subscription ? { name: 'on' } : { name: 'off' });
      } catch {
        setPhase({ name: 'off' });
      }
    })();
  }, []);

  async function turnOn() {
    setBusy(true);
    setError('');
    try {
      const server = await call(token, PUSH_API);
      if (!server.ok) return setError(server.message);
      if ((await Notification.requestPermission()) !== 'granted') return setError('Les notifications sont refusées pour ce site\u00a0: autorisez-les dans les réglages du navigateur, puis réessayez.');
      const registration = await inTime(activeRegistration());
      if (!registration) return setError(UNSUPPORTED);
      const subscription = await inTime(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(String((server.value.data as { publicKey: string }).publicKey)) }));
      const saved = await call(token, PUSH_API, { method: 'PUT', body: JSON.stringify({ ...subscription.toJSON(), device: navigator.userAgent.includes('Mobile') ? 'Téléphone' : 'Ordinateur' }) });
      if (!saved.ok) {
        await subscription.unsubscribe();
        return setError(saved.message);
      }
      setPhase({ name: 'on' });
    } catch {
      // No answer in time, or the push service refused (Chromium: « push service not available »).
      setError(PUSH_UNREACHABLE);
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setError('');
    try {
      const registration = await inTime(fieldRegistration());
      const subscription = await inTime(registration?.pushManager.getSubscription() ?? Promise.resolve(null));
      if (subscription) {
        await call(token, PUSH_API, { method: 'DELETE', body: JSON.stringify({ endpoint: subscription.endpoint }) });
        await inTime(subscription.unsubscribe());
      }
      setPhase({ name: 'off' });
    } catch {
      setError(PUSH_UNREACHABLE);
    } finally {
      setBusy(false);
    }
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
  const id = useId();
  return (
    <div className="account push-toggle">
      <section className="admin-card account-section" aria-labelledby={id}>
        <h2 id={id} className="admin-card-title">
          Notifications sur cet appareil
        </h2>
        <StaffGate>{(token) => <Toggle token={token} />}</StaffGate>
      </section>
    </div>
  );
}
