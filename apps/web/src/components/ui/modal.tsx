import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { FOCUSABLE } from "@/lib/focus-order";

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons in the footer row, right-aligned. */
  footer?: ReactNode;
  size?: "md" | "lg" | "sm";
  /**
   * false for work that must finish (a search, a report): no ×, and Escape or a click outside do
   * nothing. The caller closes it by setting `open` to false.
   */
  dismissible?: boolean;
}

/**
 * A dialog over the page: closes with ×, Escape or a click on the backdrop; takes focus when it opens
 * and gives it back when it closes; the page behind does not scroll and is `inert` meanwhile, so Tab
 * stays inside the dialog (the browser's own focus trap; a dialog opened over it does the same to it).
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = "md",
  dismissible = true,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const closeOnEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === "Escape" && dismissible) onClose();
  });

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const madeInert = makeRestInert(overlayRef.current);
    dialogRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog opened over this one has made it inert: that one handles the keys.
      if (overlayRef.current?.inert) return;
      closeOnEscape(event);
      if (event.key === "Tab" && dialogRef.current) keepTabInside(event, dialogRef.current);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      for (const element of madeInert) element.inert = false;
      document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div
      ref={overlayRef}
      className="modal-overlay"
      role="presentation"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

/**
 * Makes every other child of the body inert (unfocusable, unclickable, hidden from screen readers) and
 * answers those it changed, so closing gives back exactly what opening took.
 */
function makeRestInert(overlay: HTMLElement | null): HTMLElement[] {
  if (!overlay) return [];
  const changed: HTMLElement[] = [];
  for (const element of Array.from(document.body.children)) {
    if (element === overlay || !(element instanceof HTMLElement) || element.inert) continue;
    if (element.tagName === "SCRIPT") continue;
    element.inert = true;
    changed.push(element);
  }
  return changed;
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last (issue 20 item 5). */
function keepTabInside(event: KeyboardEvent, dialog: HTMLElement): void {
  const stops = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest("[hidden], [inert]"),
  );
  const first = stops[0];
  const last = stops.at(-1);
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    dialog.focus();
  } else if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
