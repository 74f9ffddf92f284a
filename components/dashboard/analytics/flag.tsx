import * as flags from "country-flag-icons/string/3x2";

// Country flags as inline SVG (country-flag-icons, MIT): emoji flags are letters on Windows and
// boxes where no emoji font is installed. Server components only: the whole set stays out of the
// browser's bundle, and each page carries just the flags it shows.
const FLAGS = flags as unknown as Record<string, string | undefined>;

/** The flag of a country code (any case), or nothing for `unknown` and codes without one. */
export function Flag({ code }: { code: string }) {
  const svg = /^[a-z]{2}$/i.test(code) ? FLAGS[code.toUpperCase()] : undefined;
  if (!svg) return null;
  return <span className="flag" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />;
}
