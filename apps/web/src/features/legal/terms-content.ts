import { LEGAL_ENTITY, type LegalSection } from "./legal-content";

export const TERMS_INTRO =
  `These Terms of Use govern access to and use of Odin, the license-plate search and hotlist alerting ` +
  `service provided by ${LEGAL_ENTITY} ("we", "us"). By signing in, you agree to these terms on your own ` +
  `behalf and on behalf of the agency that issued your account. If you do not agree, do not use Odin.`;

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: "authorized-use",
    heading: "Authorized law enforcement use only",
    paragraphs: [
      "Odin is provided solely for authorized law enforcement purposes. Accounts are issued by an agency " +
        "administrator to personnel that the agency has authorized to use license-plate reader data. " +
        "Access by anyone else, or for any other purpose, is prohibited.",
      "Each search must relate to a legitimate law enforcement purpose, such as an active investigation, " +
        "a missing-person case or a stolen-vehicle report. Odin requires a justification for every search " +
        "and every export; the justification you enter must be accurate and specific.",
    ],
  },
  {
    id: "accounts",
    heading: "Accounts and credentials",
    paragraphs: [
      "Your account is personal to you. Do not share your credentials, let others act under your session, " +
        "or leave a signed-in session unattended. Tell your agency administrator at once if you suspect that " +
        "your account has been compromised. Your agency may suspend or remove your access at any time.",
    ],
  },
  {
    id: "audit",
    heading: "Auditing and monitoring",
    paragraphs: [
      "Searches, exports and administrative actions are recorded with your identity, your agency, the time, " +
        "the search parameters and the justification you gave. These records may be reviewed by your agency, " +
        "by oversight bodies and by us, and may be disclosed where the law requires.",
    ],
  },
  {
    id: "results",
    heading: "Search results and their limits",
    paragraphs: [
      "Results come from the camera programs your agency has connected (Rekor, Axon and RAVEN). Results are " +
        "stored temporarily, only for as long as needed to display them and to produce the reports you request.",
      "Automated plate reads can be wrong: a character may be misread, a state misidentified, or a location " +
        "or time inaccurate. A result is an investigative lead, not proof. Confirm it, for example by " +
        "checking the image and official records, before taking any enforcement action.",
    ],
  },
  {
    id: "exports",
    heading: "Exports and hotlists",
    paragraphs: [
      "Reports and archives you export are subject to your agency's policies on evidence, records retention " +
        "and dissemination. Plates may be placed on a hotlist only for a lawful reason, which you must record, " +
        "and must be removed when that reason no longer applies.",
    ],
  },
  {
    id: "prohibited",
    heading: "Prohibited conduct",
    paragraphs: ["You must not:"],
    list: [
      "use Odin for personal purposes, or to locate or monitor anyone without a lawful basis;",
      "share results with anyone not authorized to receive them;",
      "attempt to bypass access controls, probe the service, or access another agency's data;",
      "copy, resell, reverse engineer or build a competing database from the service or its data.",
    ],
  },
  {
    id: "suspension",
    heading: "Suspension and termination",
    paragraphs: [
      "We or your agency may suspend or end access for any breach of these terms, for a security concern, " +
        "or when your duties no longer require it. Audit records survive the end of your access.",
    ],
  },
  {
    id: "disclaimer",
    heading: "Disclaimers and limitation of liability",
    paragraphs: [
      'Odin is provided "as is" and "as available". To the extent the law allows, we disclaim all implied ' +
        "warranties, including merchantability, fitness for a particular purpose and accuracy of data " +
        "supplied by third-party camera programs, and we are not liable for indirect or consequential loss " +
        "arising from the use of Odin or of its results. Your agency's agreement with us may set other terms; " +
        "where it does, that agreement prevails.",
    ],
  },
  {
    id: "governing-law",
    heading: "Governing law",
    paragraphs: [
      "These terms are governed by the laws of the State of Connecticut, without regard to its conflict-of-law " +
        "rules. Any dispute arising from them shall be brought in the state or federal courts located in " +
        "Connecticut.",
    ],
  },
  {
    id: "changes",
    heading: "Changes and contact",
    paragraphs: [
      "We may update these terms; the effective date above shows the current version, and continued use " +
        "after a change means you accept it. Questions about your access go to your agency administrator; " +
        `questions about these terms go to ${LEGAL_ENTITY}`,
    ],
  },
];
