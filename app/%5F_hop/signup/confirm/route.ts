import { signupRoute } from "@/lib/visit/web-handler";

// The confirm link of a sign-up's mail (GET shows a button, POST does it) when Hop runs without
// server.ts. Under server.ts the fast path answers this address before Next.
export const GET = signupRoute;
export const POST = signupRoute;
