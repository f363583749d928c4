import type { TSearchResult, TSearchResultHotlist } from "@odin/contract";

/** One listing as the badge says it: the group's name, and the entry's reason in brackets when known. */
export const hotlistListing = (listed: TSearchResultHotlist): string =>
  listed.reason ? `${listed.group_name} (${listed.reason})` : listed.group_name;

/**
 * "On hotlist" with the group(s) of the user's agency the server found the plate on (issues 20 and 40),
 * each with the entry's reason; its agency in the tooltip. Nothing when it is on none. The same badge in
 * the table, the map popup and the detail view (which lists each group's agency too: HotlistListings).
 */
export function HotlistBadge({ result, className }: { result: TSearchResult; className?: string }) {
  const groups = result.hotlists ?? [];
  if (groups.length === 0) return null;
  const text = `On hotlist: ${groups.map(hotlistListing).join("; ")}`;
  const agencies = [...new Set(groups.flatMap((listed) => (listed.agency_name ? [listed.agency_name] : [])))];
  return (
    <span
      className={["badge badge--hotlist", className].filter(Boolean).join(" ")}
      title={agencies.length ? `${text}. Listed by ${agencies.join(", ")}.` : text}
    >
      {text}
    </span>
  );
}

/**
 * The detail view's "Hotlists" row: each group, its agency and the entry's reason, and the reminder an
 * officer needs before acting on a hit.
 */
export function HotlistListings({ result }: { result: TSearchResult }) {
  const groups = result.hotlists ?? [];
  if (groups.length === 0) return null;
  return (
    <div>
      <dt>Hotlists</dt>
      <dd>
        <ul className="result-detail__hotlists">
          {groups.map((listed) => (
            <li key={listed.group_id}>
              <strong>{listed.group_name}</strong>
              {listed.agency_name ? `, ${listed.agency_name}` : ""}
              {listed.reason ? `: ${listed.reason}` : ""}
            </li>
          ))}
        </ul>
        <p className="result-detail__hotlist-note">Confirm the hit with the listing agency before acting.</p>
      </dd>
    </div>
  );
}
