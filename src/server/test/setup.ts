import { TEST_PASSWORD_COST, usePasswordCostForTests } from '../accounts/password.ts';

// Server tests run quietly; a test that needs logs builds its own logger.
process.env.TZ ??= 'UTC';
// Passwords hash at a low cost here (src/server/accounts/password.ts says why).
usePasswordCostForTests(TEST_PASSWORD_COST);
