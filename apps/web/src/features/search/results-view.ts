import type { TSearchResult } from "@odin/contract";
import { vehicleLabel } from "@/lib/vehicle-labels";

/** The columns the results can be sorted by (issue 20). */
export const SORT_KEYS = ["timestamp", "plate", "agency", "camera", "program"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = "ascending" | "descending";
/** Null: the server's order (newest first, or best match first for a Similar search). */
export type ResultsSort = { key: SortKey; direction: SortDirection } | null;

export const SORT_LABELS: Record<SortKey, string> = {
  timestamp: "Timestamp",
  plate: "Plate",
  agency: "Agency",
  camera: "Camera",
  program: "Program",
};

/** How each program is named to users: Axis is RAVEN. */
export const PROGRAM_LABEL: Record<TSearchResult["source_program"], string> = {
  Rekor: "Rekor",
  Axon: "Axon",
  Axis: "RAVEN",
};

const COLLATOR = new Intl.Collator("en-US", { numeric: true, sensitivity: "base" });

function sortValue(result: TSearchResult, key: SortKey): string | number | null {
  switch (key) {
    case "timestamp": {
      const time = Date.parse(result.timestamp);
      return Number.isNaN(time) ? null : time;
    }
    case "plate":
      return result.plate.trim() || null;
    case "agency":
      return result.agency?.trim() || null;
    case "camera":
      return result.camera_name?.trim() || null;
    case "program":
      return PROGRAM_LABEL[result.source_program];
  }
}

/**
 * The results in the chosen order; ties keep the server's order, and missing values (N/A) go last
 * in either direction. Null sort: the server's order as it is.
 */
export function sortResults(results: readonly TSearchResult[], sort: ResultsSort): readonly TSearchResult[] {
  if (!sort) return results;
  const sign = sort.direction === "ascending" ? 1 : -1;
  return results
    .map((result, index) => ({ result, index, value: sortValue(result, sort.key) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index;
        return a.value === null ? 1 : -1;
      }
      const order =
        typeof a.value === "number" && typeof b.value === "number"
          ? a.value - b.value
          : COLLATOR.compare(String(a.value), String(b.value));
      return order * sign || a.index - b.index;
    })
    .map((entry) => entry.result);
}

/** The next sort when a column's header is pressed: ascending, then descending, then the server's order. */
export function nextSort(current: ResultsSort, key: SortKey): ResultsSort {
  if (!current || current.key !== key)
    return { key, direction: key === "timestamp" ? "descending" : "ascending" };
  const first = key === "timestamp" ? "descending" : "ascending";
  if (current.direction === first)
    return { key, direction: first === "ascending" ? "descending" : "ascending" };
  return null;
}

const normalise = (text: string) => text.toLowerCase().replace(/[\s\-–·.]/g, "");

/** What the quick filter looks in: every text the row shows, including the hotlist groups. */
function searchableText(result: TSearchResult): string {
  return normalise(
    [
      result.plate,
      result.plate_state ?? "",
      vehicleLabel("make", result.make),
      vehicleLabel("color", result.color),
      vehicleLabel("body", result.body_type),
      result.agency ?? "",
      result.camera_name ?? "",
      PROGRAM_LABEL[result.source_program],
      ...(result.hotlists?.length
        ? [
            "on hotlist",
            ...result.hotlists.flatMap((listed) => [
              listed.group_name,
              listed.reason ?? "",
              listed.agency_name ?? "",
            ]),
          ]
        : []),
    ].join("\u0000"),
  );
}

/**
 * The quick filter over the loaded results (issue 20): every word typed must appear in the row's
 * plate, state, make, colour, body type, agency, camera, program or hotlist groups, ignoring case,
 * spaces and dashes ("ak 47" finds AK-4712). Blank: all results.
 */
export function filterResults(results: readonly TSearchResult[], text: string): readonly TSearchResult[] {
  const words = text.split(/\s+/).map(normalise).filter(Boolean);
  if (words.length === 0) return results;
  const joined = normalise(text);
  return results.filter((result) => {
    const haystack = searchableText(result);
    return haystack.includes(joined) || words.every((word) => haystack.includes(word));
  });
}
