import { z } from "zod";
import { ZIdParams, ZRole, ZSuccessMessage } from "../common";
import type { Endpoint } from "../endpoint";
import { ZAddUserRequest, ZAdminUser } from "../entities/users";
import { ZSendPasswordResetResponse } from "./account";

/** Not shown in the spec: Odin's choice, the agency's users in an object that can grow. */
export const ZAdminDataResponse = z.object({ users: z.array(ZAdminUser) });
export type TAdminDataResponse = z.infer<typeof ZAdminDataResponse>;

/** PUT /admin/toggle-role/{id} with new_role (001 section 7), lower-cased like the add-user role. */
export const ZToggleRoleRequest = z.object({
  new_role: z.string().trim().toLowerCase().pipe(ZRole),
});
export type TToggleRoleRequest = z.infer<typeof ZToggleRoleRequest>;

/**
 * Not shown in the spec: Odin's choice. A bulk upload is all or nothing: a file with any bad row is
 * refused whole (400, every bad row named by CSV line in the error's `details`, header = line 1), so a
 * half-applied file never has to be untangled. A successful upload answers `errors: []`; the field is
 * kept so clients written for partial uploads still read the answer.
 */
export const ZBulkUploadResponse = ZSuccessMessage.extend({
  added: z.number().int().nonnegative(),
  errors: z.array(z.object({ line: z.number().int().positive(), message: z.string() })),
});
export type TBulkUploadResponse = z.infer<typeof ZBulkUploadResponse>;

/** Columns of the user CSV (template and upload): Odin's choice, the add-user payload's fields. */
export const USER_CSV_COLUMNS = ["username", "name", "email", "password", "role"] as const;

export const ADMIN_ENDPOINTS = [
  {
    method: "GET",
    path: "/admin-data",
    spec: "001",
    summary: "Users of the admin's agency",
    response: ZAdminDataResponse,
  },
  {
    method: "POST",
    path: "/admin/add-user",
    spec: "001",
    summary: "Add a user to the admin's agency (502 when identity-provider provisioning fails)",
    body: ZAddUserRequest,
    // message 'User added successfully.'; the rest not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "PUT",
    path: "/admin/toggle-role/:id",
    spec: "001",
    summary: "Make a user admin, or an admin a user",
    params: ZIdParams,
    body: ZToggleRoleRequest,
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "POST",
    path: "/admin/send-password-reset/:id",
    spec: "001",
    summary: "Email a user a password reset link",
    params: ZIdParams,
    // not shown in the spec: Odin's choice, the same reply as /auth0/send-password-reset
    response: ZSendPasswordResetResponse,
  },
  {
    method: "POST",
    path: "/admin/unlock-user/:id",
    spec: "odin",
    summary: "Unlock an account locked after failed sign-ins (an admin of its agency, or the owner)",
    params: ZIdParams,
    response: ZSuccessMessage,
  },
  {
    method: "DELETE",
    path: "/admin/delete-user/:id",
    spec: "001",
    summary: "Delete a user of the admin's agency",
    params: ZIdParams,
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "GET",
    path: "/download-template",
    spec: "001",
    summary: "CSV template for the bulk user upload",
    response: "binary",
    binaryTypes: ["text/csv"],
  },
  {
    method: "POST",
    path: "/bulk-upload-users",
    spec: "001",
    summary: "Add users from a CSV file",
    body: z.looseObject({}),
    contentType: "multipart",
    files: ["file"],
    response: ZBulkUploadResponse,
  },
] as const satisfies readonly Endpoint[];
