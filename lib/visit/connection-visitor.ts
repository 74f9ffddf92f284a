import { config } from "../config";
import { visitorGeo, type VisitorGeo } from "../geoip/lookup";
import { classifyUserAgent, type UaInfo } from "../ua/classify";
import { header, type VisitRequest } from "./respond";

// What a connection's earlier requests said about its visitor. A browser sends its next requests
// (the next link, a page after a redirect) on the same keep-alive connection, with the same
// User-Agent and from the same address: the agent is compared as a string (no hashing of its
// ~120 characters for the agent cache) and the place is looked up once per connection. Behind a
// trusted proxy one connection carries many visitors, each named by its own headers: the agent
// still compares (and differs), the place is read per request.

export interface ConnectionVisitor {
  agent: string | undefined;
  ua: UaInfo | undefined;
  geo: VisitorGeo | undefined;
}

export function newConnectionVisitor(): ConnectionVisitor {
  return { agent: undefined, ua: undefined, geo: undefined };
}

export function uaOf(req: VisitRequest): UaInfo {
  const agent = header(req.headers, "user-agent");
  const seen = req.connection;
  if (seen === undefined) return classifyUserAgent(agent);
  if (seen.ua !== undefined && seen.agent === agent) return seen.ua;
  seen.agent = agent;
  return (seen.ua = classifyUserAgent(agent));
}

export function geoOf(req: VisitRequest): VisitorGeo {
  const seen = req.connection;
  if (seen === undefined || config().trustProxy) return visitorGeo(req.headers, req.socketIp);
  return (seen.geo ??= visitorGeo(req.headers, req.socketIp));
}
