import { useState } from "react";
import type { TSearchResult } from "@odin/contract";

/** The results ticked for export, by id: one at a time, or all the rows shown at once. */
export function useResultSelection(shown: readonly TSearchResult[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // Select all acts on the rows shown (the quick filter's); other selected rows stay selected.
  const toggleAll = (select: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const result of shown) {
        if (select) next.add(result.id);
        else next.delete(result.id);
      }
      return next;
    });

  return { selected, toggle, toggleAll };
}
