import { Button } from "@/components/ui";
import { MessagePage } from "@/components/layouts/message-page";
import {
  APP_CONFIG_URL,
  loadAppConfig,
  REQUIRED_OIDC_FIELDS,
  type LoadedAppConfig,
  type RequiredOidcField,
} from "@/lib/config";

/** The server setting behind each identity-provider field of the configuration. */
export const OIDC_SETTING_NAMES: Record<RequiredOidcField, string> = {
  authority: "OIDC_ISSUER",
  clientId: "OIDC_CLIENT_ID",
  audience: "OIDC_AUDIENCE",
};

/**
 * Shown instead of the login screen and every signed-in screen when the identity-provider settings are
 * missing (spec 000 §2, 001 §8). Written for the officer who meets it and for the IT contact they pass it
 * to: what is wrong in one sentence, then exactly which server settings to look at.
 */
export function MisconfigurationPage() {
  const loaded = loadAppConfig();
  return (
    <MessagePage
      tone="warning"
      title="Sign-in is not set up"
      actions={<Button onClick={() => window.location.reload()}>Reload</Button>}
    >
      <p>
        Odin cannot sign anyone in on this server yet, so its screens stay closed. Please pass this page on to
        your agency&apos;s IT contact.
      </p>
      <div className="misconfig">
        <h2 className="misconfig__title">For your IT contact</h2>
        <Details loaded={loaded} />
      </div>
    </MessagePage>
  );
}

function Details({ loaded }: { loaded: LoadedAppConfig }) {
  if (loaded.ok || loaded.problem === "not-loaded") {
    return (
      <p>
        The web app could not load its settings from the server (<code>{APP_CONFIG_URL}</code>). Odin&apos;s
        server may be stopped or restarting, or a proxy in front of it does not pass this address through.
        Once it answers, reload this page.
      </p>
    );
  }
  if (loaded.problem === "invalid") {
    return (
      <p>
        The settings the server sent (<code>{APP_CONFIG_URL}</code>) are not in the form this version of the
        web app expects. The server and the web app are probably from different versions: deploy them together
        and restart Odin.
      </p>
    );
  }
  if (loaded.problem === "oidc-incomplete") {
    return (
      <>
        <p>The identity-provider settings on the Odin server are incomplete. These are empty:</p>
        <ul className="misconfig__list">
          {loaded.blankOidcFields.map((field) => (
            <li key={field}>
              <code>{OIDC_SETTING_NAMES[field]}</code>
            </li>
          ))}
        </ul>
        <p>Set them and restart Odin.</p>
      </>
    );
  }
  return (
    <>
      <p>
        The Odin server has no identity provider: its built-in sign-in is turned off (
        <code>OIDC_BUILT_IN=false</code>) and no external provider is configured. Either turn the built-in
        sign-in back on, or connect your agency&apos;s provider (Auth0, Keycloak, Entra ID...) with these
        server settings:
      </p>
      <ul className="misconfig__list">
        {REQUIRED_OIDC_FIELDS.map((field) => (
          <li key={field}>
            <code>{OIDC_SETTING_NAMES[field]}</code> {SETTING_HINTS[field]}
          </li>
        ))}
      </ul>
      <p>Then restart Odin and reload this page. The README describes the settings for Auth0 and Keycloak.</p>
    </>
  );
}

const SETTING_HINTS: Record<RequiredOidcField, string> = {
  authority: "— the issuer URL of the provider (required)",
  clientId: "— the client ID of Odin's web app at the provider (default odin-web)",
  audience: "— the identifier of Odin's API at the provider (default urn:odin:api)",
};
