import { LAZY_IMAGE_MARGIN_PX, OBJECT_URL_REVOKE_MS } from "@odin/contract";
import { useEffect, useRef, useState, type ImgHTMLAttributes, type ReactNode, type RefObject } from "react";
import { apiFetchBlob } from "@/lib/api-client";

/**
 * Images behind Odin's proxies need the bearer token, which an <img src> cannot send: the bytes are
 * fetched with the API client and shown through an object URL, revoked once the image has loaded
 * (or after OBJECT_URL_REVOKE_MS, 60 s, at most: 000 §9). Fetched images are kept (as Blobs, up to
 * BLOB_CACHE_LIMIT) so the table, the map popups and the detail modal do not fetch one picture three
 * times.
 */
const BLOB_CACHE_LIMIT = 300;
/** 000 §9: images start loading LAZY_IMAGE_MARGIN_PX (300 px) before they scroll into view. */
export const LAZY_IMAGE_MARGIN = `${LAZY_IMAGE_MARGIN_PX}px`;

const blobs = new Map<string, Promise<Blob>>();

export function fetchProxiedImage(src: string): Promise<Blob> {
  const cached = blobs.get(src);
  if (cached) {
    blobs.delete(src);
    blobs.set(src, cached); // most recently used last
    return cached;
  }
  const loading = apiFetchBlob(src);
  blobs.set(src, loading);
  loading.catch(() => blobs.delete(src));
  while (blobs.size > BLOB_CACHE_LIMIT) blobs.delete(blobs.keys().next().value!);
  return loading;
}

/** Forgets cached images (sign-out). */
export function clearProxiedImages(): void {
  blobs.clear();
}

type Status = "idle" | "loading" | "ready" | "failed";

/** The object URL of an authorized image once `enabled`; revoked by the caller's img onLoad or after 60 s. */
export function useProxiedImage(src: string | null | undefined, enabled = true) {
  const [state, setState] = useState<{ src: string | null | undefined; url: string | null; status: Status }>({
    src,
    url: null,
    status: "idle",
  });
  if (state.src !== src) setState({ src, url: null, status: "idle" });

  useEffect(() => {
    if (!src || !enabled) return;
    let current = true;
    let url: string | null = null;
    setState({ src, url: null, status: "loading" });
    fetchProxiedImage(src).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setState({ src, url, status: "ready" });
      },
      () => current && setState({ src, url: null, status: "failed" }),
    );
    const timer = setTimeout(() => url && URL.revokeObjectURL(url), OBJECT_URL_REVOKE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, enabled]);

  return { url: state.url, status: src ? state.status : ("failed" as Status) };
}

export interface ProxiedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> {
  /** An Odin proxy URL (a result's vehicle_image_src / plate_image_src); null means no image. */
  src: string | null | undefined;
  alt: string;
  /** Load only near the viewport (the results table). */
  lazy?: boolean;
  /** Shown when there is no image or it cannot be loaded. */
  fallback?: ReactNode;
}

/** True once the element is within LAZY_IMAGE_MARGIN of the viewport (at once when not lazy). */
export function useNearViewport(element: RefObject<Element | null>, lazy: boolean): boolean {
  const [near, setNear] = useState(!lazy);
  useEffect(() => {
    if (near) return;
    if (typeof IntersectionObserver === "undefined" || !element.current) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_IMAGE_MARGIN },
    );
    observer.observe(element.current);
    return () => observer.disconnect();
  }, [near, element]);
  return near;
}

export function ProxiedImage({ src, alt, lazy = false, fallback, className, ...rest }: ProxiedImageProps) {
  const holder = useRef<HTMLSpanElement>(null);
  const visible = useNearViewport(holder, lazy);
  const { url, status } = useProxiedImage(src, visible);
  if (status === "failed") {
    return (
      <span className={`proxied-image proxied-image--missing ${className ?? ""}`}>
        {fallback ?? "No Image"}
      </span>
    );
  }
  return (
    <span
      ref={holder}
      className={`proxied-image ${status === "ready" ? "" : "proxied-image--loading"} ${className ?? ""}`}
    >
      {url && <img src={url} alt={alt} {...rest} />}
    </span>
  );
}
