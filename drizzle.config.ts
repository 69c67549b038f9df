import { defineConfig } from 'drizzle-kit';

// Migrations are generated here and applied at start-up by db/migrate.ts.
export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema/index.ts',
  out: './db/migrations',
});
