"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { send } from "@/components/ui/request";
import type { Model } from "./model";

// Autosave: every change is written to localStorage at once (it survives a reload, a closed tab
// and a lost connection), then saved to the server after a short pause. A failed request is
// retried with growing pauses and when the browser comes back online; a 409 means another tab
// saved first, which is never overwritten: the person is asked to reload.

export type SaveState = { kind: "saved" } | { kind: "saving" } | { kind: "offline" } | { kind: "conflict" } | { kind: "invalid"; message: string; field?: string };

export interface Edit {
  model: Model;
  templateId: string;
}

interface Backup extends Edit {
  baseVersion: number;
}

const DEBOUNCE_MS = 500;
const backupKey = (draftId: string) => `hop-editor:${draftId}`;

/** Unsaved edits kept by an earlier visit, if they were made from the version the server still has. */
export function readBackup(draftId: string, version: number): Edit | null {
  try {
    const backup = JSON.parse(localStorage.getItem(backupKey(draftId)) ?? "null") as Backup | null;
    if (backup && backup.baseVersion === version && backup.model && typeof backup.templateId === "string") return { model: backup.model, templateId: backup.templateId };
    if (backup) localStorage.removeItem(backupKey(draftId));
  } catch {
    // Storage unavailable or corrupt: nothing to restore.
  }
  return null;
}

export function useAutosave(draftId: string, initialVersion: number, edit: Edit) {
  const [state, setState] = useState<SaveState>({ kind: "saved" });
  const version = useRef(initialVersion);
  const latest = useRef(edit);
  const dirty = useRef(false);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const retryDelay = useRef(1000);
  const stopped = useRef(false);

  const saveNow = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) await inFlight.current;
    if (!dirty.current || stopped.current) return !dirty.current;
    const sent = latest.current;
    dirty.current = false;
    setState({ kind: "saving" });
    const run = (async () => {
      const result = await send<{ version: number }>("PUT", `/api/dashboard/drafts/${draftId}`, { version: version.current, semantic: sent.model, templateId: sent.templateId });
      if (result.ok) {
        version.current = result.data.version;
        retryDelay.current = 1000;
        if (latest.current === sent) {
          try {
            localStorage.removeItem(backupKey(draftId));
          } catch {
            // Nothing to clear.
          }
        } else {
          writeBackup(draftId, version.current, latest.current);
        }
        setState(dirty.current ? { kind: "saving" } : { kind: "saved" });
        return true;
      }
      dirty.current = true;
      if (result.error.status === 409) {
        stopped.current = true;
        setState({ kind: "conflict" });
      } else if (result.error.status === 400) {
        setState({ kind: "invalid", message: result.error.message, field: result.error.field });
      } else if (result.error.status === 404 || result.error.status === 401) {
        stopped.current = true;
        setState({ kind: "invalid", message: result.error.message });
      } else {
        setState({ kind: "offline" });
        const delay = retryDelay.current;
        retryDelay.current = Math.min(delay * 2, 15_000);
        timer.current = setTimeout(() => void saveNow(), delay);
      }
      return false;
    })();
    inFlight.current = run;
    const ok = await run;
    inFlight.current = null;
    if (ok && dirty.current) return saveNow();
    return ok;
  }, [draftId]);

  useEffect(() => {
    if (latest.current === edit) return;
    latest.current = edit;
    dirty.current = true;
    writeBackup(draftId, version.current, edit);
    if (stopped.current) return;
    setState((current) => (current.kind === "offline" ? current : { kind: "saving" }));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), DEBOUNCE_MS);
  }, [edit, draftId, saveNow]);

  useEffect(() => {
    const online = () => {
      retryDelay.current = 1000;
      if (dirty.current) void saveNow();
    };
    const leaving = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener("online", online);
    window.addEventListener("beforeunload", leaving);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("beforeunload", leaving);
    };
  }, [saveNow]);

  /** A publish raised the version on the server (the use case claims it): later saves start from it. */
  const adopt = useCallback((next: number) => {
    version.current = next;
  }, []);

  return { state, saveNow, adopt, version: () => version.current };
}

function writeBackup(draftId: string, baseVersion: number, edit: Edit) {
  try {
    localStorage.setItem(backupKey(draftId), JSON.stringify({ ...edit, baseVersion } satisfies Backup));
  } catch {
    // Storage full or refused: the server save is still attempted.
  }
}
