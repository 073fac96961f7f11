/**
 * What the workshop's endpoints share: the repair of the path, a refusal answered with its code's status
 * and sentence, and the staff's view of a repair as the answer of every change.
 */
import type { Repair } from '../../../src/features/repairs/model.ts';
import type { StaffCall } from '../api/endpoint.ts';
import type { StaffMember } from '../auth/permissions.ts';
import { API_ERRORS } from '../http/errors.ts';
import { apiError, json } from '../http/http.ts';
import type { RepairOutcome } from './repairs.ts';
import { getVisibleRepair, staffRepairView } from './staff-repairs.ts';

/**
 * A staff method on the repair of the path: an unknown repair, or one of a territory the person does not
 * work for, answers 404 before `handle` runs (the same answer for both).
 */
export const onVisibleRepair =
  (handle: (call: StaffCall<'id'>, repair: Repair) => Promise<Response>) =>
  async (call: StaffCall<'id'>): Promise<Response> => {
    const repair = await getVisibleRepair(call.staff, call.params.id);
    return repair ? handle(call, repair) : apiError('repair_not_found');
  };

/** A change's answer: the repair as staff read it (200, or `status`), or the refusal with its status and sentence. */
export async function repairAnswer(staff: StaffMember, outcome: RepairOutcome, status = 200): Promise<Response> {
  if (!outcome.ok) return json({ success: false, error: outcome.message, code: outcome.code }, API_ERRORS[outcome.code].status);
  return json({ success: true, data: await staffRepairView(staff, outcome.repair) }, status);
}
