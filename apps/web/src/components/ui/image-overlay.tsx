import { MESSAGES } from "@odin/contract";
import { useEffect, useEffectEvent, useRef } from "react";
import { ProxiedImage } from "./proxied-image";

export interface ImageOverlayProps {
  /** An Odin proxy URL (a result's vehicle_image_src), fetched with the bearer token. */
  src: string;
  alt: string;
  onClose: () => void;
}

/**
 * A picture over the whole viewport ("click to enlarge", "click for full screen"). Rendered where
 * it is placed rather than in a portal on <body>: while the map is in native full screen only the
 * full-screen element and its descendants are drawn, so the overlay must live inside it. Escape (taken
 * before other listeners, so a fallback full screen does not close with it), a click anywhere or × closes
 * it; focus returns to what opened it. The image comes from the proxied-image cache: no second download.
 */
export function ImageOverlay({ src, alt, onClose }: ImageOverlayProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      close();
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => {
      window.removeEventListener("keydown", onKeyDown, true);
      previouslyFocused?.focus?.();
    };
  }, []);

  return (
    // A click anywhere closes the enlarged image; the keyboard has Escape (above) and the Close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={dialog}
      className="image-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={alt}
      tabIndex={-1}
      onClick={onClose}
    >
      <button type="button" className="image-overlay__close" aria-label="Close">
        ×
      </button>
      <ProxiedImage
        src={src}
        alt={alt}
        className="image-overlay__image"
        fallback={MESSAGES.vehicleImageUnavailable}
      />
    </div>
  );
}
