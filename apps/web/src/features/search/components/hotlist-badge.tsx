import type { TSearchResult } from "@odin/contract";

/**
 * "On hotlist" with the group(s) the server found the plate on (issue 20); nothing when it is on none
 * the user may see. The same badge in the table, the map popup and the detail view.
 */
export function HotlistBadge({ result, className }: { result: TSearchResult; className?: string }) {
  const groups = result.hotlists ?? [];
  if (groups.length === 0) return null;
  const names = groups.map((group) => group.group_name).join(", ");
  return (
    <span
      className={["badge badge--hotlist", className].filter(Boolean).join(" ")}
      title={`On hotlist: ${names}`}
    >
      On hotlist: {names}
    </span>
  );
}
