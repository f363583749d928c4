/** Shared facts of both legal pages (spec 001 §2, Terms and Privacy); the effective date is the contract's. */
export const LEGAL_ENTITY = "Odin Systems, Inc.";

export interface LegalSection {
  /** Anchor for the table of contents. */
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
}
