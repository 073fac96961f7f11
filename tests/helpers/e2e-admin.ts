/** Known admin credentials of the browser tests' server (set in playwright.config.ts; tests only). */
export const e2eAdmin = {
  username: 'admin-e2e',
  password: 'mot-de-passe-e2e-2026',
  secret: 'e2e-signing-secret-that-is-longer-than-32-bytes',
} as const;
