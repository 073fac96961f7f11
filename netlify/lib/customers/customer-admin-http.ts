/**
 * What the staff's customer endpoints share: a company's answer with what the person signed in may change
 * on it, and the journal line of every change.
 */
import type { CompanyAnswer } from '../../../src/features/customers/admin-api.ts';
import type { Company } from '../../../src/features/customers/model.ts';
import { can, worksIn, type StaffMember } from '../auth/permissions.ts';
import { json } from '../http/http.ts';
import { recordEvent } from '../team/journal.ts';

/** A company as the admin's page reads it, with what this person may change. */
export const companyAnswer = (company: Company, staff: StaffMember | undefined, status = 200): Response =>
  json(
    {
      success: true,
      data: company,
      // Another territory's company is read, never changed (company-admin.ts): nothing offered to change.
      may: {
        editCompany: !!staff && can(staff.role, 'customers.write') && worksIn(staff, company.territory),
        editEquipment: !!staff && can(staff.role, 'equipment.write') && worksIn(staff, company.territory),
      },
    } satisfies CompanyAnswer & { success: true },
    status,
  );

/**
 * Records a change of a company in the journal: who, which company (by its name and client code), what
 * (« Personne ajoutée »…; never a customer's address or phone).
 */
export const recordCustomerChange = (staff: StaffMember | undefined, company: Company, detail: string, action: 'client' | 'suppression' = 'client') =>
  recordEvent({
    action,
    actor: staff ? { id: staff.id, name: staff.name } : undefined,
    subject: { kind: 'société', id: company.id, label: `${company.name} (${company.clientCode})` },
    detail,
    territory: company.territory,
  });
