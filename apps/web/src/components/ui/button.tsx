import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "inverse";
export type ButtonSize = "md" | "sm";

/** The button classes, for links that must look like buttons: <Link className={buttonClassName("secondary")}>. */
export function buttonClassName(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  extra?: string,
): string {
  return ["btn", `btn--${variant}`, size === "sm" ? "btn--sm" : "", extra ?? ""].filter(Boolean).join(" ");
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button and shows a small spinner; the caller still sets the label ("Saving..."). */
  busy?: boolean;
}

export function Button({
  variant = "primary",
  size = "md",
  busy = false,
  type = "button",
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="spinner__ring spinner__ring--inline" aria-hidden="true" />}
      {children}
    </button>
  );
}
