import { MESSAGES } from "@odin/contract";
import { MessagePage } from "@/components/layouts/message-page";

/** The owner pages answer 403 to anyone but the owner (001 §6). */
export function OwnerAccessDenied() {
  return (
    <MessagePage tone="warning" title={MESSAGES.accessDenied}>
      <p>This page is for the owner of this Odin installation.</p>
    </MessagePage>
  );
}
