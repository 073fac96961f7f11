/**
 * One way to write an API endpoint, so that a function says only what is its own. `endpoint()` answers:
 * 405 with `Allow` for a method it does not declare; for a staff method, 503/401 (auth.ts, staff-session.ts) without a valid
 * session and 403 without the method's permission (permissions.ts); 404 with the route's own sentence for
 * a path parameter that is absent or malformed; a `Refusal` thrown by any library with its error table row
 * (refusal.ts); and 500 (logged, never the cause) for anything else thrown. The local server's question
 * before a large body (BODY_CHECK_HEADER) is answered after those checks, without running the handler.
 * The handler gets the path parameters from `context.params`, decoded, the person signed in, and a body
 * reader that answers 415/413/400 by itself. A method declares the schema of what it reads (`input`, or
 * through `withValidBody`), so its input is checked in one way (400 with one French sentence per field,
 * nothing changed) and a test can walk every endpoint's input for the characters rule.
 */
import type { Context } from '@netlify/functions';
import { validate } from '../../../src/features/contact/schema.ts';
import { API_BODY_LIMIT_BYTES } from '../../../src/lib/constants.ts';
import type { z } from '../../../src/records/zod.ts';
import { can, type Permission, type StaffMember } from '../auth/permissions.ts';
import { authenticateStaff } from './staff-session.ts';
import { customerOfRequest, sameOrigin, type SignedInCustomer } from '../customers/customer-session.ts';
import type { PlainErrorCode } from '../http/errors.ts';
import { apiError, json, methodNotAllowed, readJsonBody, routeParam, serverError } from '../http/http.ts';
import { Refusal, refusalAnswer } from '../http/refusal.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler is given, whoever calls. */
export interface Call<P extends string> {
  request: Request;
  context: Partial<Context> | undefined;
  /** The route's parameters, decoded (present: a bad one was answered with 404 before). */
  params: Record<P, string>;
  /** Who is signed in, and the id and expiry of their session token (undefined on a public method). */
  staff: StaffMember | undefined;
  session: { jti: string; exp: number } | undefined;
  /** The customer signed in to the space (only on a `customer` method). */
  customer: SignedInCustomer | undefined;
  /** The JSON body (at most `limit` bytes), or the answer saying why it cannot be read. */
  body: (limit?: number) => Promise<{ ok: true; body: unknown } | { ok: false; response: Response }>;
}

/** What a staff method's handler is given: the staff member and their session, always there. */
export interface StaffCall<P extends string> extends Call<P> {
  staff: StaffMember;
  session: { jti: string; exp: number };
  customer: undefined;
}

/** What a customer method's handler is given: the person signed in to the space, always there. */
export interface CustomerCall<P extends string> extends Call<P> {
  staff: undefined;
  session: undefined;
  customer: SignedInCustomer;
}

/** What a public method's handler is given: nobody signed in. */
export interface PublicCall<P extends string> extends Call<P> {
  staff: undefined;
  session: undefined;
  customer: undefined;
}

/** A staff permission: one of the roles table's, or `signed-in` (any staff member). */
type StaffPermission = Permission | 'signed-in';

/**
 * A method of an endpoint: who may call it, and what it does, with the call that `permission` gives. The
 * permission a staff member needs, or `signed-in`: any staff member; `public`: anyone; `customer`: a person
 * signed in to the customers' space (their cookie; a staff token is refused), and for a method other than
 * GET, a call from the site's own pages (its Origin).
 */
export type MethodSpec<P extends string> = (
  | { permission: StaffPermission; handle: (call: StaffCall<P>) => Promise<Response> }
  | { permission: 'customer'; handle: (call: CustomerCall<P>) => Promise<Response> }
  | { permission: 'public'; handle: (call: PublicCall<P>) => Promise<Response> }
) & {
  /**
   * The schema of what the method reads (its JSON body, its form's fields, its query), when its handler
   * does not carry it (`withValidBody` does): every text in it carries the characters rule.
   */
  input?: InputSchema;
};

/** The schema of a method's input. */
export type InputSchema = z.ZodType;

/** An endpoint: its name (for the log), its path parameters with the error of a bad one, its methods. */
export interface EndpointSpec<P extends string> {
  name: string;
  params?: Record<P, PlainErrorCode>;
  methods: Partial<Record<Method, MethodSpec<P>>>;
}

/**
 * A method's handler that needs the JSON body: a body that cannot be read is answered (415/413/400) before
 * `handle` runs. The limit is API_BODY_LIMIT_BYTES unless the route carries more (« Résoudre »'s signature).
 * The handler's call is named, as TypeScript cannot carry the method's call into a wrapped handler while it
 * infers the endpoint's parameters: `withJsonBody<StaffCall<'id'>>(async ({ staff, params }, body) => …)`,
 * and a staff method's `staff` is then there, not optional.
 */
export const withJsonBody =
  <C extends Call<never>>(handle: (call: C, body: unknown) => Promise<Response>, limit?: number) =>
  async (call: C): Promise<Response> => {
    const read = await call.body(limit);
    return read.ok ? handle(call, read.body) : read.response;
  };

