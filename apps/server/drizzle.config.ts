import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server` writes the next SQL migration from the schema. The server applies
// migrations itself at start (src/db/migrate.ts); drizzle-kit never touches a database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
