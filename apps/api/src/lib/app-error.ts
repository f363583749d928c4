import { ERROR_STATUS, type ErrorCode, type TFieldIssue } from "@odin/contract";

/**
 * The one error type services throw. The error handler turns it into the contract's shape
 * `{ error: { code, message } }`, with the status taken from the contract's code → status map.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: TFieldIssue[],
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
