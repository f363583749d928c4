export interface NoticeListProps {
  items: readonly string[];
  /** The list's accessible name, e.g. "Rejected rows". */
  label?: string;
  className?: string;
}

/** Lines listed inside a Notice: a refusal's details, the rows of a CSV the server rejected. */
export function NoticeList({ items, label, className }: NoticeListProps) {
  return (
    <ul className={["notice__list", className].filter(Boolean).join(" ")} aria-label={label}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
