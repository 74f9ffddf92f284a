import type { SemanticModel } from "./semantic";

// What a page made in the dashboard starts with, and what the design gallery draws each design
// with. A new page has the customer's own name and one button to edit (Linktree starts the same
// way: a page that already looks like a page, ready for the first real link); the gallery's sample
// has enough content to show what a design does with a profile, a featured block and buttons.

export function starterSemantic(name: string): SemanticModel {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? "H";
  return {
    profile: { name, bio: "A line about you" },
    avatar: { type: "letter", value: initial },
    links: [{ id: "first-link", type: "simple", title: "My first link", url: "https://example.com/" }],
  };
}

export const GALLERY_SAMPLE: SemanticModel = {
  profile: { name: "Alex Rivera", handle: "@alexrivera", bio: "Photographer and maker. New prints every month." },
  avatar: { type: "letter", value: "AR" },
  links: [
    { id: "s1", type: "featured", title: "Spring print sale", subtitle: "20% off until Sunday", url: "https://example.com/sale" },
    { id: "s2", type: "simple", title: "Portfolio", url: "https://example.com/work" },
    { id: "s3", type: "simple", title: "Newsletter", url: "https://example.com/news" },
    { id: "s4", type: "simple", title: "Book a shoot", url: "https://example.com/book" },
  ],
  socials: [
    { platform: "instagram", handle: "alexrivera" },
    { platform: "youtube", handle: "alexrivera" },
  ],
};
