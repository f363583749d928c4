import type { VehicleColor } from "@odin/contract";

/** Paint for each contract colour, as a typical car finish. */
export const PAINT: Record<VehicleColor, string> = {
  Black: "#1c1e21",
  Blue: "#234f9e",
  Brown: "#6b4526",
  "Gold/Beige": "#c9b27c",
  Green: "#2e6a3b",
  Orange: "#e27a1d",
  Pink: "#e48db4",
  Purple: "#643b96",
  Red: "#b51f2b",
  "Silver/Gray": "#a9adb2",
  White: "#f1f1ee",
  Yellow: "#e9c42a",
};

/** Scales a colour towards black (factor < 1) or white (factor > 1). */
export function shade(hex: string, factor: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) =>
    factor <= 1 ? channel * factor : channel + (255 - channel) * (factor - 1),
  );
  return `#${channels
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Rounds to one decimal so the SVG stays short. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export function rect(x: number, y: number, width: number, height: number, fill: string, extra = ""): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="${fill}" ${extra}/>`;
}

export function polygon(points: readonly (readonly [number, number])[], fill: string, extra = ""): string {
  return `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}" fill="${fill}" ${extra}/>`;
}

/** The fonts sharp's SVG renderer finds on Debian, with generic fallbacks. */
export const MONO_FONT = "DejaVu Sans Mono, Liberation Mono, monospace";
export const SANS_FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
