import { MESSAGES } from "@odin/contract";
import { isApiError } from "@/lib/api-client";

/**
 * What a failed add-user shows, on the admin's and the owner's screens alike (001 §8): 502 is 'Auth0
 * provisioning failed: ' and the identity provider's reason (the error's message); another answer of
 * Odin's is its own message, any other answer 'An error occurred.'; no answer at all (network, a reply
 * that does not parse) 'Failed to add user.'.
 */
export function addUserFailure(error: unknown): { message: string; details: string[] } {
  if (!isApiError(error) || error.status === 0) return { message: MESSAGES.failedToAddUser, details: [] };
  if (error.status === 502) return { message: MESSAGES.auth0ProvisioningFailed + error.message, details: [] };
  if (!error.code) return { message: MESSAGES.anErrorOccurred, details: [] };
  const details = error.details.map((issue) => issue.message).filter((detail) => detail !== error.message);
  return { message: error.message || MESSAGES.anErrorOccurred, details };
}
