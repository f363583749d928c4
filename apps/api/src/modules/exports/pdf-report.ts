import {
  isValidMapPoint,
  MESSAGES,
  SOURCE_PROGRAM_LABELS,
  SOURCE_PROGRAMS,
  type TExportRecord,
} from "@odin/contract";
import { createHash } from "node:crypto";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { loadRecordImages, type ExportLog, type RecordImageDeps } from "../../sources/record-images";
import type { ReverseGeocoder } from "../geocode/reverse-geocoder";
import {
  bodyTypeLabel,
  formatCoordinates,
  formatTimestamp,
  givenAddress,
  hotlistsLine,
  orNotAvailable,
  sourceLabel,
} from "./export-format";
import type { ExportJob } from "./exports.service";
import { imageWork } from "./image-work";
import { mapInOrder } from "./map-in-order";
import type { MapSnapshots } from "./map-snapshot";
import { addPdfSignaturePlaceholder } from "./pdf-signature";
import { STATEMENT_FILE } from "./pdf-signature-check";

/**
 * The PDF evidence report (pdfkit): a cover, then one page per record, so the page count is known
 * before the first page is written and the report streams out as it is made. Pictures are fetched and
 * shrunk a few records ahead (PREPARE_AHEAD); each page holds only JPEGs sized for print.
 */
export interface PdfReportDeps {
  images: RecordImageDeps;
  snapshots: MapSnapshots;
  geocoder: ReverseGeocoder;
  log: ExportLog;
  /** Filled as pages are written: what the report's statement says about each record. */
  evidence: PdfEvidence[];
  /** The PDF signer (its key and the name its certificate gives). */
  signer: { kid: string; signerName: string };
  /** What the report states and its signature covers (attached as odin-export.json); read at the end. */
  statement: () => object;
  /** Where the web app's Verify Export page is ({PUBLIC_URL}/verify-export). */
  verifyUrl: string;
}

/** One record as the report's seal states it, with the SHA-256 of the pictures printed. */
export interface PdfEvidence {
  page: number;
  id: string;
  source: string;
  plate: string;
  timestamp: string;
  vehicle_image_sha256: string | null;
  plate_image_sha256: string | null;
}

const sha256 = (body: Buffer | undefined) => (body ? createHash("sha256").update(body).digest("hex") : null);

const PREPARE_AHEAD = 4;
/**
 * Pixels kept of each picture (about 1.8x the points it is printed at). 960 x 540 is half of a
 * 1080p camera frame, which the JPEG decoder then reads at half scale: a quarter of the memory.
 */
const VEHICLE_PX = { width: 960, height: 540 };
const PLATE_PX = { width: 440, height: 220 };
/** Bytes the reader may lag behind before writing waits. */
const MAX_UNREAD_BYTES = 4 * 1024 * 1024;

const PAGE = { width: 612, height: 792 }; // US Letter, points
const LEFT = 40;
const CONTENT_WIDTH = PAGE.width - 2 * LEFT;
const COLOR = {
  text: "#111827",
  muted: "#6b7280",
  accent: "#1e3a5f",
  box: "#f3f4f6",
  border: "#d1d5db",
  white: "#ffffff",
  danger: "#b91c1c",
};
const FONT = { regular: "Helvetica", bold: "Helvetica-Bold" };
const RESTRICTED = "For authorized law-enforcement use only.";
const UNAVAILABLE = "Image unavailable";

interface PreparedRecord {
  record: TExportRecord;
  index: number;
  vehicle: Buffer | null;
  plate: Buffer | null;
  map: Buffer | null;
  address: string;
  missing: string[];
  /** SHA-256 of the pictures as the source sent them (the plate cut by Odin when it sent none). */
  hashes: { vehicle: string | null; plate: string | null };
}

export function createReportDocument(job: ExportJob): PDFKit.PDFDocument {
  return new PDFDocument({
    size: "LETTER",
    margin: 0,
    info: {
      Title: "Odin LPR Evidence Report",
      Subject: `${job.records.length} licence-plate records, export ${job.exportId}`,
      Author: job.user.username,
      Creator: "Odin",
      CreationDate: job.exportedAt,
    },
  });
}

