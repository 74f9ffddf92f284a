export default function Home() {
  return (
    <main>
      <h1>Hop</h1>
      <p>Short links and link-in-bio pages, with custom domains, rules, analytics and a complete HTTP API.</p>
      <p>
        API: <code>/v1</code> with <code>Authorization: Bearer &lt;key&gt;</code>. Create an account and a key with{" "}
        <code>npm run cli -- account create --email you@example.com</code> and{" "}
        <code>npm run cli -- key create --email you@example.com</code>.
      </p>
    </main>
  );
}
