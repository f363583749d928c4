import { bindServices } from "../../lib/bind-services";
import type { UserAdminDeps } from "./admin-deps";
import { addUser, addUserBodyFor, agencyForNewUser } from "./add-user.service";
import {
  changeRole,
  deleteUser,
  listAdministeredUsers,
  sendUserPasswordReset,
  unlockUser,
} from "./admin.service";
import { PROVIDER_USER_CSV_TEMPLATE, uploadUsers, USER_CSV_TEMPLATE } from "./bulk-users.service";
import { resetUserMfa } from "./mfa-reset.service";

/**
 * What the admin's user routes receive (issue 39 item 2): the agency's users, added one by one or by
 * CSV, their roles, resets, unlocks and removal, with the add form's body and the CSV template that fit
 * the identity provider (whether Odin sets passwords).
 */
export function adminServiceFactory(deps: UserAdminDeps) {
  return {
    ...bindServices(deps, {
      listAdministeredUsers,
      addUser,
      agencyForNewUser,
      sendUserPasswordReset,
      deleteUser,
      uploadUsers,
      resetUserMfa,
    }),
    ...bindServices(deps.prisma, { changeRole, unlockUser }),
    addUserBody: addUserBodyFor(deps.identityAdmin),
    userCsvTemplate: deps.identityAdmin.takesPasswords ? USER_CSV_TEMPLATE : PROVIDER_USER_CSV_TEMPLATE,
  };
}
export type AdminService = ReturnType<typeof adminServiceFactory>;
