import { MESSAGES } from "@odin/contract";
import type { ReactNode } from "react";

/**
 * A licence plate as text, in Odin's plate face (the `.plate` class: Atkinson Hyperlegible Mono, with
 * a slashed zero, a distinct 8 and B, and a serifed I beside a flagged 1), so that an investigator can
 * compare plates character by character. Every screen that shows a plate shows it through this (or
 * the `.plate` class on an input or cell); the text itself is never changed.
 */
export function Plate({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={className ? `plate ${className}` : "plate"}>{children}</span>;
}

const SLOT = "\u0000";

/** The spec's "Plate: {plate}" (MESSAGES.plateLabel) with the plate in the plate face. */
export function PlateLabel({ plate }: { plate: string }) {
  const [before = "", after = ""] = MESSAGES.plateLabel(SLOT).split(SLOT);
  return (
    <>
      {before}
      <Plate>{plate}</Plate>
      {after}
    </>
  );
}
