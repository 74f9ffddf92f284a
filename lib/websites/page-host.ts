/** Whether a page on `domain` answers this request's Host header (ports ignored on both). */
export function isPageHost(domain: string, hostHeader: string | undefined): boolean {
  return domain.replace(/:\d+$/, "") === (hostHeader ?? "").toLowerCase().replace(/:\d+$/, "");
}
