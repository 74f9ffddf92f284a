import { signupRoute } from "@/lib/visit/web-handler";

// POST /__hop/signup (a sign-up block's form) when Hop runs without server.ts. Under server.ts the
// fast path answers this address before Next.
export const POST = signupRoute;
export const GET = signupRoute;
