import { useId, useState, type ReactNode } from "react";
import { Checkbox } from "./checkbox";

export interface CollapsibleSectionProps {
  /** The section's accessible name, e.g. "Axon agencies". */
  label: string;
  /** What the header shows after the chevron: a name or a logo. */
  title: ReactNode;
  /** A short count beside the title ("2 of 5 selected"); none while unknown. */
  count?: ReactNode;
  /** The header's select-all box, named for screen readers; left out when there is nothing to tick. */
  selectAll?: {
    label: string;
    checked: boolean;
    indeterminate: boolean;
    disabled?: boolean;
    onChange: (on: boolean) => void;
  };
  initiallyOpen?: boolean;
  /** Added to the section, for a feature's own touches. */
  className?: string;
  children: ReactNode;
}

/** A titled box whose body folds away: the agency lists of the search form and the group member picker. */
export function CollapsibleSection(props: CollapsibleSectionProps) {
  const { label, title, count, selectAll, initiallyOpen = true, className, children } = props;
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <section className={className ? `collapsible ${className}` : "collapsible"} aria-label={label}>
      <div className="collapsible__header">
        <button
          type="button"
          className="collapsible__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="collapsible__chevron" aria-hidden="true" />
          {/* Named for its section, so the three agency toggles are not all "All agencies"; the
              visible title and count follow, so the name contains what is seen (WCAG 2.5.3). */}
          <span className="visually-hidden">{label}: </span>
          {title}
          {count !== undefined && <span className="collapsible__count">{count}</span>}
        </button>
        {selectAll && (
          <Checkbox
            className="collapsible__all"
            label="Select all"
            aria-label={selectAll.label}
            checked={selectAll.checked}
            indeterminate={selectAll.indeterminate}
            disabled={selectAll.disabled}
            onChange={(event) => selectAll.onChange(event.target.checked)}
          />
        )}
      </div>
      <div id={`${id}-body`} className="collapsible__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
