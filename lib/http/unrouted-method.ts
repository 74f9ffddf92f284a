/**
 * The header that carries a method Next does not route (TRACE, PROPFIND …): the server sends such a
 * request on as OPTIONS with the real method here (lib/server/before-next.ts), and the route
 * answers 405 (lib/api/methods.ts). Set only by the server; a client's own copy is removed.
 */
export const UNROUTED_METHOD_HEADER = "x-hop-unrouted-method";
