import { MESSAGES } from "@odin/contract";
import { useState, type ReactNode } from "react";
import { ImageOverlay } from "./image-overlay";
import { useProxiedImage } from "./proxied-image";

export interface EnlargeableImageProps {
  /** An Odin proxy URL; null means there is no image. */
  src: string | null | undefined;
  alt: string;
  /** Shown when there is no image or it cannot be loaded ('Vehicle image unavailable', 'No Image'). */
  fallback: ReactNode;
  /** Added to the frame's own class (`enlargeable-image`); `{className}--empty` too while there is no picture. */
  className: string;
}

/**
 * A detail view's main picture: click to enlarge into the full-screen overlay (000 §2). The overlay
 * reuses the proxied-image cache, so enlarging downloads nothing again.
 */
export function EnlargeableImage({ src, alt, fallback, className }: EnlargeableImageProps) {
  const image = useProxiedImage(src);
  const [enlarged, setEnlarged] = useState(false);
  return (
    <>
      {image.status === "ready" && image.url ? (
        <button
          type="button"
          className={`enlargeable-image ${className}`}
          onClick={() => setEnlarged(true)}
          title="Enlarge"
        >
          <img src={image.url} alt={alt} />
        </button>
      ) : (
        <div className={`enlargeable-image enlargeable-image--empty ${className} ${className}--empty`}>
          {image.status === "failed" ? fallback : MESSAGES.loading}
        </div>
      )}
      {enlarged && src && <ImageOverlay src={src} alt={alt} onClose={() => setEnlarged(false)} />}
    </>
  );
}
