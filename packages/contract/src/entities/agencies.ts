import { z } from "zod";
import { ZId } from "../common";

/** An agency of Odin (001 section 3): owner screens, camera assignment, the Axon blacklist. */
export const ZAgency = z.object({
  id: ZId,
  name: z.string(),
});
export type TAgency = z.infer<typeof ZAgency>;

/** A searchable Rekor agency (000 section 3), sorted by agency name. Its id goes into `agencies` as a string. */
export const ZRekorAgency = z.object({
  id: ZId,
  agency: z.string(),
});
export type TRekorAgency = z.infer<typeof ZRekorAgency>;

/** A searchable Axon integration (000 section 3), sorted by agency_name. Its base_url goes into `agencies`. */
export const ZAxonAuthorizedIntegration = z.object({
  base_url: z.string(),
  agency_name: z.string(),
});
export type TAxonAuthorizedIntegration = z.infer<typeof ZAxonAuthorizedIntegration>;

/**
 * A searchable Axis (RAVEN) agency (000 section 3), sorted by agency_name. Ticking it selects all its
 * integration identifiers. Identifiers are strings here because `agencies` carries them as strings.
 */
export const ZAxisAgency = z.object({
  id: ZId,
  agency_name: z.string(),
  integrations: z.array(z.object({ identifier: z.string() })),
});
export type TAxisAgency = z.infer<typeof ZAxisAgency>;
