/**
 * Any /api/… path no function answers: JSON 404 (netlify.toml rewrites /api/* here after the real
 * functions and the /api/myzebra/* images had their turn), so an API client never gets the HTML 404 page.
 */
import { apiError } from '../lib/http/http.ts';

export default async (_request: Request): Promise<Response> => apiError('api_not_found');
