import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { AuthenticatedKey } from "../../keys/find-key";
import { designName, DRAFT_TEMPLATES } from "../../websites/designs";
import { DEFAULT_DRAFT_TEMPLATE } from "../../drafts/draft-input";
import { operationAllowed } from "../handler";
import { operations } from "../openapi/operations";
import { runOperation, type RouteTable } from "./call-tool";

// Context for a model beside the tools: the account's domains (read through GET /v1/domains, so it
// counts and is checked as that operation), the designs a draft may use, and two prompts.

export const RESOURCES = { domains: "hop://account/domains", designs: "hop://designs" } as const;

export function registerContext(mcp: McpServer, key: AuthenticatedKey, request: Request, routes: RouteTable): void {
  if (operationAllowed(key, operations.listDomains)) {
    mcp.registerResource(
      "domains",
      RESOURCES.domains,
      { title: "The account's custom domains", description: "Each domain, whether it is verified and whether it is the default for new links (GET /v1/domains).", mimeType: "application/json" },
      async (uri) => {
        const response = await runOperation(routes, operations.listDomains, request, { params: {}, query: {}, body: undefined }, false);
        return { contents: [{ uri: uri.href, mimeType: "application/json", text: await response.text() }] };
      },
    );
  }
  mcp.registerResource(
    "designs",
    RESOURCES.designs,
    { title: "Page designs for drafts", description: "The design ids create_draft accepts as templateId, with their names.", mimeType: "application/json" },
    async (uri) => ({
      contents: [{
        uri: uri.href,
        mimeType: "application/json",
        text: JSON.stringify({ default: DEFAULT_DRAFT_TEMPLATE, designs: DRAFT_TEMPLATES.map((id) => ({ id, name: designName(id) })) }),
      }],
    }),
  );
  mcp.registerPrompt(
    "link-in-bio-page",
    {
      title: "Make a link-in-bio page from a description",
      description: "Drafts a page with create_draft from what the person describes, for them to finish and publish in Hop's editor.",
      argsSchema: { description: z.string().describe("Who the page is for and what it should link to (names, links, socials, tone).") },
    },
    ({ description }) => ({
      messages: [{
        role: "user",
        content: {
          type: "text",
          text:
            `Make a link-in-bio page on Hop from this description:\n\n${description}\n\n` +
            `Read ${RESOURCES.designs} and pick the design that fits. Call create_draft with \`semantic\` holding the profile (name, bio), the links (title and absolute https URL each) and the socials the description names; invent nothing it does not say. ` +
            "Then give the person the `editorUrl` from the answer: they review, finish and publish the page there.",
        },
      }],
    }),
  );
  mcp.registerPrompt(
    "short-links-for-campaign",
    {
      title: "Short links for a campaign",
      description: "Creates one short link per destination with create_links_bulk, after a dry run.",
      argsSchema: { destinations: z.string().describe("The destination URLs, one a line, with a slug or name for each if wanted.") },
    },
    ({ destinations }) => ({
      messages: [{
        role: "user",
        content: {
          type: "text",
          text:
            `Create Hop short links for these destinations:\n\n${destinations}\n\n` +
            `Read ${RESOURCES.domains} to choose the domain. Call create_links_bulk with \`dryRun: true\` first and check the limits it reports; then call it without dryRun and list each short URL, and any entry that failed with its reason.`,
        },
      }],
    }),
  );
}
