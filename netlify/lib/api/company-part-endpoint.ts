/**
 * The endpoint of one list of a company (its people, shops or equipment), at
 * /api/clients/{id}/{part} (POST: add) and /api/clients/{id}/{part}/{itemId} (PUT: change, DELETE: remove):
 * the body checked with the form's schema, one conditional write of the company, a journal line, and the
 * whole company in the answer (companyAnswerSchema; 201 for an addition). 404 for an unknown company or
 * item, 400 with `fields` for a bad value, 409 for an address taken, 403 for a company of another
 * territory than the person's (company-admin.ts).
 */
import type { z } from '../../../src/records/zod.ts';
import type { Company } from '../../../src/features/customers/model.ts';
import { endpoint, withValid, type Call, type EndpointFunction, type StaffCall } from './endpoint.ts';
import type { Permission, StaffMember } from '../auth/permissions.ts';
import type { PlainErrorCode } from '../http/errors.ts';
import { apiError, routeParam } from '../http/http.ts';
import { removeItem, type ListName } from '../customers/company-admin.ts';
import { companyAnswer, recordCustomerChange } from '../customers/customer-admin-http.ts';

interface PartSpec<T> {
  name: string;
  list: ListName;
  /** The route's parameter naming the item. */
  itemParam: string;
  notFound: PlainErrorCode;
  permission: Permission;
  schema: z.ZodType<T>;
  /** Saves the item as `staff` (their territories decide which companies they change). */
  save: (companyId: string, itemId: string | undefined, input: T, staff: StaffMember) => Promise<Company>;
  /** The journal's words: « Personne ajoutée », « … modifiée », « … retirée ». */
  done: { added: string; changed: string; removed: string };
}

/** The Netlify function of a company's list. */
export function companyPartEndpoint<T>(spec: PartSpec<T>): EndpointFunction {
  const itemOf = (call: Call<'id'>) => routeParam(call.context, spec.itemParam);
  const write = (added: boolean) => async (call: StaffCall<'id'>): Promise<Response> => {
    const itemId = itemOf(call);
    if (added ? itemId !== undefined : itemId === undefined) return apiError(added ? 'api_not_found' : spec.notFound);
    const read = await call.body();
    if (!read.ok) return read.response;
    return withValid(spec.schema, read.body, async (input) => {
      const company = await spec.save(call.params.id, itemId, input, call.staff);
      await recordCustomerChange(call.staff, company, added ? spec.done.added : spec.done.changed);
      return companyAnswer(company, call.staff, added ? 201 : 200);
    });
  };
  return endpoint({
    name: spec.name,
    params: { id: 'company_not_found' },
    methods: {
      POST: { permission: spec.permission, input: spec.schema, handle: write(true) },
      PUT: { permission: spec.permission, input: spec.schema, handle: write(false) },
      DELETE: {
        permission: spec.permission,
        handle: async (call) => {
          const itemId = itemOf(call);
          if (itemId === undefined) return apiError(spec.notFound);
          const { company } = await removeItem(call.params.id, spec.list, itemId, call.staff);
          await recordCustomerChange(call.staff, company, spec.done.removed);
          return companyAnswer(company, call.staff);
        },
      },
    },
  });
}
