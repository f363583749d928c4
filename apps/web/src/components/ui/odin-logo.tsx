/** Odin's mark (an open eye: the product watches for plates) and the ODIN wordmark. */
export function OdinMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#13294a" />
      <path
        d="M10 32c6-10 13.5-15 22-15s16 5 22 15c-6 10-13.5 15-22 15S16 42 10 32z"
        fill="none"
        stroke="#4c9bff"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="32" r="8" fill="#ffffff" />
      <circle cx="32" cy="32" r="3.5" fill="#13294a" />
    </svg>
  );
}

export function OdinWordmark() {
  return (
    <>
      <OdinMark className="brand__mark" />
      <span>ODIN</span>
    </>
  );
}
