/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/wasm database drivers and the Redis client load from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg", "ioredis", "bcryptjs", "nodemailer"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
