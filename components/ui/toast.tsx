"use client";

import { useEffect, useState } from "react";
import { AlertIcon, CheckCircleIcon } from "./icons";

// toast("Key revoked") from any island; the one <Toaster/> in the shell shows it for a few seconds.
const EVENT = "hop:toast";

interface ToastMessage {
  id: number;
  text: string;
  tone: "success" | "error";
}

export function toast(text: string, tone: ToastMessage["tone"] = "success"): void {
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { text, tone } }));
}

export function Toaster() {
  const [items, setItems] = useState<ToastMessage[]>([]);
  useEffect(() => {
    let next = 0;
    const onToast = (event: Event) => {
      const { text, tone } = (event as CustomEvent<{ text: string; tone: ToastMessage["tone"] }>).detail;
      const id = ++next;
      setItems((current) => [...current, { id, text, tone }]);
      setTimeout(() => setItems((current) => current.filter((item) => item.id !== id)), 4000);
    };
    window.addEventListener(EVENT, onToast);
    return () => window.removeEventListener(EVENT, onToast);
  }, []);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={item.tone === "error" ? "toast toast-error" : "toast"}>
          {item.tone === "error" ? <AlertIcon /> : <CheckCircleIcon />}
          <span>{item.text}</span>
        </div>
      ))}
    </div>
  );
}
