"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * The native modal <dialog>: the browser traps focus, closes on Escape and renders the backdrop.
 * `open` drives showModal()/close(); `onClose` hears every way it closes.
 */
export function Dialog({ open, onClose, title, description, children, footer, id, wide = false }: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  id: string;
  /** Two columns' width (up to 760 px) for a dialog with a preview beside its controls. */
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className={wide ? "dialog dialog-wide" : "dialog"} aria-labelledby={`${id}-title`} onClose={onClose}>
      <div className="dialog-header">
        <h2 className="dialog-title" id={`${id}-title`}>
          {title}
        </h2>
        {description ? <p className="dialog-description">{description}</p> : null}
      </div>
      {children ? <div className="dialog-body">{children}</div> : null}
      {footer ? <div className="dialog-footer">{footer}</div> : null}
    </dialog>
  );
}
