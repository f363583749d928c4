import type { ReactNode } from "react";
import { InboxIcon } from "./icons";

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** An icon in the round badge; a neutral inbox by default. */
  icon?: ReactNode;
  /** A call to action under the text (a Button or a Link). */
  action?: ReactNode;
}

export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <div className="empty-state__icon" aria-hidden="true">
        {icon ?? <InboxIcon />}
      </div>
      <h2 className="empty-state__title">{title}</h2>
      {description && <p className="empty-state__description">{description}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
