"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useRef, useState } from "react";
import { BlockFields } from "./block-fields";
import { ScheduleFields } from "./schedule-fields";
import { isScheduledBlock, windowState, windowText } from "./schedule-time";
import { DownIcon, DuplicateIcon, EyeIcon, EyeOffIcon, TrashIcon, UpIcon } from "./icons";
import { BLOCK_LABELS, blockSummary, type Block } from "./model";

export interface BlockActions {
  change: (block: Block) => void;
  move: (delta: number) => void;
  duplicate: () => void;
  remove: () => void;
  toggleHidden: () => void;
  toggleOpen: () => void;
}

/** One block in the list: a drag handle (pointer or keyboard), its summary, its actions, and its fields when open. */
export function BlockRow({ block, index, count, open, actions, problems }: { block: Block; index: number; count: number; open: boolean; actions: BlockActions; problems: Record<string, string> }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.id });
  const ref = useRef<HTMLLIElement | null>(null);
  // Styles set through the DOM (not a style attribute) pass the page's CSP.
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    node.style.transform = CSS.Transform.toString(transform) ?? "";
    node.style.transition = transition ?? "";
  }, [transform, transition]);
  const summary = blockSummary(block);
  // The window is written in the browser's time zone, so only after hydration (the server's may differ).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const scheduled = isScheduledBlock(block);
  const state = scheduled && mounted ? windowState(block, Date.now()) : null;
  const stateLabel = state === "ended" ? "Ended" : state === "showing" ? "Showing" : "Scheduled";
  const label = `${BLOCK_LABELS[block.type ?? "simple"]}: ${summary}`;
  return (
    <li
      ref={(node) => {
        ref.current = node;
        setNodeRef(node);
      }}
      className={`ed-block${isDragging ? " is-dragging" : ""}${block.hidden ? " is-hidden" : ""}`}
      data-testid="block-row"
    >
      <div className="ed-block-head">
        <button type="button" ref={setActivatorNodeRef} className="ed-handle" aria-label={`Drag to reorder ${label}`} {...attributes} {...listeners}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <circle cx="5" cy="4" r="1.3" fill="currentColor" /><circle cx="11" cy="4" r="1.3" fill="currentColor" />
            <circle cx="5" cy="8" r="1.3" fill="currentColor" /><circle cx="11" cy="8" r="1.3" fill="currentColor" />
            <circle cx="5" cy="12" r="1.3" fill="currentColor" /><circle cx="11" cy="12" r="1.3" fill="currentColor" />
          </svg>
        </button>
        <button type="button" className="ed-block-summary" aria-expanded={open} onClick={actions.toggleOpen}>
          <span className="ed-block-type">{BLOCK_LABELS[block.type ?? "simple"]}</span>
          <span className="ed-block-title">{summary}</span>
          {block.hidden ? <span className="badge">Hidden</span> : null}
          {scheduled ? (
            <span className={`badge ${state === "showing" ? "badge-success" : "badge-accent"} ed-schedule-badge`} data-testid="schedule-badge">
              {stateLabel}
            </span>
          ) : null}
          {Object.keys(problems).length ? <span className="badge badge-danger">Not saved: needs a fix</span> : null}
        </button>
        <div className="ed-block-actions">
          <button type="button" className="ed-icon-btn" title="Move up" aria-label={`Move up ${label}`} disabled={index === 0} onClick={() => actions.move(-1)}>
            <UpIcon />
          </button>
          <button type="button" className="ed-icon-btn" title="Move down" aria-label={`Move down ${label}`} disabled={index === count - 1} onClick={() => actions.move(1)}>
            <DownIcon />
          </button>
          <button type="button" className="ed-icon-btn" title={block.hidden ? "Show" : "Hide"} aria-label={`${block.hidden ? "Show" : "Hide"} ${label}`} onClick={actions.toggleHidden}>
            {block.hidden ? <EyeOffIcon /> : <EyeIcon />}
          </button>
          <button type="button" className="ed-icon-btn" title="Duplicate" aria-label={`Duplicate ${label}`} onClick={actions.duplicate}>
            <DuplicateIcon />
          </button>
          <button type="button" className="ed-icon-btn ed-danger" title="Delete" aria-label={`Delete ${label}`} onClick={actions.remove}>
            <TrashIcon />
          </button>
        </div>
      </div>
      {scheduled && mounted ? (
        <p className="ed-block-when">
          <span className="ed-when-state">{stateLabel} · </span>
          <span data-testid="schedule-window">{windowText(block)}</span>
        </p>
      ) : null}
      {open ? (
        <div className="ed-block-body">
          <BlockFields block={block} onChange={actions.change} problems={problems} />
          <ScheduleFields block={block} onChange={actions.change} problems={problems} />
        </div>
      ) : null}
    </li>
  );
}
