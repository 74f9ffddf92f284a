"use client";

import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useEffect, useState } from "react";
import { BlockRow } from "./block-row";
import { Section } from "./fields";
import { BLOCK_LABELS, blockSummary, moveItem, newBlock, newBlockId, type Block, type BlockType } from "./model";
import { blockProblems, type Problems } from "./model-check";

const UNDO_MS = 8000;

/** The page's blocks: add each type, edit, duplicate, delete (with undo), hide, and reorder by drag, keyboard or buttons. */
export function BlocksPanel({ blocks, onChange, problems }: { blocks: Block[]; onChange: (blocks: Block[]) => void; problems: Problems }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<{ block: Block; index: number } | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => setDeleted(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [deleted]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = blocks.findIndex((b) => b.id === active.id);
    const to = blocks.findIndex((b) => b.id === over.id);
    onChange(moveItem(blocks, from, to));
  };
  const add = (type: BlockType) => {
    const block = newBlock(type);
    onChange([...blocks, block]);
    setOpenId(block.id);
  };
  const update = (index: number, block: Block) => onChange(blocks.map((b, i) => (i === index ? block : b)));
  const announcements = {
    onDragStart: ({ active }: { active: { id: string | number } }) => `Picked up ${titleOf(blocks, active.id)}.`,
    onDragOver: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
      over ? `${titleOf(blocks, active.id)} is over position ${blocks.findIndex((b) => b.id === over.id) + 1} of ${blocks.length}.` : undefined,
    onDragEnd: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
      over ? `${titleOf(blocks, active.id)} dropped at position ${blocks.findIndex((b) => b.id === over.id) + 1} of ${blocks.length}.` : `${titleOf(blocks, active.id)} dropped.`,
    onDragCancel: ({ active }: { active: { id: string | number } }) => `Moving ${titleOf(blocks, active.id)} was cancelled.`,
  };

  return (
    <Section title="Blocks" description="Buttons, headings and text, in the order visitors see them. Drag, or focus a handle and press Space then the arrow keys.">
      {deleted ? (
        <div className="ed-undo" role="status">
          <span>Deleted “{blockSummary(deleted.block)}”.</span>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => {
              const next = blocks.slice();
              next.splice(Math.min(deleted.index, next.length), 0, deleted.block);
              onChange(next);
              setDeleted(null);
            }}
          >
            Undo
          </button>
        </div>
      ) : null}
      {blocks.length === 0 ? <p className="ed-empty">No blocks yet. Add a link below to get started.</p> : null}
      <DndContext id="ed-blocks" sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <SortableContext items={blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
          <ol className="ed-blocks" aria-label="Blocks">
            {blocks.map((block, index) => (
              <BlockRow
                key={block.id}
                block={block}
                index={index}
                count={blocks.length}
                open={openId === block.id}
                problems={blockProblems(problems, block.id)}
                actions={{
                  change: (next) => update(index, next),
                  move: (delta) => onChange(moveItem(blocks, index, index + delta)),
                  duplicate: () => {
                    const copy = { ...block, id: newBlockId() };
                    onChange([...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)]);
                  },
                  remove: () => {
                    setDeleted({ block, index });
                    onChange(blocks.filter((b) => b.id !== block.id));
                  },
                  toggleHidden: () => update(index, { ...block, hidden: block.hidden ? undefined : true }),
                  toggleOpen: () => setOpenId(openId === block.id ? null : block.id),
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="ed-add" role="group" aria-label="Add a block">
        {(Object.keys(BLOCK_LABELS) as BlockType[]).map((type) => (
          <button key={type} type="button" className="btn btn-secondary btn-sm" disabled={blocks.length >= 200} onClick={() => add(type)}>
            + {BLOCK_LABELS[type]}
          </button>
        ))}
      </div>
    </Section>
  );
}

function titleOf(blocks: Block[], id: string | number): string {
  const block = blocks.find((b) => b.id === id);
  return block ? blockSummary(block) : "block";
}