/**
 * The header of the local server's question before it reads a body larger than LOCAL_OPEN_BODY_MAX_BYTES,
 * or one of unknown length (scripts/lib/site-server.mjs, whose constant a unit test holds equal): the
 * request comes with its headers and no body, and endpoint() answers it once the session, the permission and
 * the path are checked, running no handler — the refusal the call itself would get (401, 403, 404, 405), or
 * 204 saying who calls in the same header: `signed-in` (the local server then reads up to the largest body a
 * function takes) or `public` (up to LOCAL_OPEN_BODY_MAX_BYTES: no public method takes more). On Netlify the
 * platform reads bodies itself; a client sending this header there only gets that answer, nothing done.
 */
export const BODY_CHECK_HEADER = 'x-site-body-check';

/** Runs `operation` on a value the schema accepts (a body, a form's fields, a query): 400 with `fields` otherwise, nothing changed. */
export async function withValid<T>(schema: z.ZodType<T>, value: unknown, operation: (input: T) => Promise<Response>): Promise<Response> {
  const checked = validate(schema, value);
  return checked.ok ? operation(checked.data) : json(checked.failure, 400);
}

/** A handler that carries the schema of its input, which endpoint() declares. */
type WithInput<C> = ((call: C) => Promise<Response>) & { readonly input: InputSchema };

/**
 * A method's handler on a JSON body its schema accepts: 415/413/400 when the body cannot be read, 400 with
 * one French sentence per field when the schema refuses it, and `handle` with the parsed input otherwise.
 * Name the call's type on the handler's first parameter: `withValidBody(schema, async ({ staff }: StaffCall<'id'>, input) => …)`.
 */
export const withValidBody = <S extends z.ZodType, C extends Call<never>>(schema: S, handle: (call: C, input: z.output<S>) => Promise<Response>, limit?: number): WithInput<C> =>
  Object.assign(
    withJsonBody<C>((call, body) => withValid(schema, body, (input) => handle(call, input as z.output<S>)), limit),
    { input: schema },
  );

/** The input schema a method declares, itself or through its handler. */
const inputOf = (method: MethodSpec<string>): InputSchema | undefined => method.input ?? (method.handle as Partial<WithInput<unknown>>).input;

/**
 * A Netlify function made by endpoint(), which says what each of its methods needs (the permissions test
 * reads it) and the schema of what each reads (the characters rule's test walks it).
 */
export type EndpointFunction = ((request: Request, context?: Partial<Context>) => Promise<Response>) & {
  readonly permissions: Readonly<Partial<Record<Method, MethodSpec<string>['permission']>>>;
  readonly inputs: Readonly<Partial<Record<Method, InputSchema>>>;
};

/** The Netlify function of an endpoint. */
export function endpoint<P extends string = never>(spec: EndpointSpec<P>): EndpointFunction {
  const allowed = Object.keys(spec.methods);
  const permissions = Object.fromEntries(Object.entries(spec.methods).map(([name, method]) => [name, (method as MethodSpec<P>).permission]));
  const inputs = Object.fromEntries(Object.entries(spec.methods).flatMap(([name, method]) => {
    const input = inputOf(method as MethodSpec<string>);
    return input ? [[name, input]] : [];
  }));
  const handler = async (request: Request, context?: Partial<Context>): Promise<Response> => {
    const method = spec.methods[request.method as Method];
    if (!method) return methodNotAllowed(allowed);
    try {
      let staff: StaffMember | undefined;
      let session: Call<P>['session'];
      let customer: SignedInCustomer | undefined;
      if (method.permission === 'customer') {
        if (request.method !== 'GET' && !sameOrigin(request)) return apiError('origin_refused');
        customer = await customerOfRequest(request);
        if (!customer) return apiError('customer_signed_out', { logout: true });
      } else if (method.permission !== 'public') {
        const auth = await authenticateStaff(request, spec.name);
        if (!auth.ok) return auth.response;
        ({ staff, session } = auth);
        if (method.permission !== 'signed-in' && !can(staff.role, method.permission)) return apiError('forbidden');
      }
      const params = {} as Record<P, string>;
      for (const [name, error] of Object.entries(spec.params ?? {}) as Array<[P, PlainErrorCode]>) {
        const value = routeParam(context, name);
        if (value === undefined) return apiError(error);
        params[name] = value;
      }
      // The local server asks before it reads a large body, or one of unknown length: who may send it.
      if (request.headers.has(BODY_CHECK_HEADER)) return new Response(null, { status: 204, headers: { [BODY_CHECK_HEADER]: method.permission === 'public' ? 'public' : 'signed-in' } });
      const call: Call<P> = { request, context, params, staff, session, customer, body: (limit = API_BODY_LIMIT_BYTES) => readJsonBody(request, limit) };
      // The checks above made the call what the method's permission promises (a staff member, a customer, nobody).
      return await (method.handle as (call: Call<P>) => Promise<Response>)(call);
    } catch (error) {
      // A library's refusal (nothing was changed) is answered with its table row; anything else is a fault.
      if (error instanceof Refusal) return refusalAnswer(error);
      return serverError(spec.name, error);
    }
  };
  return Object.assign(handler, { permissions, inputs });
}
