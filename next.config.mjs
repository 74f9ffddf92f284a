/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/wasm database drivers and the Redis client load from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg", "ioredis", "@node-rs/bcrypt", "nodemailer"],
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm run typecheck` (tsc --noEmit, first in CI) is the one type check; a build that checked again
  // cost every `npm start` after a change ~12 s more, and CI the same twice.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
