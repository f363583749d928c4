import type { TSuccessMessage } from "@odin/contract";

/** The contract's answer of a call that only reports success: `{ success: true, message }`. */
export const successMessage = (message: string): TSuccessMessage => ({ success: true, message });
