import type { ReactNode } from "react";
import { Card, ClockIcon, PageHeader } from "@/components/ui";

/** The body of work a screen is delivered with; named in the placeholder so nobody mistakes it for a bug. */
export type UpcomingWork = "search" | "hotlists" | "administration";

export interface PlaceholderScreenProps {
  /** The screen's title as the spec names it. */
  title: string;
  eyebrow?: string;
  /** What the screen is for, in a sentence. */
  summary: string;
  arrivesWith: UpcomingWork;
  /** What users will be able to do here, a few short lines. */
  capabilities?: string[];
  /** Extra content under the notice, e.g. facts of the screen that are already known. */
  children?: ReactNode;
}

/** Stands in for a screen that is not built yet: the real title and purpose, and when it arrives. */
export function PlaceholderScreen({
  title,
  eyebrow,
  summary,
  arrivesWith,
  capabilities,
  children,
}: PlaceholderScreenProps) {
  return (
    <>
      <PageHeader title={title} eyebrow={eyebrow} description={summary} />
      <Card className="placeholder-card">
        <div className="placeholder-card__badge" aria-hidden="true">
          <ClockIcon />
        </div>
        <div>
          <h2 className="placeholder-card__title">Not available yet</h2>
          <p className="placeholder-card__text">This screen arrives with the {arrivesWith} work.</p>
          {capabilities && capabilities.length > 0 && (
            <>
              <p className="placeholder-card__lead">When it does, you will be able to:</p>
              <ul className="placeholder-card__list">
                {capabilities.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      </Card>
      {children}
    </>
  );
}
