/**
 * Loan devices: each company's pool (store `repair-loans`, one blob per company: model, serial, state and
 * the device's loans), lent against one of its repairs and returned, with dates. A device is lent only while
 * « Disponible », and a repair holds one device at a time; the pool and the repair are each changed with a
 * conditional write, the pool first — if the repair then refuses (another loan landed in between), the
 * pool's change is undone, so a device is never left « Prêté » to nobody.
 */
import { randomUUID } from 'node:crypto';
import type { LoanDevice, Repair, RepairAuthor } from '../../../src/features/repairs/model.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { changeRepair, repairRefusal, type RepairOutcome, type RepairWriteOptions } from './repairs.ts';

interface Pool {
  devices: LoanDevice[];
}

const pools = () => strongStore(storeNames.repairLoans);

/** A company's loan devices, in the order they were added. */
export async function companyPool(companyId: string): Promise<LoanDevice[]> {
  return ((await pools().get(companyId, { type: 'json' })) as Pool | null)?.devices ?? [];
}

/** Adds a device to a company's pool (« Disponible »); answers the pool. */
export async function addLoanDevice(companyId: string, input: { model: string; serial: string }): Promise<LoanDevice[]> {
  const device: LoanDevice = { id: randomUUID(), model: input.model, serial: input.serial, state: 'disponible', loans: [] };
  return updateJSON<Pool, LoanDevice[]>(storeNames.repairLoans, companyId, (current) => {
    const devices = [...(current?.devices ?? []), device];
    return { value: { devices }, result: devices };
  });
}

type PoolChange = { ok: true; devices: LoanDevice[]; device: LoanDevice } | { ok: false };

/** Changes one device of a pool if `change` accepts it (else nothing is written). */
async function changeDevice(companyId: string, deviceId: string, change: (device: LoanDevice) => LoanDevice | undefined): Promise<PoolChange> {
  return updateJSON<Pool, PoolChange>(storeNames.repairLoans, companyId, (current) => {
    const device = current?.devices.find((one) => one.id === deviceId);
    const next = device && change(device);
    if (!current || !next) return { result: { ok: false } };
    const devices = current.devices.map((one) => (one.id === deviceId ? next : one));
    return { value: { devices }, result: { ok: true, devices, device: next } };
  });
}

/** Lends a device of the repair's company against the repair (from now). */
export async function lendDevice(repair: Repair, deviceId: string, by: RepairAuthor, options: RepairWriteOptions = {}): Promise<RepairOutcome> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  if (repair.loan && repair.loan.returnedAt === null) return repairRefusal('loan_already_out');
  const pool = await companyPool(repair.companyId);
  const known = pool.find((one) => one.id === deviceId);
  if (!known) return repairRefusal('loan_device_not_found');
  const lent = await changeDevice(repair.companyId, deviceId, (device) =>
    device.state === 'disponible' ? { ...device, state: 'prete', loans: [...device.loans, { repairId: repair.id, reference: repair.reference, lentAt: at, returnedAt: null }] } : undefined,
  );
  if (!lent.ok) return repairRefusal('loan_device_unavailable');
  const outcome = await changeRepair(
    repair.id,
    (current) =>
      current.loan && current.loan.returnedAt === null
        ? repairRefusal('loan_already_out')
        : {
            ok: true,
            repair: {
              ...current,
              loan: { deviceId, model: lent.device.model, serial: lent.device.serial, lentAt: at, returnedAt: null },
              history: [...current.history, { kind: 'note', text: `Appareil de prêt ${lent.device.model} (n° ${lent.device.serial}) prêté.`, at, by }],
            },
          },
    options,
  );
  if (!outcome.ok) {
    // The repair refused: the device goes back to the pool as it was.
    await changeDevice(repair.companyId, deviceId, (device) => ({ ...device, state: 'disponible', loans: device.loans.filter((loan) => !(loan.repairId === repair.id && loan.lentAt === at)) }));
  }
  return outcome;
}

/** Records the return of the repair's loan device (now): the device is « Disponible » again. */
export async function returnDevice(repair: Repair, by: RepairAuthor, options: RepairWriteOptions = {}): Promise<RepairOutcome> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const loan = repair.loan;
  if (!loan || loan.returnedAt !== null) return repairRefusal('loan_not_out');
  const outcome = await changeRepair(
    repair.id,
    (current) =>
      !current.loan || current.loan.returnedAt !== null
        ? repairRefusal('loan_not_out')
        : {
            ok: true,
            repair: {
              ...current,
              loan: { ...current.loan, returnedAt: at },
              history: [...current.history, { kind: 'note', text: `Appareil de prêt ${current.loan.model} (n° ${current.loan.serial}) rendu.`, at, by }],
            },
          },
    options,
  );
  if (outcome.ok) {
    await changeDevice(repair.companyId, loan.deviceId, (device) => ({
      ...device,
      state: device.state === 'prete' ? 'disponible' : device.state,
      loans: device.loans.map((one) => (one.repairId === repair.id && one.returnedAt === null ? { ...one, returnedAt: at } : one)),
    }));
  }
  return outcome;
}

/** Erases a company's pool (its erase). */
export async function erasePool(companyId: string): Promise<void> {
  await pools().delete(companyId);
}
