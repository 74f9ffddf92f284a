// The addresses of sign-up blocks on a page's host (docs/websites.md, "Sign-up blocks"): the form's
// post, and the two pages of a sign-up's mailed links, which also answer GET (they show a button).
// Apart from store-signup.ts so the request screen before Next can read them without the database.
export const SIGNUP_PATH = "/__hop/signup";
export const CONFIRM_PATH = "/__hop/signup/confirm";
export const UNSUBSCRIBE_PATH = "/__hop/signup/unsubscribe";
