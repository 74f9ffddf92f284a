import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS } from "../../playwright.config";

/** A desktop Chrome user agent: headless Chromium's own one is (rightly) classified as a bot. */
export const DESKTOP_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/**
 * Debian's Chromium, with the test's short-link hosts resolved to the server on loopback. A host
 * with a port (`localhost:3000`, the tests' primary domain) is sent to the server's own port.
 */
export function launchChromium(hosts: string[], port?: number): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=${hosts.map((h) => `MAP ${h} 127.0.0.1${/:\d+$/.test(h) && port ? `:${port}` : ""}`).join(", ")}`],
  });
}
