import type { ReactNode, SVGProps } from "react";

/** The maps' stroke icons, drawn like components/ui/icons (24px grid, currentColor, hidden from assistive technology). */
function MapIcon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

type IconProps = SVGProps<SVGSVGElement>;

export const MapPinIcon = (p: IconProps) => (
  <MapIcon {...p}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </MapIcon>
);

export const ExpandIcon = (p: IconProps) => (
  <MapIcon {...p}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </MapIcon>
);

export const CollapseIcon = (p: IconProps) => (
  <MapIcon {...p}>
    <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
  </MapIcon>
);

export const FitBoundsIcon = (p: IconProps) => (
  <MapIcon {...p}>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <circle cx="12" cy="12" r="3" />
  </MapIcon>
);
