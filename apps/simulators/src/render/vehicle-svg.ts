import type { BodyTypeValue } from "@odin/contract";
import type { Box, FrameLayout } from "../data/layout";
import { polygon, rect, shade } from "./svg-util";

/** Proportions of a vehicle seen from behind or ahead: roof width, beltline height, glass tint. */
interface Silhouette {
  roofWidth: number;
  shoulderWidth: number;
  belt: number;
  softTop?: boolean;
}

const SILHOUETTES: Partial<Record<BodyTypeValue, Silhouette>> = {
  "sedan-standard": { roofWidth: 0.68, shoulderWidth: 0.9, belt: 0.46 },
  "sedan-convertible": { roofWidth: 0.62, shoulderWidth: 0.86, belt: 0.5, softTop: true },
  "sedan-wagon": { roofWidth: 0.74, shoulderWidth: 0.9, belt: 0.46 },
  "sedan-sports": { roofWidth: 0.6, shoulderWidth: 0.86, belt: 0.5 },
  "sedan-compact": { roofWidth: 0.72, shoulderWidth: 0.9, belt: 0.46 },
  SUV: { roofWidth: 0.8, shoulderWidth: 0.94, belt: 0.46 },
  "truck-standard": { roofWidth: 0.7, shoulderWidth: 0.8, belt: 0.44 },
  "van-full": { roofWidth: 0.9, shoulderWidth: 0.96, belt: 0.5 },
  "van-mini": { roofWidth: 0.82, shoulderWidth: 0.94, belt: 0.46 },
};

const TIRE = "#141414";
const GLASS = "#1d2731";

/** A simple but recognisable vehicle whose plate recess surrounds the layout's plate box. */
export function vehicleSvg(frame: FrameLayout, body: BodyTypeValue, paint: string, night: boolean): string {
  const { vehicle: v, plate } = frame;
  if (body === "Motorcycle") return motorcycleSvg(v, paint);
  if (body === "tractor-trailer") return truckSvg(frame, paint);
  const s = SILHOUETTES[body] ?? { roofWidth: 0.7, shoulderWidth: 0.9, belt: 0.46 };
  const at = (fx: number, fy: number) => [v.x + v.width * fx, v.y + v.height * fy] as const;
  const belt = s.belt;
  const roofInset = (1 - s.roofWidth) / 2;
  const shoulderInset = (1 - s.shoulderWidth) / 2;
  const parts = [
    rect(v.x + v.width * 0.05, v.y + v.height * 0.8, v.width * 0.15, v.height * 0.2, TIRE, 'rx="6"'),
    rect(v.x + v.width * 0.8, v.y + v.height * 0.8, v.width * 0.15, v.height * 0.2, TIRE, 'rx="6"'),
    // Cabin, then its glass.
    polygon(
      [
        at(roofInset, 0),
        at(1 - roofInset, 0),
        at(1 - shoulderInset, belt + 0.02),
        at(shoulderInset, belt + 0.02),
      ],
      s.softTop ? "#202224" : shade(paint, 0.93),
    ),
    polygon(
      [
        at(roofInset + 0.03, 0.06),
        at(1 - roofInset - 0.03, 0.06),
        at(1 - shoulderInset - 0.035, belt - 0.02),
        at(shoulderInset + 0.035, belt - 0.02),
      ],
      GLASS,
    ),
    // A streak of reflected sky across the glass.
    polygon(
      [at(roofInset + 0.1, 0.08), at(roofInset + 0.17, 0.08), at(0.34, belt - 0.04), at(0.27, belt - 0.04)],
      "#ffffff",
      'fill-opacity="0.08"',
    ),
    rect(v.x, v.y + v.height * belt, v.width, v.height * (0.88 - belt), paint, `rx="${v.width * 0.05}"`),
    rect(v.x, v.y + v.height * belt, v.width, v.height * 0.03, shade(paint, 1.25), 'fill-opacity="0.6"'),
    rect(v.x + v.width * 0.02, v.y + v.height * 0.82, v.width * 0.96, v.height * 0.08, "#2a2b2d", 'rx="8"'),
  ];
  const lampY = v.y + v.height * (belt + 0.05);
  const lampH = v.height * 0.1;
  if (frame.view === "rear") {
    const red = night ? "#ff2a2a" : "#b3131d";
    parts.push(rect(v.x + v.width * 0.03, lampY, v.width * 0.17, lampH, red, 'rx="5"'));
    parts.push(rect(v.x + v.width * 0.8, lampY, v.width * 0.17, lampH, red, 'rx="5"'));
    parts.push(rect(v.x + v.width * 0.44, v.y + v.height * 0.015, v.width * 0.12, v.height * 0.02, red));
  } else {
    const lamp = night ? "#fffbe0" : "#e8edf0";
    parts.push(rect(v.x + v.width * 0.04, lampY, v.width * 0.17, lampH, lamp, 'rx="6"'));
    parts.push(rect(v.x + v.width * 0.79, lampY, v.width * 0.17, lampH, lamp, 'rx="6"'));
    parts.push(rect(v.x + v.width * 0.27, lampY, v.width * 0.46, lampH, "#1b1d20", 'rx="6"'));
    parts.push(
      `<circle cx="${v.x + v.width / 2}" cy="${lampY + lampH / 2}" r="${lampH * 0.3}" fill="#c9ced3"/>`,
    );
    parts.push(
      rect(v.x - v.width * 0.04, v.y + v.height * (belt - 0.1), v.width * 0.07, v.height * 0.06, paint),
    );
    parts.push(
      rect(v.x + v.width * 0.97, v.y + v.height * (belt - 0.1), v.width * 0.07, v.height * 0.06, paint),
    );
  }
  parts.push(recess(plate, shade(paint, 0.45)));
  return parts.join("");
}

