import { randomSlug } from "../ids";
import type { SemanticModel } from "./semantic";

/**
 * Every block gets a stable id when it is first saved, so its clicks stay its own when the editor
 * reorders, hides or duplicates blocks (the renderer would otherwise track it by position).
 */
export function withBlockIds(model: SemanticModel): SemanticModel {
  if (!model.links) return model;
  const own = new Set(model.links.map((block) => block.id).filter(Boolean));
  const used = new Set<string>();
  const links = model.links.map((block) => {
    if (block.id && !used.has(block.id)) {
      used.add(block.id);
      return block;
    }
    let id = `b-${randomSlug(8)}`;
    while (own.has(id) || used.has(id)) id = `b-${randomSlug(8)}`;
    used.add(id);
    return { ...block, id };
  });
  return { ...model, links };
}
