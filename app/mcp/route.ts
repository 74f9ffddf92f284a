import { everyMethod } from "@/lib/api/methods";
import { handleMcpRequest } from "@/lib/api/mcp/server";
import { operationRoutes } from "./operation-routes";

// The MCP server (docs/mcp.md): POST; every other method gets its answer from the same function.
const routes = operationRoutes();

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = everyMethod((request) => handleMcpRequest(request, routes));
