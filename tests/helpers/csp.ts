import type { Page } from "@playwright/test";

// The pages' CSP has no 'unsafe-eval': a probe of `eval` or `new Function` in a client bundle is
// reported even when the code catches it. Specs collect every report and expect none.

/**
 * Every CSP violation the page or any of its frames sees, across reloads: the
 * `securitypolicyviolation` event (listened for in each document before its own scripts run) and
 * Chromium's console report of it.
 */
export async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|unsafe-eval|EvalError/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    if (/Content Security Policy|unsafe-eval|EvalError/i.test(error.message)) seen.push(`pageerror: ${error.message}`);
  });
  await page.exposeBinding("__reportCspViolation", ({ frame }, line: string) => {
    seen.push(`${frame === page.mainFrame() ? "page" : `frame ${frame.url()}`}: ${line}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
    });
  });
  return seen;
}

