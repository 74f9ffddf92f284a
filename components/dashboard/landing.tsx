import { ButtonLink } from "../ui/button";
import { ArrowRightIcon, GlobeIcon, KeyIcon, LayoutIcon, LinkIcon, Logo } from "../ui/icons";

const FEATURES = [
  { icon: LinkIcon, title: "Short links with rules", text: "Branded slugs, geo and language rules, and a way out of in-app browsers — answered before the app even wakes up." },
  { icon: LayoutIcon, title: "Link-in-bio pages", text: "Dozens of designs, contact forms and analytics, on your own domain or ours." },
  { icon: GlobeIcon, title: "Your domains", text: "Connect a domain, point one DNS record, and every link and page can live on it." },
  { icon: KeyIcon, title: "A complete API", text: "Everything the dashboard does, over HTTP with API keys: roles, rate limits and usage included." },
];

/** `/` for a signed-out visitor: what Hop is, and the way in. */
export function Landing({ signupOpen }: { signupOpen: boolean }) {
  return (
    <div className="landing">
      <header className="landing-nav">
        <span className="brand">
          <Logo size={28} />
          <span>Hop</span>
        </span>
        <nav className="landing-nav-actions" aria-label="Account">
          <ButtonLink href="/login" variant="ghost">
            Sign in
          </ButtonLink>
          {signupOpen ? <ButtonLink href="/signup">Get started</ButtonLink> : null}
        </nav>
      </header>
      <main>
        <section className="hero">
          <h1>Short links and link-in-bio websites you host yourself</h1>
          <p>Create links, websites and domains in a clean dashboard or through the API. One server, your data, no per-click bill.</p>
          <div className="hero-actions">
            {signupOpen ? (
              <ButtonLink href="/signup" size="lg">
                Create your account <ArrowRightIcon />
              </ButtonLink>
            ) : null}
            <ButtonLink href="/login" variant="secondary" size="lg">
              Sign in
            </ButtonLink>
          </div>
        </section>
        <section className="features" aria-label="Features">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <div className="card feature" key={title}>
              <div className="empty-state-icon">
                <Icon />
              </div>
              <h2>{title}</h2>
              <p>{text}</p>
            </div>
          ))}
        </section>
      </main>
      <footer className="landing-footer">Hop · self-hosted short links</footer>
    </div>
  );
}
