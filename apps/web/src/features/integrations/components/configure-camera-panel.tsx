import { Card } from "@/components/ui";

/**
 * What the admin enters in AXIS License Plate Verifier (the "Configure your camera" panel). Setting
 * names differ between LPV versions, so the panel says what each value is rather than inventing labels;
 * docs/vendors/axis.md says the same.
 */
export function ConfigureCameraPanel({ pushUrlTemplate }: { pushUrlTemplate: string | null }) {
  return (
    <Card title="Configure your camera">
      <p className="text-muted">
        In the camera&apos;s web page, open AXIS License Plate Verifier and add an event push to a server (LPV
        pushes events over HTTP, TCP or FTP; choose <strong>HTTP POST</strong> with JSON):
      </p>
      <ol className="configure-steps">
        <li>
          <strong>Server URL</strong> (as named in your LPV version): the push URL shown when you add the
          camera
          {pushUrlTemplate && (
            <>
              : <code className="break-anywhere">{pushUrlTemplate}</code>
            </>
          )}
          .
        </li>
        <li>
          <strong>Authentication</strong>: the ingest token, sent as the header{" "}
          <code>Authorization: Bearer &lt;token&gt;</code> (the token or access-key field, as named in your
          LPV version).
        </li>
        <li>
          <strong>Events</strong>: send new plates (updates too, if you want direction of travel); Odin keeps
          one read per car and capture time, so repeats are harmless.
        </li>
        <li>
          <strong>Images</strong>: optional. Odin stores the frame and the plate crop when the event carries
          them.
        </li>
      </ol>
      <p className="text-muted">
        Odin answers 201 for a stored read, 200 for a repeat, 401 for a wrong token, 423 while the integration
        is paused and 410 once it is deleted. None of these is worth retrying as is.
      </p>
    </Card>
  );
}
