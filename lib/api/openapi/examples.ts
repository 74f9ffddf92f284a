// One example request body and one example success body per operation, keyed like the document
// (`METHOD /path`). They are illustrations, not fixtures: tests/unit/openapi-examples.test.ts checks
// that each request example passes the operation's own request schema and each answer its success
// schema, so an example cannot drift from the API it shows.

const AT = "2026-05-01T12:00:00.000Z";
const LATER = "2026-05-02T09:30:00.000Z";

const link = {
  id: "spring-sale",
  url: "https://hop.example/spring-sale",
  slug: "spring-sale",
  domain: "hop.example",
  destination: "https://shop.example.com/spring",
  title: "Spring sale",
  description: null,
  tags: ["campaign"],
  groupId: null,
  isActive: true,
  linkType: null,
  type: "deeplink",
  createdAt: AT,
  updatedAt: AT,
  expiresAt: null,
  expiredUrl: null,
  startsAt: null,
  maxClicks: null,
  hasPassword: false,
  ios: null,
  android: null,
  variants: null,
  health: { state: "ok", status: 200, error: null, checkedAt: LATER, finalUrl: null },
};

const webhook = {
  id: "whk_4Jd8sK2mQ9xZ1vB7nL3p",
  url: "https://hooks.example.com/hop",
  events: ["link.created", "link.clicked"],
  isActive: true,
  disabledReason: null,
  clicksOverCap: 0,
  createdAt: AT,
};

const domain = {
  id: "dom_8fK2mQ1xZ4",
  domain: "links.example.com",
  verified: false,
  verifiedAt: null,
  isDefault: false,
  dnsRecords: { type: "CNAME", host: "links.example.com", value: "cname.hop.example" },
  createdAt: AT,
  claimExpiresAt: "2026-05-04T12:00:00.000Z",
  lastCheckedAt: null,
  recordMissingSince: null,
  graceEndsAt: null,
  warning: null,
  unverifiedAt: null,
  unverifiedReason: null,
};

const group = { id: "grp_3Jd9sLq0Pa", name: "Spring campaign", description: "Every spring link", linkCount: 2, createdAt: AT };
const preset = { id: "geo_Kd02mXq8Lw", name: "DACH", countries: ["DE", "AT", "CH"], createdAt: AT };
const pagination = { page: 1, limit: 20, totalCount: 1, totalPages: 1, hasMore: false };
const pageData = {
  profile: { name: "Ada Lovelace", handle: "@ada", bio: "Mathematician and writer." },
  links: [{ id: "b1", type: "simple", title: "My notes", url: "https://ada.example/notes" }],
  socials: [{ platform: "github", handle: "ada" }],
};

export interface OperationExamples {
  request?: unknown;
  success: unknown;
}

