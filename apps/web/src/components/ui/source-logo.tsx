import axonLogo from "@/assets/logos/axon.svg";
import ravenLogo from "@/assets/logos/raven.svg";
import rekorLogo from "@/assets/logos/rekor.svg";

/** The three camera programs. Axis appears to users as RAVEN. */
export type SourceName = "Rekor" | "Axon" | "Axis";

const LOGOS: Record<SourceName, { src: string; label: string }> = {
  Rekor: { src: rekorLogo, label: "Rekor" },
  Axon: { src: axonLogo, label: "Axon" },
  Axis: { src: ravenLogo, label: "RAVEN" },
};

const HEIGHTS = { sm: 20, md: 28 } as const;
const ASPECT_RATIO = 120 / 32;

export interface SourceLogoProps {
  source: SourceName;
  /** sm (20 px high) for table cells, md (28 px) for headings and modals. */
  size?: keyof typeof HEIGHTS;
  className?: string;
}

/** The fixed badge of a source program, as in the results table, detail modal and agency sections. */
export function SourceLogo({ source, size = "md", className }: SourceLogoProps) {
  const { src, label } = LOGOS[source];
  const height = HEIGHTS[size];
  return (
    <img
      className={["source-logo", className].filter(Boolean).join(" ")}
      src={src}
      alt={label}
      height={height}
      width={Math.round(height * ASPECT_RATIO)}
    />
  );
}
