import type { ReactNode } from "react";

/** A column heading; `{ hidden: "Actions" }` names a column for screen readers only (buttons, a Save). */
export type DataTableColumn = string | { hidden: string };

export interface DataTableProps {
  columns: readonly DataTableColumn[];
  /** Added to the `table` class, e.g. "plates-table". */
  className?: string;
  /** The table's name for screen readers. */
  caption?: string;
  /** Marks the table as loading again (a new page on its way). */
  busy?: boolean;
  /** The rows. */
  children: ReactNode;
  /** Under the table, inside its frame (e.g. "No user matches"). */
  after?: ReactNode;
  /** The scrolling frame's name (defaults to the caption, else "Table"). */
  label?: string;
}

/** The app's plain data table: a scrolling frame, a header row of column headings and the rows. */
export function DataTable({ columns, className, caption, busy, children, after, label }: DataTableProps) {
  // The frame scrolls sideways on narrow screens: a named, focusable region, so keyboards can scroll it.
  return (
    <div
      className="table-wrap"
      aria-busy={busy || undefined}
      role="region"
      aria-label={label ?? caption ?? "Table"}
      tabIndex={0}
    >
      <table className={className ? `table ${className}` : "table"}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.hidden} scope="col">
                  <span className="visually-hidden">{column.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {after}
    </div>
  );
}

/** The buttons of one row, named for the row ("Actions for j.rivera"). */
export function RowActions({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row-actions" role="group" aria-label={`Actions for ${label}`}>
      {children}
    </div>
  );
}
