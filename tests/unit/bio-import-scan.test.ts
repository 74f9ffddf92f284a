import assert from "node:assert/strict";
import { test } from "node:test";
import { readPage } from "../../lib/drafts/import/import-draft";
import { decodeEntities, scanHtml } from "../../lib/drafts/import/html-scan";

// The saved-page scanner of "Moving in" (lib/drafts/import/html-scan.ts): one forward pass, so a
// hostile 2 MB page costs time linear in its size, and what it reads is text, never markup.

const MB2 = 2 * 1024 * 1024;

test("hostile pages of 2 MB (unclosed tags, quotes, comments, scripts, anchors) are read in linear time", () => {
  for (const unit of ["<a ", '<a href="', "<!--", "<script>", '<a class="button">x', "<h2>", "&#x"]) {
    const html = unit.repeat(Math.floor(MB2 / unit.length));
    const started = performance.now();
    for (const token of scanHtml(html)) assert.notEqual(token.kind, "raw", "an unclosed script is not read as one");
    assert.throws(() => readPage(html, "linkstack"), (error: Error & { status?: number }) => error.status === 400);
    assert.ok(performance.now() - started < 3000, `${JSON.stringify(unit)}: ${Math.round(performance.now() - started)} ms`);
  }
});

test("attributes and text come back decoded, scripts unparsed, nothing of the markup kept", () => {
  const tokens = [...scanHtml(`<a class='button button-x' href="https://e.example/?a=1&amp;b=2">Hi &lt;b&gt; &#128578;</a><script id="__NEXT_DATA__">{"a":"</div>"}</script>`)];
  assert.deepEqual(tokens[0], { kind: "open", name: "a", attrs: new Map([["class", "button button-x"], ["href", "https://e.example/?a=1&b=2"]]), selfClosing: false });
  assert.deepEqual(tokens[1], { kind: "text", text: "Hi <b> 🙂" });
  assert.deepEqual(tokens[4], { kind: "raw", name: "script", text: '{"a":"</div>"}' });
  assert.equal(decodeEntities("&#xD800;&bogus;"), "\uFFFD&bogus;");
});
