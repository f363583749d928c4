import { MESSAGES } from "@odin/contract";
import { Link } from "react-router-dom";
import { useCurrentUser } from "@/lib/auth/current-user";
import { buttonClassName, Card, PageHeader, SourceLogo, type SourceName } from "@/components/ui";
import { CameraHealthSection } from "./camera-health-section";
import { IntegrationsAccessDenied } from "./integrations-access-denied";

const ENTRIES: { source: SourceName; to: string; label: string; text: string }[] = [
  {
    source: "Rekor",
    to: "/integrations/rekor",
    label: MESSAGES.manageRekor,
    text: "The Rekor Scout API keys Odin searches with, one per agency. Keys are stored encrypted and shown masked.",
  },
  {
    source: "Axon",
    to: "/integrations/axon",
    label: MESSAGES.manageAxon,
    text: "Your agency's Axon connection, and which agencies' Axon reads your searches include.",
  },
  {
    source: "Axis",
    to: "/integrations/raven",
    label: MESSAGES.manageRaven,
    text: "Your agency's AXIS License Plate Verifier cameras: add one, get its push URL and token, pause or remove it.",
  },
];

/**
 * Route /api-keys (001 §2): the integrations hub with its two entries, Manage Rekor and Manage Axon,
 * Odin's own Manage RAVEN, and the health of every camera (silent ones counted at the top).
 */
export function IntegrationsScreen() {
  if (useCurrentUser()?.role !== "admin") return <IntegrationsAccessDenied />;
  return (
    <>
      <PageHeader
        title="Integrations"
        eyebrow="Administration"
        description="Connect your agency's camera programs to Odin."
      />
      <div className="integration-hub">
        {ENTRIES.map((entry) => (
          <Card key={entry.source} className="integration-hub__entry">
            <SourceLogo source={entry.source} />
            <p>{entry.text}</p>
            <Link to={entry.to} className={buttonClassName("primary")}>
              {entry.label}
            </Link>
          </Card>
        ))}
      </div>
      <CameraHealthSection />
    </>
  );
}
