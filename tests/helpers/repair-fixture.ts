/** A repair order as the workshop keeps it, for the tests of its documents: the counter's deposit, then what follows. */
import sharp from 'sharp';
import { signatureFromDataUrl } from '../../netlify/lib/tickets/signature.ts';
import type { Repair } from '../../src/features/repairs/model.ts';

/** A terminal deposited at the counter, waiting (« Attendu »); `changes` moves it on. */
export const sampleRepair = (changes: Partial<Repair> = {}): Repair => ({
  id: '6f1c2a3e-1111-4222-8333-444455556666',
  reference: 'RP-2026-00042',
  companyId: 'societe-1',
  companyName: 'Supérette du Bourg',
  territory: 'martinique',
  device: { equipmentId: null, model: 'Terminal de paiement Ingenico Move 5000', serial: 'SN-58A9-7731' },
  accessories: 'Chargeur, socle, câble USB',
  fault: 'L’écran reste noir à l’allumage ; la batterie chauffe.',
  warranty: 'hors_garantie',
  origin: 'comptoir',
  ticketId: null,
  state: 'attendu',
  stateSince: '2026-05-21T20:30:00.000Z',
  openedAt: '2026-05-21T20:30:00.000Z',
  openedBy: { kind: 'staff', id: 'tech-1', name: 'Marc Édouard' },
  receivedAt: null,
  reception: null,
  technician: null,
  diagnosis: '',
  devis: null,
  loan: null,
  report: null,
  contactPersonId: null,
  history: [],
  updatedAt: '2026-05-21T20:30:00.000Z',
  ...changes,
});

/** A customer's signature as the counter's pad makes it ready (a dark stroke, 600 × 200), for the documents' tests. */
export async function signaturePng(): Promise<Uint8Array> {
  const png = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from('<svg width="600" height="200"><path d="M20 160 C 160 20, 300 190, 580 50" stroke="#111" stroke-width="6" fill="none"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();
  return signatureFromDataUrl(`data:image/png;base64,${png.toString('base64')}`)!;
}
