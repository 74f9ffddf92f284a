// A draft's `semantic` model with every member the contract names (docs/API.md, "Drafts"), for the draft API
// tests and the mapping's unit tests.
export const FULL_SEMANTIC = {
  profile: { name: "Ada Lovelace", handle: "@ada", bio: "Engines & poems" },
  avatar: { type: "emoji", value: "🦊" },
  links: [
    { type: "header", title: "Work" },
    { type: "featured", title: "The Engine", subtitle: "Notes on the analytical engine", url: " https://ada.example/engine ", style: "pill", colors: { background: "#123456", text: "white" }, animation: "pulse" },
    { type: "simple", title: "Blog", url: "https://ada.example/blog", style: "outline", animation: "none" },
    { type: "text", text: "Poetical science since 1843." },
    { type: "divider" },
    { type: "media", title: "Talk", url: "https://youtube.com/watch?v=1", platform: "youtube" },
    { type: "simple", title: "Mail me", url: "mailto:ada@example.com" },
    { type: "simple", title: "Call", url: "tel:+44 20 7946 0000" },
    { type: "simple", title: "Hidden draft link", url: "https://ada.example/secret", hidden: true },
  ],
  socials: [
    { platform: "github", handle: "ada" },
    { platform: "x", handle: "@ada_l" },
    { platform: "mastodon", handle: "https://mastodon.social/@ada" },
  ],
  seo: { pageTitle: "Ada's links", metaDescription: "Everything Ada makes" },
  theme: {
    background: { type: "gradient", gradient: { colors: ["#ff7e5f", "#feb47b"], angle: 90 } },
    page: { cardColor: "#fffdf8", textColor: "#1f2937", buttonColor: "#0f766e", buttonTextColor: "#ffffff" },
    typography: { nameStyle: "serif", nameColor: "#111111", handleColor: "#555555", bioColor: "#333333" },
  },
  spotlight: { enabled: true, text: "New talk on Friday", durationMinutes: 90 },
  deepLinkBehavior: "aggressive",
};
