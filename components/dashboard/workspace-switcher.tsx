"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { WorkspaceChoice } from "@/lib/dashboard/workspace-choice";
import { send } from "../ui/request";
import { toast } from "../ui/toast";

export type WorkspaceOption = Pick<WorkspaceChoice, "ownerId" | "label" | "role">;

// The role goes under the select, not into its options: a long e-mail would cut it off there.
const ROLE_NOTE: Record<string, string> = { owner: "Your own workspace", admin: "Team workspace · admin", editor: "Team workspace · editor", viewer: "Team workspace · read-only" };

/** Shown only to team members: the own account or a team owner's workspace. */
export function WorkspaceSwitcher({ options, current }: { options: WorkspaceOption[]; current: string }) {
  const router = useRouter();
  const [value, setValue] = useState(current);
  const [busy, setBusy] = useState(false);
  if (options.length < 2) return null;
  return (
    <div className="workspace-switcher">
      <label className="nav-heading" htmlFor="workspace-select">
        Switch workspace
      </label>
      <select
        id="workspace-select"
        className="select select-sm"
        title={options.find((option) => option.ownerId === value)?.label}
        value={value}
        disabled={busy}
        onChange={async (event) => {
          const next = event.target.value;
          const previous = value;
          setValue(next);
          setBusy(true);
          const result = await send("POST", "/api/dashboard/workspace", { ownerId: next });
          setBusy(false);
          if (!result.ok) {
            setValue(previous);
            return toast(result.error.message, "error");
          }
          router.refresh();
        }}
      >
        {options.map((option) => (
          <option key={option.ownerId} value={option.ownerId}>
            {option.label}
          </option>
        ))}
      </select>
      <span className="workspace-role">{ROLE_NOTE[options.find((option) => option.ownerId === value)?.role ?? "owner"]}</span>
    </div>
  );
}
