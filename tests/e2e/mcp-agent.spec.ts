import { expect, test } from "@playwright/test";
import { hydrated, PASSWORD, signIn } from "../helpers/dashboard-page";
import { callTool, connectMcp, toolOk } from "../helpers/mcp";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { PRIMARY, visit } from "../helpers/visit";

// An agent's hand-over through MCP (docs/mcp.md): the agent reads the designs, follows the
// link-in-bio prompt, drafts the page with create_draft over /mcp with the SDK's client; the
// person opens the editorUrl in Chromium, signs in, and publishes; the page serves what was drafted.
// Or the other way round: the person finishes the draft in the editor and the agent publishes it
// with publish_draft, after a dry run that shows the person's edit and publishes nothing.

const OWNER = "grace-mcp@example.test";

let server: HopServer;
let key = "";

test.beforeAll(async () => {
  server = await startServer();
  await admin(server, "account", "create", "--email", OWNER, "--password", PASSWORD, "--plan", "growth", "--name", "Grace");
  key = String((await admin(server, "key", "create", "--email", OWNER, "--role", "creator")).key);
});
test.afterAll(async () => {
  await server?.stop();
});

test("an agent drafts a page over MCP; the person opens its editorUrl and publishes it", async ({ page }) => {
  const agent = await connectMcp(server, key, "agent");
  const prompt = await agent.getPrompt({ name: "link-in-bio-page", arguments: { description: "Grace Hopper, compiler pioneer; links to her talks and COBOL notes" } });
  expect(JSON.stringify(prompt.messages)).toContain("create_draft");
  const designs = JSON.parse(((await agent.readResource({ uri: "hop://designs" })).contents[0] as { text: string }).text) as { designs: Array<{ id: string }> };
  expect(designs.designs.map((d) => d.id)).toContain("bento-grid");

  const check = await agent.callTool({ name: "create_draft", arguments: { templateId: "bento-grid", semantic: { profile: { name: "Grace Hopper" } }, dryRun: true } });
  expect((check.structuredContent as { dryRun: boolean }).dryRun).toBe(true);
  const result = await agent.callTool({
    name: "create_draft",
    arguments: {
      templateId: "bento-grid",
      semantic: {
        profile: { name: "Grace Hopper", bio: "Compiler pioneer" },
        links: [
          { title: "Talks", url: "https://grace.example/talks" },
          { title: "COBOL notes", url: "https://grace.example/cobol" },
        ],
      },
    },
  });
  expect(result.isError).toBeFalsy();
  const editorUrl = (result.structuredContent as { data: { editorUrl: string } }).data.editorUrl;
  await agent.close();

  const draftPath = new URL(editorUrl).pathname;
  await page.goto(`${server.url}${draftPath}`);
  await hydrated(page);
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await page.getByLabel("E-mail").fill(OWNER);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${server.url}${draftPath}`);
  await hydrated(page);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Grace Hopper");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Slug/).fill("grace-mcp");
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "Your website is live" })).toBeVisible();

  const live = await visit(server, PRIMARY, "/grace-mcp");
  expect(live.status).toBe(200);
  expect(live.body).toContain("Grace Hopper");
  expect(live.body).toContain("https://grace.example/cobol");
});

test("the person finishes the agent's draft in the editor; the agent publishes it with publish_draft", async ({ page }) => {
  const agent = await connectMcp(server, key, "agent");
  const draft = toolOk(await callTool(agent, "create_draft", { semantic: { profile: { name: "Grace drafted" }, links: [{ title: "Talks", url: "https://grace.example/talks" }] } })).data;

  await signIn(page, server, OWNER, new URL(draft.editorUrl).pathname);
  const name = page.getByRole("textbox", { name: "Name", exact: true });
  await expect(name).toHaveValue("Grace drafted");
  await name.fill("Grace, finished by hand");
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 5000 });

  const dry = toolOk(await callTool(agent, "publish_draft", { id: draft.id, customSlug: "grace-agent", dryRun: true }));
  expect([dry.wouldCreate.id, dry.wouldCreate.title]).toEqual(["grace-agent", "Grace, finished by hand"]);
  expect((await visit(server, PRIMARY, "/grace-agent")).status).toBe(404);

  const published = toolOk(await callTool(agent, "publish_draft", { id: draft.id, customSlug: "grace-agent" }));
  expect(published.url).toMatch(/\/grace-agent$/);
  await agent.close();
  const live = await visit(server, PRIMARY, "/grace-agent");
  expect(live.status).toBe(200);
  expect(live.body).toContain("Grace, finished by hand");
  expect(live.body).toContain("https://grace.example/talks");
});
