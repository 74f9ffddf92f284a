import { formatDate, formatRelative } from "@/components/dashboard/format";
import { Card, CardHeader } from "@/components/ui/card";
import type { DraftInProgress } from "@/lib/drafts/list-drafts";
import { countOf } from "@/lib/text/plural";
import { designName } from "@/lib/websites/designs";
import { DesignThumbnail } from "./design-thumbnail";

/** Pages being edited: drafts not published yet, and published pages with changes that are not live. */
export function DraftsCard({ drafts, more, now }: { drafts: DraftInProgress[]; more: number; now: number }) {
  return (
    <Card labelledBy="drafts-title">
      <CardHeader id="drafts-title" title="In progress" description="Drafts and unpublished changes, newest first. Open one to carry on where you left off." />
      <ul className="draft-list">
        {drafts.map((draft) => (
          <li key={draft.id} className="draft-item" data-draft-id={draft.id}>
            <DesignThumbnail id={draft.templateId} size="sm" />
            <div className="draft-text">
              <div className="cell-title">{draft.name}</div>
              <div className="cell-sub">
                {draft.published ? (
                  <>Unpublished changes to <span className="nowrap">{draft.published.url.replace(/^https?:\/\//, "")}</span></>
                ) : (
                  <>Not published · {designName(draft.templateId)}</>
                )}
                {" · "}saved {formatRelative(draft.updatedAt, now).toLowerCase()}
                {draft.expiresAt ? <> · <span className="draft-expiry">deleted on {formatDate(draft.expiresAt)} unless opened</span></> : null}
              </div>
            </div>
            {/* A plain link: the editor is its own app, not a prefetched dashboard route. */}
            <a className="btn btn-secondary btn-sm" href={`/editor/${encodeURIComponent(draft.id)}`}>
              Continue editing<span className="visually-hidden"> {draft.name}</span>
            </a>
          </li>
        ))}
      </ul>
      {more ? <p className="muted-note">And {countOf(more, "older draft")}; open them from the editor links you were given.</p> : null}
    </Card>
  );
}
