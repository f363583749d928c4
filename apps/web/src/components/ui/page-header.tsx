import { useEffect, type ReactNode } from "react";

export interface PageHeaderProps {
  /** The screen's title as the spec names it; also becomes the browser tab title "{title} · Odin". */
  title: string;
  /** A short overline above the title, e.g. the screen family ("Alerts", "Administration"). */
  eyebrow?: string;
  description?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, eyebrow, description, actions }: PageHeaderProps) {
  useEffect(() => {
    document.title = `${title} · Odin`;
  }, [title]);

  return (
    <div className="page-header">
      <div>
        {eyebrow && <p className="page-header__eyebrow">{eyebrow}</p>}
        <h1 className="page-header__title">{title}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}
