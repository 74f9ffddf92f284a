import type { ReactNode } from "react";
import { AlertIcon, InfoIcon } from "./icons";

export function Alert({ tone = "info", children }: { tone?: "info" | "warning" | "danger"; children: ReactNode }) {
  return (
    <div className={tone === "info" ? "alert" : `alert alert-${tone}`} role={tone === "danger" ? "alert" : undefined}>
      {tone === "info" ? <InfoIcon /> : <AlertIcon />}
      <div>{children}</div>
    </div>
  );
}
