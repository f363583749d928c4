import { LEGAL_ENTITY, type LegalSection } from "./legal-content";

export const PRIVACY_INTRO =
  `This Privacy Policy explains what information Odin, provided by ${LEGAL_ENTITY}, processes, why, and ` +
  `for how long. Odin is a service for authorized law enforcement agencies; each agency decides how its ` +
  `personnel use it and remains responsible for the data it collects.`;

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: "information",
    heading: "Information we process",
    paragraphs: ["To provide the service, Odin processes:"],
    list: [
      "Account information: your name, username, email address, agency and role.",
      "Search and export activity: the parameters you entered, your justification, the time and the sources queried.",
      "Detection data from connected camera programs: plate, state, vehicle attributes, images, camera, location and time.",
      "Technical information: sign-in events, IP address and browser details, used to secure the service.",
    ],
  },
  {
    id: "use",
    heading: "How information is used",
    paragraphs: [
      "Information is used only to operate Odin for authorized law enforcement use: to run searches and " +
        "alerts, produce the reports you request, keep the audit record, and protect the service. We do not " +
        "sell it, and we do not use it for advertising or profiling.",
    ],
  },
  {
    id: "temporary-storage",
    heading: "Temporary storage of results",
    paragraphs: [
      "Search results retrieved from connected camera programs are stored temporarily: they are held only " +
        "as long as needed to display them and to produce the exports you request, and are then discarded. " +
        "Detections that cameras send directly to Odin are kept for the retention period your agency sets " +
        "and deleted when it ends.",
    ],
  },
  {
    id: "audit-records",
    heading: "Audit records",
    paragraphs: [
      "The record of each search and export, including its justification, is kept so that your agency and " +
        "oversight bodies can verify that Odin is used lawfully. It is retained according to your agency's " +
        "records policy and applicable law.",
    ],
  },
  {
    id: "sharing",
    heading: "Sharing",
    paragraphs: [
      "Information is shared only with your agency; with the camera program providers your agency has " +
        "connected, to the extent needed to run a search; with service providers bound by confidentiality " +
        "who help us operate Odin; and where the law requires disclosure.",
    ],
  },
  {
    id: "security",
    heading: "Security",
    paragraphs: [
      "Odin encrypts connections in transit and integration credentials at rest, and limits access by " +
        "role and by agency. No system is perfectly secure; report any suspected incident to your agency " +
        "administrator at once.",
    ],
  },
  {
    id: "your-rights",
    heading: "Your choices",
    paragraphs: [
      "Questions or requests about your account information go to your agency administrator, who can " +
        "correct or remove it. Detection and audit data are controlled by the agency under its own policies " +
        "and legal obligations.",
    ],
  },
  {
    id: "governing-law",
    heading: "Governing law",
    paragraphs: [
      "This policy and any dispute about it are governed by the laws of the State of Connecticut, and any " +
        "such dispute shall be brought in the state or federal courts located in Connecticut.",
    ],
  },
  {
    id: "changes",
    heading: "Changes and contact",
    paragraphs: [
      "We may update this policy; the effective date above shows the current version. Questions about it " +
        `go to ${LEGAL_ENTITY} or to your agency administrator.`,
    ],
  },
];
