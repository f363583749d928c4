import { TERMS_INTRO, TERMS_SECTIONS } from "../terms-content";
import { LegalDocument } from "./legal-document";

export function TermsScreen() {
  return (
    <LegalDocument
      title="Terms of Use"
      intro={TERMS_INTRO}
      sections={TERMS_SECTIONS}
      related={{ to: "/privacy", label: "Privacy Policy" }}
    />
  );
}
