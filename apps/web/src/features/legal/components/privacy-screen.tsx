import { PRIVACY_INTRO, PRIVACY_SECTIONS } from "../privacy-content";
import { LegalDocument } from "./legal-document";

export function PrivacyScreen() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={PRIVACY_INTRO}
      sections={PRIVACY_SECTIONS}
      related={{ to: "/terms", label: "Terms of Use" }}
    />
  );
}
