import { z } from "zod";
import { ZIdInput, ZSuccessMessage, idInput } from "../common";
import type { Endpoint } from "../endpoint";
import { ZAgency } from "../entities/agencies";
import { ZRekorCamera, ZRekorCameraUpdate } from "../entities/cameras";
import { ZAddUserRequest, ZNewPassword, ZOwnerUser } from "../entities/users";

export const ZOwnerDataResponse = z.object({
  users: z.array(ZOwnerUser),
  agencies: z.array(ZAgency),
});
export type TOwnerDataResponse = z.infer<typeof ZOwnerDataResponse>;

/** The owner's add-user: the admin's payload with the agency required. */
export const ZOwnerAddUserRequest = ZAddUserRequest.extend({
  agency_id: idInput("Select an agency"),
});
export type TOwnerAddUserRequest = z.infer<typeof ZOwnerAddUserRequest>;

/** ZOwnerAddUserRequest for the configured sign-in (see addUserRequestFor). */
export function ownerAddUserRequestFor(passwords: boolean) {
  return passwords
    ? ZOwnerAddUserRequest.extend({ password: ZNewPassword })
    : ZOwnerAddUserRequest.extend({
        password: z
          .string()
          .optional()
          .transform((): undefined => undefined),
      });
}

export const ZResetUserPasswordRequest = z.object({
  user_id: ZIdInput,
  new_password: ZNewPassword,
});
export type TResetUserPasswordRequest = z.infer<typeof ZResetUserPasswordRequest>;

export const ZRekorCamerasResponse = z.array(ZRekorCamera);
export type TRekorCamerasResponse = z.infer<typeof ZRekorCamerasResponse>;

export const ZAgenciesResponse = z.array(ZAgency);
export type TAgenciesResponse = z.infer<typeof ZAgenciesResponse>;

export const ZCameraIdParams = z.object({
  cameraId: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]),
});
export type TCameraIdParams = z.infer<typeof ZCameraIdParams>;

export const OWNER_ENDPOINTS = [
  {
    method: "GET",
    path: "/owner-data",
    spec: "001",
    summary: "Every user and agency, for the owner",
    response: ZOwnerDataResponse,
  },
  {
    method: "POST",
    path: "/owner/add-user",
    spec: "001",
    summary: "Add a user to any agency",
    body: ZOwnerAddUserRequest,
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "POST",
    path: "/admin/reset-user-password",
    spec: "001",
    summary: "The owner sets a user's temporary password",
    body: ZResetUserPasswordRequest,
    // the screen needs 'successfully' in message; the rest not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "GET",
    path: "/rekor-cameras",
    spec: "001",
    summary: "Rekor cameras with their corrected locations",
    response: ZRekorCamerasResponse,
  },
  {
    method: "GET",
    path: "/agencies-data",
    spec: "001",
    summary: "Every agency",
    response: ZAgenciesResponse,
  },
  {
    method: "PATCH",
    path: "/rekor-cameras/:cameraId",
    spec: "001",
    summary: "Correct a camera's location, agency and manual flag",
    params: ZCameraIdParams,
    body: ZRekorCameraUpdate,
    // not shown in the spec: Odin's choice (the saved camera)
    response: ZRekorCamera,
  },
] as const satisfies readonly Endpoint[];
