import type { ReactNode } from "react";
import { CheckCircleIcon, ErrorIcon, InfoIcon, WarningIcon } from "./icons";

export type NoticeTone = "info" | "success" | "warning" | "danger";

export interface NoticeProps {
  tone?: NoticeTone;
  title?: string;
  children?: ReactNode;
}

const ICONS = { info: InfoIcon, success: CheckCircleIcon, warning: WarningIcon, danger: ErrorIcon };

/** An inline message box. Warnings and errors are announced at once (role alert), the rest politely. */
export function Notice({ tone = "info", title, children }: NoticeProps) {
  const Icon = ICONS[tone];
  const urgent = tone === "danger" || tone === "warning";
  return (
    <div className={`notice notice--${tone}`} role={urgent ? "alert" : "status"}>
      <Icon className="notice__icon" />
      <div className="notice__body">
        {title && <p className="notice__title">{title}</p>}
        {children}
      </div>
    </div>
  );
}
