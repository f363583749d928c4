import type { Box } from "../data/layout";
import { plateStyle } from "./plate-style";
import { escapeXml, MONO_FONT, n, rect, SANS_FONT } from "./svg-util";

/**
 * A licence plate filling `box` exactly (its corners are the corners the vendors report), with the
 * characters large and in a monospaced bold face so the crop reads as clearly as a real one.
 */
export function plateSvg(box: Box, display: string, state: string, id: string): string {
  const style = plateStyle(state);
  const { x, y, width, height } = box;
  const gradient = `plate-${id}`;
  const chars = display.length;
  // DejaVu Sans Mono advances 0.6 em per glyph; keep the characters inside the rim.
  const fontSize = Math.min(height * 0.5, (width * 0.84) / (chars * 0.6));
  const baseline = y + height * 0.5 + fontSize * 0.36;
  const headerSize = height * 0.17;
  const sloganSize = height * 0.12;
  const border = Math.max(1, height * 0.035);
  const inset = height * 0.06 + border / 2;
  return [
    `<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="${style.background[0]}"/><stop offset="1" stop-color="${style.background[1]}"/>`,
    `</linearGradient></defs>`,
    rect(x, y, width, height, `url(#${gradient})`, `rx="${n(height * 0.08)}"`),
    // The embossed rim sits a little inside the edge, so the plate's outermost pixels are its background.
    rect(
      x + inset,
      y + inset,
      width - inset * 2,
      height - inset * 2,
      "none",
      `rx="${n(height * 0.07)}" stroke="${style.text}" stroke-opacity="0.55" stroke-width="${n(border)}"`,
    ),
    text(x + width / 2, y + headerSize * 1.15, headerSize, style.header, style.headerText, SANS_FONT, "bold"),
    text(x + width / 2, baseline, fontSize, style.text, display, MONO_FONT, "bold"),
    style.slogan
      ? text(x + width / 2, y + height - sloganSize * 0.55, sloganSize, style.header, style.slogan, SANS_FONT)
      : "",
  ].join("");
}

function text(
  x: number,
  y: number,
  size: number,
  fill: string,
  content: string,
  family: string,
  weight = "normal",
): string {
  return (
    `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}" font-family="${family}" font-weight="${weight}" ` +
    `fill="${fill}" text-anchor="middle">${escapeXml(content)}</text>`
  );
}
