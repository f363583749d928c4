import { MESSAGES } from "@odin/contract";
import { ProxiedImage } from "@/components/ui";

export interface GroupImageProps {
  /** An Odin image URL (through the API, with the bearer token); null when the group has none. */
  src: string | null;
  /** The group's name: the image's alt text and the placeholder's initials. */
  name: string;
  size?: "card" | "large";
}

/** Up to two initials of a group's name, for the placeholder. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
}

/** A group's picture, or a tidy tile with its initials when there is none or it cannot be loaded. */
export function GroupImage({ src, name, size = "card" }: GroupImageProps) {
  return (
    <ProxiedImage
      src={src}
      alt={name}
      className={`group-image group-image--${size}`}
      fallback={
        <span className="group-image__placeholder">
          <span aria-hidden="true">{initialsOf(name) || "?"}</span>
          <span className="visually-hidden">{MESSAGES.noImage}</span>
        </span>
      }
    />
  );
}
