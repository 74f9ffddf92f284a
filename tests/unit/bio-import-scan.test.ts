import assert from "node:assert/strict";
import { test } from "node:test";
import { readPage } from "../../lib/drafts/import/import-draft";
import { decodeEntities, scanHtml } from "../../lib/drafts/import/html-scan";

// The saved-page scanner of "Moving in" (lib/drafts/import/html-scan.ts): one forward pass, so a
// hostile 2 MB page costs time linear in its size, and what it reads is text, never markup.

const MB2 = 2 * 1024 * 1024;

/**
 * The quickest of `runs` reads of `html` (ms of the process's CPU, not of the clock: on a machine
 * busy with other work the clock also counts the time this process waited for a core).
 */
function readTime(html: string, runs: number): number {
  let best = Infinity;
  for (let run = 0; run < runs; run += 1) {
    const started = process.cpuUsage();
    for (const token of scanHtml(html)) assert.notEqual(token.kind, "raw", "an unclosed script is not read as one");
    assert.throws(() => readPage(html, "linkstack"), (error: Error & { status?: number }) => error.status === 400);
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

// Linear, whatever the machine's speed: 8 times the page takes about 8 times as long; a scan that
// went back over what it read would take 64 times. The bound sits between, with room for noise
// (a collection of the garbage during one run; the small page's few ms counted as at least 5).
test("hostile pages of 2 MB (unclosed tags, quotes, comments, scripts, anchors) are read in linear time", () => {
  for (const unit of ["<a ", '<a href="', "<!--", "<script>", '<a class="button">x', "<h2>", "&#x"]) {
    const small = readTime(unit.repeat(Math.floor(MB2 / 8 / unit.length)), 3);
    const big = readTime(unit.repeat(Math.floor(MB2 / unit.length)), 3);
    assert.ok(big < 24 * Math.max(small, 5), `${JSON.stringify(unit)}: 256 KB in ${Math.round(small)} ms, 2 MB in ${Math.round(big)} ms`);
  }
});

test("attributes and text come back decoded, scripts unparsed, nothing of the markup kept", () => {
  const tokens = [...scanHtml(`<a class='button button-x' href="https://e.example/?a=1&amp;b=2">Hi &lt;b&gt; &#128578;</a><script id="__NEXT_DATA__">{"a":"</div>"}</script>`)];
  assert.deepEqual(tokens[0], { kind: "open", name: "a", attrs: new Map([["class", "button button-x"], ["href", "https://e.example/?a=1&b=2"]]), selfClosing: false });
  assert.deepEqual(tokens[1], { kind: "text", text: "Hi <b> 🙂" });
  assert.deepEqual(tokens[4], { kind: "raw", name: "script", text: '{"a":"</div>"}' });
  assert.equal(decodeEntities("&#xD800;&bogus;"), "\uFFFD&bogus;");
});