/** Writes the whole report into `doc` and ends it; throws (leaving `doc` to the caller) on abort. */
export async function writePdfReport(
  doc: PDFKit.PDFDocument,
  job: ExportJob,
  deps: PdfReportDeps,
  signal: AbortSignal,
): Promise<void> {
  const total = job.records.length + 1;
  // Every address lookup starts now: the geocoder's own limits and time budget then bound the wait.
  const addresses = job.records.map((record) =>
    givenAddress(record) === null && isValidMapPoint(record.latitude, record.longitude)
      ? deps.geocoder.lookup(record.latitude!, record.longitude!)
      : undefined,
  );

  drawCover(doc, job, deps.signer, deps.verifyUrl);
  drawFooter(doc, 1, total, job);
  const prepare = (record: TExportRecord, index: number) =>
    prepareRecord(record, index, job, deps, addresses[index], signal);
  for await (const prepared of mapInOrder(job.records, PREPARE_AHEAD, prepare)) {
    signal.throwIfAborted();
    doc.addPage();
    drawRecord(doc, prepared, job);
    drawFooter(doc, prepared.index + 2, total, job);
    const { record } = prepared;
    deps.evidence.push({
      page: prepared.index + 2,
      id: record.id,
      source: record.source_program,
      plate: record.plate,
      timestamp: record.timestamp,
      vehicle_image_sha256: prepared.hashes.vehicle,
      plate_image_sha256: prepared.hashes.plate,
    });
    await readerCaughtUp(doc, signal);
  }
  signal.throwIfAborted();
  // The statement (export, user, records, picture hashes), for a reader's attachments pane and for
  // `odin verify-export`; then the signature, last, so only the document's tail waits for it.
  doc.file(Buffer.from(JSON.stringify(deps.statement())), {
    name: STATEMENT_FILE,
    type: "application/json",
    description: "What Odin states about this export; covered by the report's PDF signature.",
    creationDate: job.exportedAt,
    modifiedDate: job.exportedAt,
  });
  addPdfSignaturePlaceholder(doc, {
    name: deps.signer.signerName,
    reason: `Odin evidence export ${job.exportId}`,
    location: job.agencyName ?? "Odin",
    contactInfo: deps.verifyUrl,
    signingTime: new Date(),
  });
  doc.end();
}

async function prepareRecord(
  record: TExportRecord,
  index: number,
  job: ExportJob,
  deps: PdfReportDeps,
  addressLookup: Promise<string | null> | undefined,
  signal: AbortSignal,
): Promise<PreparedRecord> {
  const images = await loadRecordImages(deps.images, job.scope, record, signal, deps.log);
  const missing = [...images.missing];
  const shrink = async (what: string, body: Buffer | undefined, size: typeof VEHICLE_PX) => {
    if (!body) return null;
    try {
      return await imageWork(() =>
        sharp(body)
          .resize({ ...size, fit: "inside", withoutEnlargement: true })
          .jpeg({ quality: 75 })
          .toBuffer(),
      );
    } catch {
      missing.push(`${what}: the picture could not be read`);
      return null;
    }
  };
  const [vehicle, plate, map, looked] = await Promise.all([
    shrink("vehicle image", images.vehicle?.body, VEHICLE_PX),
    shrink("plate image", images.plate?.body, PLATE_PX),
    isValidMapPoint(record.latitude, record.longitude)
      ? deps.snapshots.render(record.latitude!, record.longitude!, "jpeg").then((snapshot) => snapshot.image)
      : null,
    addressLookup ?? null,
  ]);
  const address = givenAddress(record) ?? looked ?? MESSAGES.unavailable;
  const hashes = {
    vehicle: vehicle ? sha256(images.vehicle?.body) : null,
    plate: plate ? sha256(images.plate?.body) : null,
  };
  return { record, index, vehicle, plate, map, address, missing, hashes };
}

