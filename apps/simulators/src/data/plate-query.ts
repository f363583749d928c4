import { normalizePlate } from "./plates";

/**
 * How both simulated search APIs match the `plate` parameter. Rekor documents exact matching; the
 * simulators also take `*` (any run of characters, possibly none) and `?` (exactly one character), so a
 * substring search is `*ABC*`. Spaces and dashes are ignored and case does not matter. An empty or
 * absent plate matches every read. Without wildcards a query matches only the whole plate.
 */
export function compilePlateQuery(query: string | undefined): (plate: string) => boolean {
  // Runs of `*` collapse to one, so a pattern never backtracks more than a plate's length needs.
  const wanted = normalizePlate(query ?? "").replace(/\*+/g, "*");
  if (wanted === "" || wanted === "*") return () => true;
  if (!/[*?]/.test(wanted)) return (plate) => plate === wanted;
  const pattern = wanted
    .split("")
    .map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  const regex = new RegExp(`^${pattern}$`);
  return (plate) => regex.test(plate);
}
