import { LRUCache } from "lru-cache";
import { cardHash, cardInputs, type CardInputs } from "../bio/social-card";
import { Generations } from "../cache/generations";
import { onInvalidate, type Invalidation } from "../cache/invalidation";
import type { Db } from "../db/open";
import { shared } from "../shared";

// What a social card's address needs to know of its page — the host it is served on, what its
// card shows now and its hash, its account — kept in memory, so a preview service's repeat
// fetches of a card cost no database read (on the embedded database those reads queued behind
// each other under concurrent fetches). Dropped by the announcements that drop the page from the
// visitor caches (its address, its domain, everything), with a 60 s TTL as the backstop; a read
// racing an announcement stores nothing (lib/cache/generations.ts).

export interface CardPage {
  accountId: string;
  domain: string;
  inputs: CardInputs;
  hash: string;
}

const MAX_PAGES = 5_000;
const TTL_MS = 60_000;

class CardPages {
  readonly generations = new Generations();
  /** `domain/slug` → link id, to drop an entry by the address an announcement names. */
  readonly #byAddress = new Map<string, string>();
  readonly pages = new LRUCache<string, CardPage & { address: string }>({
    max: MAX_PAGES,
    ttl: TTL_MS,
    dispose: (page, id) => {
      if (this.#byAddress.get(page.address) === id) this.#byAddress.delete(page.address);
    },
  });

  set(id: string, page: CardPage & { address: string }): void {
    this.pages.set(id, page);
    this.#byAddress.set(page.address, id);
  }

  dropAddress(address: string): void {
    const id = this.#byAddress.get(address);
    if (id !== undefined) this.pages.delete(id);
  }

  invalidate(event: Invalidation): void {
    switch (event.kind) {
      case "link":
        this.generations.bump(`${event.domain}/${event.slug}`);
        return this.dropAddress(`${event.domain}/${event.slug}`);
      case "links":
        this.generations.bump(...event.slugs.map((slug) => `${event.domain}/${slug}`));
        for (const slug of event.slugs) this.dropAddress(`${event.domain}/${slug}`);
        return;
      case "domain":
        this.generations.bump(`domain:${event.domain}`);
        for (const [id, page] of this.pages.entries()) if (page.domain === event.domain) this.pages.delete(id);
        return;
      case "everything":
        this.generations.bumpAll();
        this.pages.clear();
        return;
      default:
        return;
    }
  }
}

const cardPages = () =>
  shared("socialCardPages", () => {
    const c = new CardPages();
    onInvalidate((event) => c.invalidate(event));
    return c;
  });

/** The page a card's address names when this process knows it already (no read), else undefined. */
export function knownCardPage(id: string): CardPage | undefined {
  return cardPages().pages.get(id);
}

/** The live page a card's address names (reads across accounts: the card is public), or null. */
export async function findCardPageAcrossAccounts(database: Db, id: string): Promise<CardPage | null> {
  const c = cardPages();
  const known = c.pages.get(id);
  if (known) return known;
  const token = c.generations.begin();
  try {
    const row = await database.link.findUnique({ where: { id }, select: { accountId: true, type: true, domain: true, slug: true, isActive: true, templateId: true, data: true } });
    if (!row || row.type !== "website" || !row.isActive) return null;
    const inputs = cardInputs(row.templateId, row.data);
    const address = `${row.domain}/${row.slug}`;
    const page = { accountId: row.accountId, domain: row.domain, inputs, hash: cardHash(inputs), address };
    if (c.generations.unchangedSince(token, address, `domain:${row.domain}`)) c.set(id, page);
    return page;
  } finally {
    c.generations.end();
  }
}