/** Waits while the reader (the HTTP response) is far behind, so an unread report does not pile up. */
async function readerCaughtUp(doc: PDFKit.PDFDocument, signal: AbortSignal): Promise<void> {
  while (doc.readableLength > MAX_UNREAD_BYTES) {
    signal.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
  align?: "left" | "center" | "right";
  /** Lines allowed before the text is cut with an ellipsis (default 1). */
  lines?: number;
  /** A web address the text opens in a PDF reader (underlined). */
  link?: string;
}

/** Text in a box of `width` that never runs past its lines (and so never adds a page). */
function text(
  doc: PDFKit.PDFDocument,
  value: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle = {},
) {
  const size = style.size ?? 10;
  doc
    .font(style.font ?? FONT.regular)
    .fontSize(size)
    .fillColor(style.color ?? COLOR.text)
    .text(printable(value), x, y, {
      width,
      height: size * 1.2 * (style.lines ?? 1),
      ellipsis: true,
      align: style.align ?? "left",
      lineGap: 0,
      ...(style.link ? { link: style.link, underline: true } : {}),
    });
}

/** The standard PDF fonts cover Windows-1252 only: other characters print as "?". */
function printable(value: string): string {
  return value.replace(/[^\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac\n]/g, "?");
}

function drawCover(
  doc: PDFKit.PDFDocument,
  job: ExportJob,
  signer: PdfReportDeps["signer"],
  verifyUrl: string,
) {
  doc.rect(0, 0, PAGE.width, 130).fill(COLOR.accent);
  text(doc, "Odin", LEFT, 34, CONTENT_WIDTH, { font: FONT.bold, size: 34, color: COLOR.white });
  text(doc, "LPR Evidence Report", LEFT, 80, CONTENT_WIDTH, { size: 18, color: COLOR.white });

  const programs = SOURCE_PROGRAMS.filter((program) =>
    job.records.some((record) => record.source_program === program),
  ).map((program) => SOURCE_PROGRAM_LABELS[program]);
  const facts: [string, string][] = [
    ["Agency", job.agencyName ?? MESSAGES.notAvailable],
    ["Prepared by", job.user.name ? `${job.user.name} (${job.user.username})` : job.user.username],
    ["Exported", formatTimestamp(job.exportedAt, job.timeZone)],
    ["Records", String(job.records.length)],
    ["Sources", programs.join(", ")],
    ["Export ID", job.exportId],
    ["Left out", leftOutLine(job)],
  ];
  let y = 150;
  for (const [label, value] of facts) {
    text(doc, label, LEFT, y, 120, { font: FONT.bold, size: 11, color: COLOR.muted });
    if (label === "Left out" && job.leftOut.length) {
      // Which selected records the report does not hold, and why: up to three lines, then cut.
      text(doc, value, LEFT + 130, y + 1, CONTENT_WIDTH - 130, { size: 9, lines: 3, color: COLOR.text });
      y += 22;
    } else text(doc, value, LEFT + 130, y, CONTENT_WIDTH - 130, { size: 11 });
    y += 24;
  }

  y += 8;
  text(doc, "Justification", LEFT, y, CONTENT_WIDTH, { font: FONT.bold, size: 12 });
  y += 20;
  doc.rect(LEFT, y, CONTENT_WIDTH, 220).fillAndStroke(COLOR.box, COLOR.border);
  // The justification is printed whole: the font shrinks until it fits (2,000 characters of prose fit at 7 pt).
  const width = CONTENT_WIDTH - 24;
  const size = [11, 10, 9, 8].find((candidate) => fits(doc, job.justification, width, 196, candidate)) ?? 7;
  text(doc, job.justification, LEFT + 12, y + 12, width, { size, lines: Math.floor(196 / (size * 1.2)) });

  y += 236;
  doc.rect(LEFT, y, CONTENT_WIDTH, 96).lineWidth(1.5).stroke(COLOR.accent).lineWidth(1);
  text(doc, RESTRICTED, LEFT + 12, y + 12, CONTENT_WIDTH - 24, {
    font: FONT.bold,
    size: 12,
    color: COLOR.accent,
  });
  text(
    doc,
    "This report was made by Odin from licence-plate reads of the camera programs named above, each " +
      "read again from its source when the report was made. Its export is recorded in the audit log " +
      `with the user, the time and the justification. The file carries a PDF signature of ${signer.signerName} ` +
      `(key ${signer.kid}): a PDF reader shows it; check it also below or with \`odin verify-export\`. ` +
      "Do not share it beyond those authorized to see it.",
    LEFT + 12,
    y + 34,
    CONTENT_WIDTH - 24,
    { size: 9, lines: 6, color: COLOR.text },
  );

  // Issue 40 item 7: the public Verify Export page, for whoever holds the report (court staff, defence).
  y += 112;
  text(doc, "Check this report", LEFT, y, 120, { font: FONT.bold, size: 11, color: COLOR.muted });
  text(doc, verifyUrl, LEFT + 130, y, CONTENT_WIDTH - 130, {
    size: 11,
    color: COLOR.accent,
    link: verifyUrl,
  });
  text(
    doc,
    "Anyone holding this file may upload it there, without signing in, to see whether it is exactly as " +
      "Odin made it and what its signature covers.",
    LEFT + 130,
    y + 16,
    CONTENT_WIDTH - 130,
    { size: 9, lines: 2, color: COLOR.text },
  );
}

/** "None", or how many selected records are not in the report and which (by position) and why. */
function leftOutLine(job: ExportJob): string {
  if (job.leftOut.length === 0) return "None";
  const listed = job.leftOut
    .map((entry) => `#${entry.position}${entry.id ? ` (${entry.id})` : ""}: ${entry.reason}`)
    .join("; ");
  return `${MESSAGES.exportLeftOut(job.leftOut.length)} ${listed}`;
}

function fits(doc: PDFKit.PDFDocument, value: string, width: number, height: number, size: number): boolean {
  return (
    doc.font(FONT.regular).fontSize(size).heightOfString(printable(value), { width, lineGap: 0 }) <= height
  );
}

function drawImageBox(
  doc: PDFKit.PDFDocument,
  image: Buffer | null,
  box: { x: number; y: number; width: number; height: number },
  reason: string | undefined,
) {
  doc.rect(box.x, box.y, box.width, box.height).fillAndStroke(COLOR.box, COLOR.border);
  if (image) {
    doc.image(image, box.x + 2, box.y + 2, {
      fit: [box.width - 4, box.height - 4],
      align: "center",
      valign: "center",
    });
    return;
  }
  const middle = box.y + box.height / 2;
  text(doc, UNAVAILABLE, box.x + 8, middle - 12, box.width - 16, {
    font: FONT.bold,
    size: 12,
    color: COLOR.muted,
    align: "center",
  });
  if (reason)
    text(doc, reason, box.x + 8, middle + 4, box.width - 16, {
      size: 8,
      color: COLOR.muted,
      align: "center",
      lines: 2,
    });
}

function caption(doc: PDFKit.PDFDocument, value: string, x: number, y: number, width: number) {
  text(doc, value, x, y, width, { font: FONT.bold, size: 8, color: COLOR.muted });
}

function drawRecord(doc: PDFKit.PDFDocument, prepared: PreparedRecord, job: ExportJob) {
  const { record, index } = prepared;
  const reasonFor = (what: string) =>
    prepared.missing.find((line) => line.startsWith(what))?.slice(what.length + 2);

  doc.rect(0, 0, PAGE.width, 54).fill(COLOR.accent);
  text(doc, `Record ${index + 1} of ${job.records.length}`, LEFT, 14, 300, {
    font: FONT.bold,
    size: 14,
    color: COLOR.white,
  });
  text(doc, `${sourceLabel(record)} · ${record.id}`, LEFT, 34, 360, { size: 9, color: COLOR.white });
  text(doc, record.plate, LEFT + 300, 16, CONTENT_WIDTH - 300, {
    font: FONT.bold,
    size: 20,
    color: COLOR.white,
    align: "right",
  });

  caption(doc, "VEHICLE", LEFT, 64, 200);
  drawImageBox(
    doc,
    prepared.vehicle,
    { x: LEFT, y: 76, width: CONTENT_WIDTH, height: 268 },
    reasonFor("vehicle image"),
  );

  caption(doc, "PLATE", LEFT, 354, 200);
  drawImageBox(doc, prepared.plate, { x: LEFT, y: 366, width: 200, height: 100 }, reasonFor("plate image"));
  text(doc, record.plate, LEFT, 476, 200, { font: FONT.bold, size: 18 });
  text(doc, orNotAvailable(record.plate_state), LEFT, 500, 200, { size: 11, color: COLOR.muted });
  // Issue 40 item 1: the agency's hotlist groups the plate was on when the report was made.
  const listed = hotlistsLine(record);
  if (listed)
    text(doc, `On hotlist at export: ${listed}`, LEFT, 516, 200, {
      font: FONT.bold,
      size: 8,
      color: COLOR.danger,
      lines: 2,
    });

  const map = { x: LEFT + 212, y: 366, width: CONTENT_WIDTH - 212, height: 160 };
  caption(doc, "LOCATION", map.x, 354, 200);
  if (prepared.map) drawImageBox(doc, prepared.map, map, undefined);
  else {
    doc.rect(map.x, map.y, map.width, map.height).fillAndStroke(COLOR.box, COLOR.border);
    text(doc, "Location unavailable", map.x + 8, map.y + map.height / 2 - 7, map.width - 16, {
      font: FONT.bold,
      size: 12,
      color: COLOR.muted,
      align: "center",
    });
  }

  const rows: [string, string][] = [
    ["Plate", orNotAvailable(record.plate)],
    ["State", orNotAvailable(record.plate_state)],
    ["Make", orNotAvailable(record.make)],
    ["Color", orNotAvailable(record.color)],
    ["Body Type", orNotAvailable(bodyTypeLabel(record.body_type))],
    ["Agency", orNotAvailable(record.agency)],
    ["Camera", orNotAvailable(record.camera_name)],
    ["Timestamp", formatTimestamp(record.timestamp, job.timeZone)],
    [MESSAGES.nearestAddress, prepared.address],
    ["Coordinates", formatCoordinates(record)],
    ["Source", sourceLabel(record)],
  ];
  let y = 540;
  for (const [label, value] of rows) {
    doc
      .moveTo(LEFT, y + 15)
      .lineTo(LEFT + CONTENT_WIDTH, y + 15)
      .lineWidth(0.5)
      .stroke(COLOR.border)
      .lineWidth(1);
    text(doc, label, LEFT, y + 2, 120, { font: FONT.bold, size: 9, color: COLOR.muted });
    text(doc, value, LEFT + 124, y + 2, CONTENT_WIDTH - 124, { size: 10 });
    y += 16;
  }
  // The pictures' SHA-256, as the source sent them: the same values the report's seal signs.
  text(doc, "Image SHA-256", LEFT, y + 2, 120, { font: FONT.bold, size: 9, color: COLOR.muted });
  const hashLine = (label: string, hash: string | null) => `${label} ${hash ?? MESSAGES.notAvailable}`;
  text(doc, hashLine("Vehicle", prepared.hashes.vehicle), LEFT + 124, y + 2, CONTENT_WIDTH - 124, {
    font: "Courier",
    size: 7,
  });
  text(doc, hashLine("Plate  ", prepared.hashes.plate), LEFT + 124, y + 11, CONTENT_WIDTH - 124, {
    font: "Courier",
    size: 7,
  });
}

function drawFooter(doc: PDFKit.PDFDocument, page: number, total: number, job: ExportJob) {
  const y = PAGE.height - 30;
  doc
    .moveTo(LEFT, y - 6)
    .lineTo(LEFT + CONTENT_WIDTH, y - 6)
    .lineWidth(0.5)
    .stroke(COLOR.border)
    .lineWidth(1);
  text(doc, `Odin · Export ${job.exportId} · ${RESTRICTED}`, LEFT, y, CONTENT_WIDTH - 100, {
    size: 8,
    color: COLOR.muted,
  });
  text(doc, `Page ${page} of ${total}`, LEFT + CONTENT_WIDTH - 100, y, 100, {
    size: 8,
    color: COLOR.muted,
    align: "right",
  });
}
