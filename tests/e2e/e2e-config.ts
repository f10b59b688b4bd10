/** The browser tests' server: its port, the size of the demo data set it seeds, its admin. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_SEED_COUNT = 1_500;
export const E2E_ADMIN_EMAIL = "admin@e2e.example";
