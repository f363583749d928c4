import { MESSAGES } from "@odin/contract";
import { MessagePage } from "@/components/layouts/message-page";

/** The integration pages are for role admin (001 §6); others, or a 403 from the API, see this. */
export function IntegrationsAccessDenied() {
  return (
    <MessagePage tone="warning" title={MESSAGES.accessDenied}>
      <p>Integrations are managed by the administrators of your agency.</p>
    </MessagePage>
  );
}
