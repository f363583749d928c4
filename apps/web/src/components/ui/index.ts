export { Button, buttonClassName, type ButtonProps, type ButtonSize, type ButtonVariant } from "./button";
export { Card, type CardProps } from "./card";
export { Checkbox, type CheckboxProps } from "./checkbox";
export { CollapsibleSection, type CollapsibleSectionProps } from "./collapsible-section";
export { DataTable, RowActions, type DataTableColumn, type DataTableProps } from "./data-table";
export { EmptyState, type EmptyStateProps } from "./empty-state";
export { EnlargeableImage, type EnlargeableImageProps } from "./enlargeable-image";
export * from "./icons";
export { ImageOverlay, type ImageOverlayProps } from "./image-overlay";
export { LockedBadge } from "./locked-badge";
export { Modal, type ModalProps } from "./modal";
export {
  fetchProxiedImage,
  ProxiedImage,
  useNearViewport,
  useProxiedImage,
  type ProxiedImageProps,
} from "./proxied-image";
export { Notice, type NoticeProps, type NoticeTone } from "./notice";
export { OdinMark, OdinWordmark } from "./odin-logo";
export { PageHeader, type PageHeaderProps } from "./page-header";
export { Plate, PlateLabel } from "./plate";
export { SourceLogo, type SourceLogoProps, type SourceName } from "./source-logo";
export { Spinner, type SpinnerProps } from "./spinner";
export { CopyButton, CopyableValue } from "./copy-button";
export { SignInBadge } from "./sign-in-badge";
