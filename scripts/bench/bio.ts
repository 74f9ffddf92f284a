// Bio pages: HTML+CSS bytes of a 10-link page for every design (goal < 30 KB each). The page rate
// against the redirect rate is in the redirect section.
import { renderWebsitePage } from "../../lib/bio/render-page";
import { CREATE_TEMPLATES, LEGACY_TEMPLATES } from "../../lib/websites/designs";

export async function benchBio(): Promise<void> {
  const links = Array.from({ length: 10 }, (_, i) => ({ type: "simple", title: `Link number ${i + 1}`, subtitle: "A short subtitle", url: `https://example.com/path/${i + 1}` }));
  // A full page: 10 buttons, four social icons (Instagram's is the largest), a verified badge and a handle.
  const socials = ["instagram", "tiktok", "youtube", "github"].map((platform) => ({ platform, handle: "bench" }));
  const data = { profile: { name: "Bench Person", handle: "@bench", verified: true, bio: "A bio of ordinary length for a link-in-bio page." }, links, socials };
  let max = 0;
  for (const id of [...CREATE_TEMPLATES, ...LEGACY_TEMPLATES]) {
    const bytes = Buffer.byteLength(renderWebsitePage({ publicId: "bench", url: "https://hop.example/bench", templateId: id, data, nonce: "x".repeat(24), adultConfirmed: false, brandingUrl: "https://hop.example" }));
    max = Math.max(max, bytes);
    console.log(`bio ${id.padEnd(26)} ${String(bytes).padStart(6)} bytes`);
  }
  console.log(`bio page bytes: max ${max} (goal < 30000)`);
}
