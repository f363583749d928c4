import { useSyncExternalStore } from "react";

/** A phone's width (the stylesheets' own `max-width: 640px` step). */
export const NARROW_QUERY = "(max-width: 640px)";

/**
 * Whether the screen is narrow (NARROW_QUERY); follows the window as it is resized. False where the
 * browser has no matchMedia (jsdom) and while rendering on a server.
 */
export function useNarrowScreen(): boolean {
  const query = typeof window !== "undefined" && window.matchMedia ? window.matchMedia(NARROW_QUERY) : null;
  return useSyncExternalStore(
    (onChange) => {
      query?.addEventListener("change", onChange);
      return () => query?.removeEventListener("change", onChange);
    },
    () => query?.matches ?? false,
    () => false,
  );
}
