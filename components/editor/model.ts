import type { SemanticBlock, SemanticModel } from "@/lib/drafts/semantic";

// The editor's working copy of a draft's model, and the small pure edits the panels make to it.

export type Model = SemanticModel;
export type Block = SemanticBlock & { id: string };
export type BlockType = NonNullable<SemanticBlock["type"]>;

export const BLOCK_LABELS: Record<BlockType, string> = {
  simple: "Link",
  featured: "Featured",
  header: "Header",
  text: "Text",
  divider: "Divider",
  media: "Media",
  contact: "Contact form",
  signup: "E-mail sign-up",
};

export function newBlockId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  let id = "b-";
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

export function blocksOf(model: Model): Block[] {
  return (model.links ?? []).map((block) => (block.id ? (block as Block) : { ...block, id: newBlockId() }));
}

export function newBlock(type: BlockType): Block {
  const base: Block = { id: newBlockId(), type };
  if (type === "simple") return { ...base, title: "New link", url: "" };
  if (type === "featured") return { ...base, title: "Featured link", subtitle: "", url: "" };
  if (type === "header") return { ...base, title: "Section" };
  if (type === "text") return { ...base, text: "Write something about this section." };
  if (type === "media") return { ...base, title: "Watch", url: "", platform: "youtube" };
  if (type === "contact") return { ...base, title: "Get in touch", fields: ["name", "email", "message"], buttonLabel: "Send" };
  if (type === "signup") return { ...base, title: "Join my newsletter", buttonLabel: "Sign up" };
  return base;
}

export function blockSummary(block: Block): string {
  if (block.type === "divider") return "Divider";
  if (block.type === "text") return (block.text ?? "").slice(0, 60) || "Empty text";
  if (block.type === "contact") return block.title || "Contact form";
  if (block.type === "signup") return block.title || "E-mail sign-up";
  return block.title || "Untitled";
}

export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = items.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** `undefined` for empty strings, so an emptied field reads as "not set" (the design's default). */
export function orUndefined(value: string): string | undefined {
  return value === "" ? undefined : value;
}

/** What is saved and previewed: an avatar still being filled in is left out until it has a value (socials: model-check.ts). */
export function completeModel(model: Model): Model {
  const avatar = model.avatar && model.avatar.value.trim() !== "" ? model.avatar : undefined;
  return { ...model, avatar };
}
