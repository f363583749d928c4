import type { ReactNode } from "react";
import { Card, ErrorIcon, InfoIcon, PageHeader, WarningIcon } from "@/components/ui";

export interface MessagePageProps {
  title: string;
  /** The badge above the title: info (blue), warning (amber) or danger (red). */
  tone?: "info" | "warning" | "danger";
  /** Another picture in the badge than the tone's own (the compass of "Page not found"). */
  icon?: ReactNode;
  children: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
}

const ICONS = { info: InfoIcon, warning: WarningIcon, danger: ErrorIcon };

/** A page that explains a situation instead of a screen (access pending, setup missing...). */
export function MessagePage({ title, tone = "info", icon, children, actions }: MessagePageProps) {
  const Icon = ICONS[tone];
  return (
    <div className="centered-page">
      <Card className="message-card">
        <div className={`message-card__icon message-card__icon--${tone}`} aria-hidden="true">
          {icon ?? <Icon />}
        </div>
        <PageHeader title={title} />
        {children}
        {actions && <div className="form-actions">{actions}</div>}
      </Card>
    </div>
  );
}
