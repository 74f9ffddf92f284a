import { parseSemantic } from "./draft-input";
import type { SemanticModel } from "./semantic";
import { BLOCK_TYPES, isPictureAddress } from "./semantic";

// The way back from a published website's stored `data` to the editor's model, for websites that
// were not made from a draft (POST /v1/websites, duplicates). It keeps what the editor edits and
// drops anything the model cannot hold; publishing changes merges the edited members over the
// stored data (publish-draft-changes.ts), so members the editor does not know (contact blocks of
// other spellings, analytics tags, favicon, adult gate) survive an edit.

type Rec = Record<string, unknown>;
const obj = (value: unknown): Rec => (value && typeof value === "object" && !Array.isArray(value) ? (value as Rec) : {});
const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const sharingImage = (value: unknown): string | undefined => {
  const text = str(value);
  return text && isPictureAddress(text) ? text : undefined;
};

/** Blocks of a type the editor has no form for are left out of the model (and kept on publish). */
export function isEditorBlock(block: unknown): boolean {
  return (BLOCK_TYPES as readonly string[]).includes(str(obj(block).type) ?? "simple");
}

function candidate(data: Rec): Rec {
  const profile = obj(data.profile);
  const background = obj(data.background);
  const advanced = obj(data.advanced);
  const theme = obj(data.theme);
  const model: Rec = {
    profile: { name: str(profile.name), handle: str(profile.handle), bio: str(profile.bio) },
    links: (Array.isArray(data.links) ? data.links : []).filter(isEditorBlock).map((raw) => {
      const b = obj(raw);
      const id = str(b.id);
      const contact = str(b.type) === "contact" ? { fields: b.fields, required: b.required, buttonLabel: str(b.buttonLabel), successMessage: str(b.successMessage) } : str(b.type) === "signup" ? { consent: str(b.consent), buttonLabel: str(b.buttonLabel), successMessage: str(b.successMessage) } : {};
      return { id: id && /^[A-Za-z0-9_-]{1,100}$/.test(id) ? id : undefined, type: str(b.type), title: str(b.title), subtitle: str(b.subtitle), text: str(b.text), url: str(b.url), style: str(b.style), colors: b.colors, animation: str(b.animation), platform: str(b.platform), schedule: b.schedule, ...contact };
    }),
    socials: (Array.isArray(data.socials) ? data.socials : []).map((raw) => {
      const s = obj(raw);
      return { platform: str(s.platform), handle: str(s.url) ?? str(s.handle) };
    }),
    // A sharing picture the editor cannot show (an http address set through the API) is left out, not the whole section.
    seo: { pageTitle: str(advanced.pageTitle), metaDescription: str(advanced.metaDescription), ogImage: sharingImage(advanced.ogImage) },
    avatar: data.avatar,
    theme: {
      background: ["preset", "solid", "gradient"].includes(str(background.type) ?? "") ? background : undefined,
      font: theme.font,
      buttons: theme.buttons,
      page: theme.page,
      typography: theme.typography,
    },
    spotlight: data.spotlight,
    deepLinkBehavior: str(obj(data.settings).deepLinkBehavior),
  };
  return model;
}

/** Each member that passes the draft schema on its own is kept; one that does not is dropped. */
export function dataToSemantic(data: unknown): SemanticModel {
  const whole = candidate(obj(data));
  try {
    return parseSemantic(whole).model;
  } catch {
    const kept: Rec = {};
    for (const [key, value] of Object.entries(whole)) {
      if (key === "links" && Array.isArray(value)) {
        kept.links = value.filter((block) => {
          try {
            parseSemantic({ links: [block] });
            return true;
          } catch {
            return false;
          }
        });
        continue;
      }
      try {
        parseSemantic({ [key]: value });
        kept[key] = value;
      } catch {
        // Not representable in the editor's model: left to the stored data.
      }
    }
    return parseSemantic(kept).model;
  }
}
