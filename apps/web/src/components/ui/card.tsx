import { useId, type ReactNode } from "react";

export interface CardProps {
  /** Shown in the card's header row; the card becomes a labelled region. */
  title?: ReactNode;
  /** Buttons or links at the right of the header row. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Card({ title, actions, className, children }: CardProps) {
  const titleId = useId();
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <section
      className={["card", className].filter(Boolean).join(" ")}
      aria-labelledby={title ? titleId : undefined}
    >
      {hasHeader && (
        <header className="card__header">
          {title !== undefined && (
            <h2 id={titleId} className="card__title">
              {title}
            </h2>
          )}
          {actions}
        </header>
      )}
      <div className="card__body">{children}</div>
    </section>
  );
}