/** A box trailer from behind, or a cab with its big grille from ahead. */
function truckSvg(frame: FrameLayout, paint: string): string {
  const { vehicle: v, plate } = frame;
  const parts = [
    rect(v.x + v.width * 0.04, v.y + v.height * 0.84, v.width * 0.22, v.height * 0.16, TIRE),
    rect(v.x + v.width * 0.74, v.y + v.height * 0.84, v.width * 0.22, v.height * 0.16, TIRE),
  ];
  if (frame.view === "rear") {
    parts.push(rect(v.x, v.y, v.width, v.height * 0.86, paint, 'rx="4"'));
    parts.push(rect(v.x + v.width * 0.497, v.y, v.width * 0.006, v.height * 0.86, shade(paint, 0.6)));
    for (const fy of [0.2, 0.45]) parts.push(rect(v.x, v.y + v.height * fy, v.width, 3, shade(paint, 0.75)));
    parts.push(rect(v.x + v.width * 0.02, v.y + v.height * 0.86, v.width * 0.96, v.height * 0.04, "#3a3a3a"));
    parts.push(rect(v.x + v.width * 0.03, v.y + v.height * 0.76, v.width * 0.08, v.height * 0.05, "#c0141c"));
    parts.push(rect(v.x + v.width * 0.89, v.y + v.height * 0.76, v.width * 0.08, v.height * 0.05, "#c0141c"));
  } else {
    parts.push(rect(v.x, v.y + v.height * 0.05, v.width, v.height * 0.83, paint, 'rx="14"'));
    parts.push(
      rect(v.x + v.width * 0.06, v.y + v.height * 0.12, v.width * 0.88, v.height * 0.26, GLASS, 'rx="8"'),
    );
    parts.push(rect(v.x + v.width * 0.24, v.y + v.height * 0.42, v.width * 0.52, v.height * 0.4, "#b8bcc0"));
    for (let i = 0; i < 8; i++)
      parts.push(
        rect(v.x + v.width * 0.26, v.y + v.height * (0.44 + i * 0.045), v.width * 0.48, 4, "#5d6166"),
      );
    parts.push(rect(v.x + v.width * 0.03, v.y + v.height * 0.62, v.width * 0.16, v.height * 0.08, "#e8edf0"));
    parts.push(rect(v.x + v.width * 0.81, v.y + v.height * 0.62, v.width * 0.16, v.height * 0.08, "#e8edf0"));
  }
  parts.push(recess(plate, "#2a2b2d"));
  return parts.join("");
}

/** A rider on a motorcycle seen from behind: helmet, jacket, tail, plate and the rear tyre. */
function motorcycleSvg(v: Box, paint: string): string {
  const cx = v.x + v.width / 2;
  return [
    rect(cx - v.width * 0.14, v.y + v.height * 0.6, v.width * 0.28, v.height * 0.4, TIRE, 'rx="10"'),
    rect(cx - v.width * 0.3, v.y + v.height * 0.52, v.width * 0.6, v.height * 0.12, paint, 'rx="10"'),
    rect(v.x, v.y + v.height * 0.22, v.width, v.height * 0.02, "#3b3e42"),
    rect(cx - v.width * 0.36, v.y + v.height * 0.14, v.width * 0.72, v.height * 0.24, "#2b2f36", 'rx="18"'),
    `<circle cx="${cx}" cy="${v.y + v.width * 0.2}" r="${v.width * 0.18}" fill="${paint}"/>`,
    rect(cx - v.width * 0.22, v.y + v.height * 0.3, v.width * 0.44, v.height * 0.045, "#b3131d", 'rx="4"'),
  ].join("");
}

function recess(plate: Box, fill: string): string {
  const pad = plate.height * 0.12;
  return rect(plate.x - pad, plate.y - pad, plate.width + pad * 2, plate.height + pad * 2, fill, 'rx="4"');
}
