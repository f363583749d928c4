import { useCallback, useEffect, useState, type RefObject } from "react";

/**
 * How an element is shown full screen: "native" through the Fullscreen API, "fallback" as a fixed,
 * full-viewport box (browsers without element full screen, e.g. Safari on iPhone, or a refused request).
 */
export type FullScreenMode = "native" | "fallback";

export interface FullScreenControls {
  mode: FullScreenMode | null;
  isFullScreen: boolean;
  enter: () => Promise<void>;
  exit: () => Promise<void>;
  toggle: () => Promise<void>;
}

function canUseNativeFullScreen(element: HTMLElement): boolean {
  return document.fullscreenEnabled === true && typeof element.requestFullscreen === "function";
}

/**
 * Full screen for one element (the map and its controls). Native full screen is left by the browser on
 * Escape; the fallback listens for Escape itself, unless another handler took that key first
 * (`event.defaultPrevented`, e.g. an image overlay closing). The page behind the fallback does not scroll.
 */
export function useFullScreen(target: RefObject<HTMLElement | null>): FullScreenControls {
  const [mode, setMode] = useState<FullScreenMode | null>(null);

  useEffect(() => {
    const onChange = () => {
      const element = target.current;
      const nativeOn = element !== null && document.fullscreenElement === element;
      setMode((current) => (nativeOn ? "native" : current === "native" ? null : current));
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [target]);

  useEffect(() => {
    if (mode !== "fallback") return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) setMode(null);
    };
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, [mode]);

  // Leaving the screen (another tab, another route) while native full screen is on ends it.
  useEffect(() => {
    const element = target.current;
    return () => {
      if (element && document.fullscreenElement === element) document.exitFullscreen().catch(() => {});
    };
  }, [target]);

  const enter = useCallback(async () => {
    const element = target.current;
    if (!element) return;
    if (canUseNativeFullScreen(element)) {
      try {
        await element.requestFullscreen();
        setMode("native");
        return;
      } catch {
        // Refused (not from a user gesture, or a policy): the fixed-position fallback still works.
      }
    }
    setMode("fallback");
  }, [target]);

  const exit = useCallback(async () => {
    const element = target.current;
    if (element && document.fullscreenElement === element) {
      try {
        await document.exitFullscreen();
      } catch {
        // Already left (Escape raced the button).
      }
    }
    setMode(null);
  }, [target]);

  const toggle = useCallback(() => (mode === null ? enter() : exit()), [mode, enter, exit]);

  return { mode, isFullScreen: mode !== null, enter, exit, toggle };
}
