// The words and flags the dashboard shows for the values analytics store (lower-case platform and
// device names, ISO country codes, referrer hosts). The API answers the stored values; only pages
// read these. Client-safe.

const PLATFORMS: Record<string, string> = { ios: "iOS", android: "Android", windows: "Windows", macos: "macOS", linux: "Linux", other: "Other", unknown: "Unknown" };
const DEVICES: Record<string, string> = { desktop: "Desktop", mobile: "Mobile", tablet: "Tablet", bot: "Bot", unknown: "Unknown" };
const TYPES: Record<string, string> = { deeplink: "Short link", website: "Website", applink: "App link", Deeplink: "Short link", Website: "Website", Applink: "App link" };

const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

export function platformLabel(value: string): string {
  return PLATFORMS[value] ?? capitalised(value);
}

export function deviceLabel(value: string): string {
  return DEVICES[value] ?? capitalised(value);
}

export function referrerLabel(value: string): string {
  return value === "direct" || value === "" ? "Direct" : value;
}

export function typeLabel(value: string): string {
  return TYPES[value] ?? value;
}

/** `de` or `DE` → `Germany`; `unknown` → `Unknown`. */
export function countryName(code: string): string {
  if (!/^[a-z]{2}$/i.test(code)) return "Unknown";
  try {
    return countryNames.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

function capitalised(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : "Unknown";
}
