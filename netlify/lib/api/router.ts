/**
 * One Netlify function per business idea (docs/decisions/001-functions-by-idea.md): the function maps each API pattern it serves
 * (src/lib/api-routes.ts) to the module of its route (netlify/routes/<function>/<route>.ts, an `endpoint()`),
 * loaded on its first call only, so a route's libraries (a PDF, a photo's re-encoding) are paid by the calls
 * that need them and not by the function's other routes. The route is chosen by the request's path, segment
 * by segment, a literal segment before a parameter (`/api/tickets/statistiques` before `/api/tickets/:id`);
 * it gets the pattern's parameters in `context.params`, as Netlify gives them to a function of one path. A
 * path the function does not serve answers the API's JSON 404.
 */
import type { Context } from '@netlify/functions';
import { apiError } from '../http/http.ts';

/** A route module: its default export answers the request (an `endpoint()`, with its declared permissions). */
export interface RouteModule {
  default: ((request: Request, context?: Partial<Context>) => Promise<Response>) & { permissions?: Readonly<Record<string, string>> };
}

/** Pattern → the route's module, imported when first needed. */
export type RouteTable = Readonly<Record<string, () => Promise<RouteModule>>>;

/** The function of an idea, with its table (the permissions matrix and the routes test read it). */
export type IdeaFunction = ((request: Request, context?: Partial<Context>) => Promise<Response>) & { readonly routes: RouteTable };

/** A pattern, or a path, as its segments. */
const segmentsOf = (path: string): string[] => path.split('/').slice(1);

/** Whether `a` has a literal segment where `b`, first differing from it, has a parameter. */
const literalFirst = (a: boolean[], b: boolean[]): boolean => {
  const index = a.findIndex((isLiteral, at) => isLiteral !== b[at]);
  return index !== -1 && a[index]!;
};

/**
 * The pattern among `patterns` that serves `pathname`, and its parameters (raw, still encoded); undefined if
 * none. Same number of segments, each literal equal or a parameter non-empty; of two matches, the one whose
 * first differing segment is literal.
 */
export function matchRoute(patterns: readonly string[], pathname: string): { pattern: string; params: Record<string, string> } | undefined {
  const path = segmentsOf(pathname);
  let best: { pattern: string; params: Record<string, string>; literal: boolean[] } | undefined;
  for (const pattern of patterns) {
    const segments = segmentsOf(pattern);
    if (segments.length !== path.length) continue;
    const params: Record<string, string> = {};
    const literal: boolean[] = [];
    const matches = segments.every((segment, index) => {
      const value = path[index]!;
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = value;
        literal.push(false);
        return value !== '';
      }
      literal.push(true);
      return segment === value;
    });
    if (!matches) continue;
    if (!best || literalFirst(literal, best.literal)) best = { pattern, params, literal };
  }
  return best && { pattern: best.pattern, params: best.params };
}

/** The context a route is given: the platform's own, with the matched pattern's parameters. */
function withParams(context: Partial<Context> | undefined, params: Record<string, string>): Partial<Context> {
  if (!context) return { params };
  try {
    (context as { params: Record<string, string> }).params = params;
  } catch {
    // A context whose params cannot be written: a child object that reads the rest from it.
  }
  if (context.params === params) return context;
  return Object.defineProperty(Object.create(context) as Partial<Context>, 'params', { value: params });
}

/** The Netlify function serving the routes of `table`. */
export function routes(table: RouteTable): IdeaFunction {
  const patterns = Object.keys(table);
  const handler = async (request: Request, context?: Partial<Context>): Promise<Response> => {
    const match = matchRoute(patterns, new URL(request.url).pathname);
    if (!match) return apiError('api_not_found');
    const route = await table[match.pattern]!();
    return route.default(request, withParams(context, match.params));
  };
  return Object.assign(handler, { routes: table });
}
