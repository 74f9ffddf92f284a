import { defineConfig } from "prisma/config";

// The app applies prisma/migrations itself at start (see docs/architecture.md, "Database and migrations"); this file is for the
// Prisma CLI (`generate`, and `migrate deploy` where its schema engine can be installed).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/hop" },
});
