import { MESSAGES, type TSearchResult } from "@odin/contract";
import { useEffect, useRef, useState } from "react";
import { ProxiedImage, useNearViewport, useProxiedImage } from "@/components/ui";
import { plateCropBox } from "../plate-crop";

export interface PlateImageProps {
  result: TSearchResult;
  /** Load only near the viewport (the table). */
  lazy?: boolean;
  className?: string;
}

/**
 * The plate picture of a result: the vendor's own crop when it gives one (Axon, Axis), otherwise cut
 * from the vehicle image with the plate's corners (Rekor), in a canvas: no extra request, no upload.
 */
export function PlateImage({ result, lazy = false, className }: PlateImageProps) {
  if (result.plate_image_src) {
    return (
      <ProxiedImage
        src={result.plate_image_src}
        alt={`Plate ${result.plate}`}
        lazy={lazy}
        className={className}
        fallback={MESSAGES.notAvailable}
      />
    );
  }
  return <CroppedPlate result={result} lazy={lazy} className={className} />;
}

function CroppedPlate({
  result,
  lazy,
  className,
}: Required<Omit<PlateImageProps, "className">> & { className?: string }) {
  const holder = useRef<HTMLSpanElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const visible = useNearViewport(holder, lazy);
  const [failed, setFailed] = useState(false);
  const hasCorners = result.plate_x1 != null && result.plate_y1 != null;
  const { url, status } = useProxiedImage(hasCorners ? result.vehicle_image_src : null, visible);

  useEffect(() => {
    if (!url || !canvas.current) return;
    const image = new Image();
    image.onload = () => {
      const box = plateCropBox(result, { width: image.naturalWidth, height: image.naturalHeight });
      const target = canvas.current;
      const context = target?.getContext("2d");
      if (!box || !target || !context) return setFailed(true);
      target.width = box.width;
      target.height = box.height;
      context.drawImage(image, box.x, box.y, box.width, box.height, 0, 0, box.width, box.height);
    };
    image.onerror = () => setFailed(true);
    image.src = url;
  }, [url, result]);

  if (!hasCorners || status === "failed" || failed) {
    return (
      <span className={`proxied-image proxied-image--missing ${className ?? ""}`}>
        {MESSAGES.notAvailable}
      </span>
    );
  }
  return (
    <span ref={holder} className={`proxied-image ${url ? "" : "proxied-image--loading"} ${className ?? ""}`}>
      <canvas ref={canvas} role="img" aria-label={`Plate ${result.plate}`} />
    </span>
  );
}
