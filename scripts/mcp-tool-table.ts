// Prints docs/mcp.md's table of tools from the operation registry (tests/unit/mcp-tools.test.ts
// checks that the page lists exactly these): `npx tsx scripts/mcp-tool-table.ts`.
import { allTools } from "../lib/api/mcp/tools";

const lines = ["| tool | operation | kind | scope |", "| --- | --- | --- | --- |"];
for (const tool of allTools()) {
  const kind = tool.annotations.readOnlyHint ? "read" : tool.annotations.destructiveHint ? "write, destructive" : "write";
  lines.push(`| \`${tool.name}\` | \`${tool.operation.method.toUpperCase()} ${tool.operation.path}\` ${tool.title} | ${kind} | ${tool.operation.scope ? `\`${tool.operation.scope}\`` : "any key"} |`);
}
process.stdout.write(`${lines.join("\n")}\n`);
