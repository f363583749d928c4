/** What a Tab press can stop at (Odin uses no positive tabindex, so document order is Tab order). */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Shown and not inside something hidden or inert (checkVisibility where the browser has it). */
function reachable(element: HTMLElement): boolean {
  if (element.closest("[hidden], [inert]")) return false;
  if (element.getAttribute("tabindex") === "-1") return false;
  return typeof element.checkVisibility === "function" ? element.checkVisibility() : true;
}

/**
 * A radio group is one Tab stop: its checked radio, or its first when none is (the browser's rule).
 */
function radioStop(element: HTMLElement, all: HTMLElement[]): boolean {
  if (!(element instanceof HTMLInputElement) || element.type !== "radio" || !element.name) return true;
  const group = all.filter(
    (other): other is HTMLInputElement =>
      other instanceof HTMLInputElement &&
      other.type === "radio" &&
      other.name === element.name &&
      other.form === element.form,
  );
  const checked = group.find((radio) => radio.checked);
  return checked ? checked === element : group[0] === element;
}

/** The Tab stops inside `root`, in Tab order. */
export function tabStops(root: ParentNode = document): HTMLElement[] {
  const all = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(reachable);
  return all.filter((element) => radioStop(element, all));
}

/**
 * Moves focus to the Tab stop after (or before) `element`, as if the element were one stop. False when
 * there is none on the page (the browser then moves on to its own controls).
 */
export function focusPast(element: HTMLElement, backwards: boolean): boolean {
  const stops = tabStops(element.ownerDocument);
  const index = stops.indexOf(element);
  if (index === -1) return false;
  const target = stops[backwards ? index - 1 : index + 1];
  if (!target) return false;
  target.focus();
  return true;
}
