// Client-safe: the editor shows it as the consent field's placeholder, the page when none is set.
export const DEFAULT_CONSENT = "By signing up you agree to receive e-mails from this page. Unsubscribe at any time.";
