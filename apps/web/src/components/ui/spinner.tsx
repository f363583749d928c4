export interface SpinnerProps {
  /** Announced to screen readers and shown next to the ring unless hideLabel is set. */
  label?: string;
  size?: "sm" | "md" | "lg";
  hideLabel?: boolean;
}

export function Spinner({ label = "Loading...", size = "md", hideLabel = false }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className={hideLabel ? "visually-hidden" : undefined}>{label}</span>
    </span>
  );
}