export const EXAMPLES: Record<string, OperationExamples> = {
  "POST /v1/links": {
    request: {
      url: "https://shop.example.com/spring",
      slug: "spring-sale",
      title: "Spring sale",
      tags: ["campaign"],
      geoRules: [{ countries: ["DE", "Austria"], redirectUrl: "https://shop.example.com/de/spring" }],
      languageRules: [{ languages: ["fr"], redirectUrl: "https://shop.example.com/fr/printemps" }],
    },
    success: { success: true, data: link },
  },
  "GET /v1/links/{identifier}/qr": {
    success: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" width="256" height="256" shape-rendering="crispEdges"><rect width="29" height="29" fill="#ffffff"/><path fill="#000000" d="M4 4h7v1h-7z…"/></svg>',
  },
  "GET /v1/links": { success: { data: [link], pagination } },
  "POST /v1/webhooks": {
    request: { url: "https://hooks.example.com/hop", events: ["link.created", "link.clicked"] },
    success: { data: { ...webhook, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" } },
  },
  "GET /v1/webhooks": { success: { data: [webhook] } },
  "DELETE /v1/webhooks/{id}": { success: { success: true, id: webhook.id } },
  "GET /v1/webhooks/{id}/deliveries": {
    success: {
      data: [
        { id: "msg_2Ykq8WbN1tH7cR4mZ0aL", event: "link.created", status: "delivered", attempts: 1, lastStatusCode: 200, nextAttemptAt: null, deliveredAt: LATER, createdAt: AT },
        { id: "msg_9Pq2LmX7vB3nK8sD1fGh", event: "link.clicked", status: "pending", attempts: 2, lastStatusCode: 503, nextAttemptAt: LATER, deliveredAt: null, createdAt: AT },
      ],
    },
  },
  "GET /v1/audit-log": {
    success: {
      data: [
        {
          id: "aud_4mQ9v2Lk8RtZxYb1NcWe",
          createdAt: "2026-05-01T12:00:00.000Z",
          action: "link.updated",
          actor: { type: "key", id: "key_Zp3R8sQ1mN5vT7xW9yA2", label: "Deploy script", keyPrefix: "hop_live_pk_a1B2", via: "api" },
          target: { type: "link", id: "spring-sale", label: "hop.example/spring-sale" },
          changes: { fields: ["destination", "password"], values: { destination: "https://shop.example.com/spring" } },
          ip: "203.0.113.7",
          userAgent: "curl/8.5.0",
        },
      ],
      nextCursor: null,
    },
  },
  "GET /v1/audit-log/export": {
    success:
      "createdAt,action,actorType,actorLabel,keyPrefix,via,targetType,targetId,targetLabel,fields,ip,userAgent,id,repeats,lastAt\r\n" +
      "2026-05-01T12:00:00.000Z,link.updated,key,Deploy script,hop_live_pk_a1B2,api,link,spring-sale,hop.example/spring-sale,destination|password,203.0.113.7,curl/8.5.0,aud_4mQ9v2Lk8RtZxYb1NcWe,,\r\n",
  },
  "GET /v1/links/export": {
    success:
      "shortUrl,domain,slug,url,title,description,tags,groupId,isActive,createdAt,expiresAt,expiredUrl,ios,android\r\n" +
      "https://hop.example/spring-sale,hop.example,spring-sale,https://shop.example.com/spring,Spring sale,,campaign,,true,2026-05-01T12:00:00.000Z,,,,\r\n",
  },
  "POST /v1/links/import": {
    success: { created: 2, failed: [{ row: 3, slug: "blog", error: "Slugs are 3 to 50 letters, digits, hyphens or underscores and not a reserved word.", code: "INVALID_SLUG" }], dryRun: false },
  },
  "GET /v1/links/{identifier}": {
    success: {
      data: {
        ...link,
        behavior: "conservative",
        geoRules: [{ countries: ["DE", "AT"], redirectUrl: "https://shop.example.com/de/spring" }],
        languageRules: [{ languages: ["fr"], redirectUrl: "https://shop.example.com/fr/printemps" }],
        seo: null,
        googleTags: null,
        metaPixel: null,
        alternateBackUrl: null,
      },
    },
  },
  "POST /v1/links/{identifier}/variants/{index}/promote": {
    success: { data: { ...link, destination: "https://shop.example.com/spring-b", behavior: "conservative", geoRules: [], languageRules: [], seo: null, googleTags: null, metaPixel: null, alternateBackUrl: null } },
  },
  "PUT /v1/links/{identifier}": {
    request: {
      destination: "https://shop.example.com/spring-2",
      title: "Spring sale, week 2",
      variants: [{ url: "https://shop.example.com/spring-a", weight: 50 }, { url: "https://shop.example.com/spring-b", weight: 50 }],
    },
    success: { success: true, id: "spring-sale", message: "Link updated", updatedFields: ["destination", "title", "variants"] },
  },
  "DELETE /v1/links/{identifier}": { success: { success: true, id: "spring-sale", message: "Link spring-sale deleted" } },
  "PATCH /v1/links/{identifier}/status": {
    request: { setActive: false },
    success: { success: true, id: "spring-sale", isActive: false, message: "Link deactivated" },
  },
  "POST /v1/links/bulk": {
    request: { links: [{ url: "https://shop.example.com/a", slug: "promo-a" }, { url: "https://shop.example.com/b", slug: "promo-b" }] },
    success: {
      success: true,
      results: {
        successful: [{ ...link, id: "promo-a", url: "https://hop.example/promo-a", slug: "promo-a", destination: "https://shop.example.com/a", title: "" }],
        failed: [{ index: 1, slug: "promo-b", error: { code: "SLUG_TAKEN", message: "Custom slug or domain already taken" } }],
      },
      createdCount: 1,
    },
  },
  "DELETE /v1/links/bulk": {
    request: { links: ["promo-a", "https://links.example.com/promo"] },
    success: {
      success: true,
      message: "Deleted 2, failed 0, skipped 0.",
      results: { successful: ["promo-a", "links.example.com__promo"], failed: [], skipped: [] },
      deletedCount: 2,
      redeployPending: [],
    },
  },
  "PATCH /v1/links/bulk/status": {
    request: { links: ["promo-a", "promo-b"], setActive: true },
    success: {
      success: true,
      results: { successful: ["promo-a"], failed: [{ identifier: "promo-b", error: "ACTIVE_LINK_LIMIT_REACHED" }] },
      updatedCount: 1,
    },
  },
  "POST /v1/links/bulk-update": {
    request: { filter: { tags: ["spring"] }, change: { replaceHost: { from: "old-shop.example.com", to: "shop.example.com" }, utm: { campaign: "spring", source: null } }, dryRun: true },
    success: {
      matched: 3,
      changed: 2,
      sample: [{ ...link, destination: "https://shop.example.com/spring?utm_campaign=spring", tags: ["spring"], updatedAt: LATER }],
      failed: [{ id: "spring-loop", error: "destination points back at this link (a redirect loop).", code: "INVALID_DESTINATION_URL" }],
      failedCount: 1,
      dryRun: true,
    },
  },
  "POST /v1/websites": {
    request: { websiteId: "site-ada", templateId: "simple-stack-v2", data: pageData, customSlug: "ada" },
    success: { message: "Website published", id: "ada", url: "https://hop.example/ada", isActive: true },
  },
  "POST /v1/websites/drafts": {
    request: {
      templateId: "bento-grid",
      name: "Ada's page",
      semantic: {
        profile: { name: "Ada Lovelace", bio: "Mathematician and writer." },
        links: [{ type: "simple", title: "My notes", url: "https://ada.example/notes" }],
        socials: [{ platform: "github", handle: "ada" }],
        theme: { background: { type: "preset", preset: "ocean" } },
      },
    },
    success: { success: true, data: { id: "drf_Xq81LmZp0Kd7Wc2aBn5R", templateId: "bento-grid", name: "Ada's page", editorUrl: "https://app.hop.example/editor/drf_Xq81LmZp0Kd7Wc2aBn5R" } },
  },
  "POST /v1/websites/drafts/import": {
    success: {
      success: true,
      data: {
        id: "drf_Lt4kW9pQ2mZx7Rc1Vb8N",
        templateId: "simple-stack-v2",
        name: "Juno Okafor",
        editorUrl: "https://app.hop.example/editor/drf_Lt4kW9pQ2mZx7Rc1Vb8N",
        source: "linktree",
        imported: {
          profile: { name: "Juno Okafor", handle: "@juno.beats", bio: "DJ and producer." },
          avatar: "https://ugc.linktree.example/juno.jpg",
          links: [
            { type: "simple", title: "Listen to Low Tide", url: "https://juno.example/low-tide" },
            { type: "header", title: "Live" },
          ],
          socials: [{ platform: "instagram", url: "https://instagram.com/juno.beats" }],
        },
        skipped: [{ kind: "commerce", title: "Low Tide vinyl", reason: "A shop block: Hop pages sell nothing; link to the shop with a button instead." }],
      },
    },
  },
  "POST /v1/websites/drafts/{id}/publish": {
    request: { customSlug: "ada" },
    success: { message: "Website published", id: "ada", url: "https://hop.example/ada", isActive: true, draftId: "drf_Xq81LmZp0Kd7Wc2aBn5R", version: 2 },
  },
  "GET /v1/websites/{id}": {
    success: {
      data: { id: "ada", url: "https://hop.example/ada", slug: "ada", domain: "hop.example", templateId: "simple-stack-v2", data: pageData, isActive: true, createdAt: AT, updatedAt: LATER },
    },
  },
  "POST /v1/websites/{id}/duplicate": {
    request: { slug: "ada-copy" },
    success: { message: "Website duplicated", id: "ada-copy", url: "https://hop.example/ada-copy", sourceId: "ada" },
  },
  "GET /v1/websites/{id}/contacts": {
    success: {
      data: [{ id: "ctc_9Lm2Qx8Zp1", websiteId: "ada", blockId: "contact-1", name: "Grace", email: "grace@example.com", phone: null, message: "Hello!", createdAt: LATER }],
      pagination,
    },
  },
  "GET /v1/websites/{id}/subscribers": {
    success: {
      data: [
        { id: "sub_4Kp9Wm2Qz7Xr1Lb8Nc3D", websiteId: "ada", blockId: "signup-3", email: "grace@example.com", status: "confirmed", optIn: "double", confirmedAt: LATER, createdAt: AT },
        { id: "sub_7Tn2Hd5Vr9Jc4Mw1Ks6E", websiteId: "ada", blockId: "signup-3", email: "alan@example.com", status: "pending", optIn: "double", confirmedAt: null, createdAt: LATER },
      ],
      pagination,
    },
  },
  "DELETE /v1/websites/{id}/subscribers/{subscriberId}": { success: { message: "Subscriber deleted", id: "sub_4Kp9Wm2Qz7Xr1Lb8Nc3D" } },
  "GET /v1/domains": { success: { data: [domain] } },
  "POST /v1/domains": { request: { domain: "links.example.com", isDefault: false }, success: domain },
  "PATCH /v1/domains/{domain}": {
    request: { isDefault: true },
    success: { ...domain, verified: true, verifiedAt: LATER, isDefault: true, claimExpiresAt: null, lastCheckedAt: LATER },
  },
  "DELETE /v1/domains/{domain}": { success: { domain: "links.example.com", message: "links.example.com was removed; 3 link(s) moved to hop.example.", linksReassigned: 3 } },
  "POST /v1/domains/{domain}/verify": {
    success: {
      domain: "links.example.com",
      verified: true,
      message: "Domain verified",
      verifiedAt: LATER,
      dnsStatus: { recordFound: true, recordValue: "cname.hop.example", expectedValue: "cname.hop.example" },
    },
  },
  "GET /v1/domains/{domain}/dns": {
    success: {
      domain: "links.example.com",
      verified: false,
      dnsRecords: domain.dnsRecords,
      currentDns: { recordFound: false, recordType: null, recordValue: null, matches: false },
      instructions: "Create a CNAME record for links.example.com pointing to cname.hop.example, then verify.",
      claimExpiresAt: domain.claimExpiresAt,
      lastCheckedAt: AT,
      recordMissingSince: null,
      graceEndsAt: null,
      warning: null,
      unverifiedAt: null,
      unverifiedReason: null,
    },
  },
  "GET /v1/groups": { success: { data: [group] } },
  "POST /v1/groups": { request: { name: "Spring campaign", description: "Every spring link" }, success: { ...group, linkCount: 0 } },
  "PATCH /v1/groups/{groupId}/links": {
    request: { linkIds: ["spring-sale", "promo-a"], action: "add" },
    success: { groupId: group.id, message: "2 link(s) added to the group", updated: 2, failed: [] },
  },
  "DELETE /v1/groups/{groupId}": { success: { id: group.id, message: "Group deleted; its links were kept", linksUngrouped: 2 } },
  "GET /v1/geo-presets": { success: { data: [preset] } },
  "POST /v1/geo-presets": { request: { name: "DACH", countries: ["Germany", "AT", "CH"] }, success: preset },
  "PUT /v1/geo-presets/{id}": { request: { countries: ["DE", "AT", "CH", "LI"] }, success: { ...preset, countries: ["DE", "AT", "CH", "LI"] } },
  "DELETE /v1/geo-presets/{id}": { success: { success: true, id: preset.id, message: "Geo preset deleted" } },
  "GET /v1/analytics/overview": {
    success: {
      from: "2026-04-02T00:00:00.000Z",
      bucket: "day",
      series: [{ date: "2026-05-01", views: 42, clicks: 3 }],
      totalViews: 42,
      totalClicks: 3,
      topLinks: [{ id: "spring-sale", title: "Spring sale", url: "https://hop.example/spring-sale", type: "deeplink", views: 42, clicks: 3 }],
      topCountries: [{ name: "DE", views: 30 }, { name: "US", views: 12 }],
    },
  },
  "GET /v1/analytics/links/{identifier}": {
    success: {
      id: "spring-sale",
      identifier: "spring-sale",
      type: "Deeplink",
      resolvedBy: "customSlug",
      totalViews: 42,
      dailyViews: [
        { date: "2026-05-01", views: 42, clicks: 0, adultClicks: 0, countries: { DE: 30, US: 12 }, devices: { mobile: 35, desktop: 7 }, platforms: { instagram: 20 }, referrers: { "instagram.com": 20 }, uniqueVisitors: 31, botViews: 9, botReasons: { preview: 6, crawler: 3 } },
      ],
      deviceStats: { mobile: 35, desktop: 7 },
      countryStats: [{ name: "DE", views: 30 }, { name: "US", views: 12 }],
      topCountry: "DE",
      topCountryViews: 30,
      lastViewed: LATER,
      platformStats: { instagram: 20 },
      referrerStats: [{ domain: "instagram.com", views: 20 }],
      totalClicks: 0,
      clicksByLink: [],
      adultConfirmation: null,
      audience: "people",
      uniqueVisitors: 31,
      botViews: { total: 9, byReason: { preview: 6, crawler: 3, head: 0, prefetch: 0, datacenter: 0 } },
      utmStats: { sources: [{ name: "instagram", views: 20 }], mediums: [{ name: "social", views: 20 }], campaigns: [{ name: "spring", views: 20 }] },
      variantStats: [
        { index: 0, url: "https://shop.example.com/spring-a", weight: 50, views: 22 },
        { index: 1, url: "https://shop.example.com/spring-b", weight: 50, views: 20 },
      ],
    },
  },
  "GET /v1/analytics/export/{identifier}": {
    success: "date,views,uniqueVisitors,clicks,botViews,bots_preview,bots_crawler,bots_head,bots_prefetch,bots_datacenter\r\n" + "2026-05-01,42,31,0,9,6,3,0,0,0\r\n",
  },
  "GET /v1/account/usage": {
    success: {
      requestsToday: 120,
      requestsThisHour: 12,
      totalRequests: 5310,
      rateLimit: { hourly: 1000, daily: 10000 },
      remaining: { hourly: 988, daily: 9880 },
      resetAt: { hourly: 1777640400, daily: 1777680000 },
    },
  },
  "GET /v1/account/limits": {
    success: {
      plan: "growth",
      links: { totalLimit: 5000, activeLimit: 1000, currentTotal: 42, currentActive: 40 },
      rateLimit: { hourly: 1000, daily: 10000 },
      apiKeys: { active: 2, max: 10 },
    },
  },
  "GET /v1/account/profile": {
    success: {
      id: "acc_2Lq9Xm0Zp8",
      email: "ada@example.com",
      name: "Ada Lovelace",
      plan: "growth",
      createdAt: AT,
      apiKey: { id: "key_8Kd1Qx0Lm2", name: "CI", prefix: "hop_live_pk_Ab12", role: "full" },
      teams: [],
    },
  },
  "GET /v1/openapi.json": { success: { openapi: "3.1.0", info: { title: "Hop API", version: "1.0.0" }, paths: {} } },
};
