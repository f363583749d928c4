import type { Actor } from "../../access/actor";
import { bindServices } from "../../lib/bind-services";
import type { UserAdminDeps } from "../admin/admin-deps";
import { addUser, ownerAddUserBodyFor, type NewUser } from "../admin/add-user.service";
import { findActiveAgencyOrFail, findAgencies } from "../admin/agencies.repository";
import { getOwnerData, resetUserPassword } from "./owner.service";

/**
 * What the owner's routes receive (issue 39 item 2): users across agencies, a user added to a named
 * active agency, a password set by the owner, and the agencies, with the add form's body that fits the
 * identity provider.
 */
export function ownerServiceFactory(deps: UserAdminDeps) {
  return {
    ...bindServices(deps, { getOwnerData, resetUserPassword }),
    /** POST /owner/add-user: the agency must exist and be active. */
    async addUserToAgency(actor: Actor, user: NewUser, agencyId: number) {
      const agency = await findActiveAgencyOrFail(deps.prisma, agencyId);
      return addUser(deps, actor, user, agency.id);
    },
    findAgencies: () => findAgencies(deps.prisma),
    addUserBody: ownerAddUserBodyFor(deps.identityAdmin),
  };
}
export type OwnerService = ReturnType<typeof ownerServiceFactory>;
