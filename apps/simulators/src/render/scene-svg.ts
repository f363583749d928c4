import type { SimCamera } from "../data/cameras";
import type { SimRead } from "../data/reads";
import { Rng } from "../data/prng";
import { plateSvg } from "./plate-svg";
import { escapeXml, MONO_FONT, n, PAINT, polygon, rect, shade } from "./svg-util";
import { vehicleSvg } from "./vehicle-svg";

/**
 * A frame is drawn in three layers so that only the small part that changes is rasterised per read:
 * the camera's background (sky, skyline, road: the same for every read of that camera, cached), the
 * vehicle with its plate, and the time stamp ALPR cameras burn into their pictures.
 */

/** Eastern hours when the street is dark and lamps are lit. */
export function isNight(time: number): boolean {
  const hour = (new Date(time).getUTCHours() + 19) % 24;
  return hour >= 20 || hour < 6;
}

export function backgroundSvg(camera: SimCamera, night: boolean): string {
  const { width: w, height: h } = camera;
  const rng = Rng.for("skyline", camera.key);
  const horizon = h * 0.34;
  const sky = night ? ["#0b1322", "#233252"] : ["#8fbde6", "#dfeaf3"];
  const skyline: string[] = [];
  for (let x = -20; x < w;) {
    const width = rng.float(0.05, 0.12) * w;
    if (rng.chance(0.4)) {
      const r = width * 0.45;
      const fill = night ? "#0e1a12" : rng.pick(["#4f7a45", "#5d8a4f", "#43693c"]);
      skyline.push(
        `<circle cx="${n(x + width / 2)}" cy="${n(horizon - r * 0.6)}" r="${n(r)}" fill="${fill}"/>`,
      );
    } else {
      const height = rng.float(0.06, 0.22) * h;
      const fill = night ? "#151b26" : rng.pick(["#9a9189", "#b3aaa0", "#847b74", "#a8a39d"]);
      skyline.push(rect(x, horizon - height, width, height + 2, fill));
    }
    x += width * rng.float(0.85, 1.1);
  }
  const vx = w / 2;
  const lane = (bottomX: number, dashed: boolean) =>
    `<line x1="${n(vx + (bottomX - vx) * 0.04)}" y1="${n(horizon)}" x2="${n(bottomX)}" y2="${n(h)}" ` +
    `stroke="${night ? "#9a9a8a" : "#f2f2ea"}" stroke-width="${n(w * 0.008)}"` +
    (dashed ? ` stroke-dasharray="${n(h * 0.08)} ${n(h * 0.07)}"/>` : "/>");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>`,
    rect(0, 0, w, horizon + 1, "url(#sky)"),
    ...skyline,
    rect(0, horizon, w, h - horizon, night ? "#3a3d40" : "#9a9d9f"),
    polygon(
      [
        [vx - w * 0.03, horizon],
        [vx + w * 0.03, horizon],
        [w * 1.35, h],
        [-w * 0.35, h],
      ],
      night ? "#2b2e33" : "#5a5e63",
    ),
    lane(w * 0.02, false),
    lane(w * 0.98, false),
    lane(w * 0.5, true),
    `</svg>`,
  ].join("");
}

/**
 * The vehicle, its shadow and its plate, as an SVG covering only the vehicle's surroundings; the
 * viewBox keeps frame coordinates, so the plate lands on the layout's box once placed at left/top.
 */
export function vehicleOverlay(read: SimRead): { svg: string; left: number; top: number } {
  const { frame } = read;
  const v = frame.vehicle;
  const left = Math.max(0, Math.floor(v.x - v.width * 0.12));
  const top = Math.max(0, Math.floor(v.y - 4));
  const right = Math.min(frame.width, Math.ceil(v.x + v.width * 1.12));
  const bottom = Math.min(frame.height, Math.ceil(v.y + v.height * 1.06));
  const night = isNight(read.capturedAt);
  const paint = night ? shade(PAINT[read.vehicle.color], 0.8) : PAINT[read.vehicle.color];
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${right - left}" height="${bottom - top}" `,
    `viewBox="${left} ${top} ${right - left} ${bottom - top}">`,
    `<ellipse cx="${n(v.x + v.width / 2)}" cy="${n(v.y + v.height)}" rx="${n(v.width * 0.58)}" `,
    `ry="${n(v.height * 0.05)}" fill="#000" fill-opacity="0.35"/>`,
    vehicleSvg(frame, read.vehicle.bodyType, paint, night),
    plateSvg(frame.plate, read.display, read.state, "p"),
    `</svg>`,
  ].join("");
  return { svg, left, top };
}

export function stampSvg(read: SimRead): string {
  const size = Math.round(read.frame.height * 0.026);
  const stamp = `${new Date(read.capturedAt).toISOString().replace("T", " ").slice(0, 19)}Z  ${read.camera.name}`;
  const width = Math.min(read.frame.width, Math.ceil(size * (stamp.length * 0.62 + 1)));
  const height = Math.ceil(size * 1.7);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    rect(0, 0, width, height, "#000", 'fill-opacity="0.55"') +
    `<text x="${n(size * 0.5)}" y="${n(size * 1.22)}" font-size="${size}" font-family="${MONO_FONT}" ` +
    `fill="#ffffff">${escapeXml(stamp)}</text></svg>`
  );
}
