/**
 * Every message of both specs' section 8 and the other quoted interface strings, with their exact text:
 * existing users and clients know these words. Messages with a "{...}" slot are functions.
 * The last block holds replies the specs do not show; their wording is Odin's choice.
 */
export const MESSAGES = {
  // Sign-in and shell (000)
  loading: "Loading...",
  authError: (message: string) => `Auth error: ${message}`,
  preparingSession: "preparing your session",
  /** Odin's wording around the spec's quoted fragment 'preparing your session'. */
  welcomePreparingSession: (email: string) => `Welcome, ${email}: preparing your session`,
  unexpectedApplicationError: "Unexpected Application Error!",
  /** The spec names the situation, not the text: Odin's choice. */
  tokenGetterNotSet: "The access token getter is not set: mount the auth provider first.",
  signInRequired: "You need to sign in to view this page.",
  accessDenied: "Access Denied",

  // Search (000)
  searchTitle: "Search LPR Records",
  /** The loading modal names the product and says 'searches...'. */
  searchInProgress: "Odin searches...",
  justificationAndDateRangeRequired: "Justification and date range are required.",
  searchFailed: "Search failed.",
  noTimeRangeSelected: "No time range selected",
  timeRangeLabel: (preset: string, start: string, end: string) => `${preset} (from ${start} to ${end})`,

  // Results, detail and map (000)
  noResultsFound: "No results found.",
  tableView: "Table View",
  mapView: "Map View",
  exportSelectedToPdf: "Export Selected to PDF",
  exportSelectedToZip: "Export Selected to ZIP",
  refinePreviousSearch: "Refine Previous Search",
  nearestAddress: "Nearest Address",
  notAvailable: "N/A",
  plateLabel: (plate: string) => `Plate: ${plate}`,
  vehicleImageUnavailable: "Vehicle image unavailable",
  fullScreen: "Full Screen",
  exitFullScreen: "Exit Full Screen",
  openInGoogleMaps: "Open in Google Maps",
  unavailable: "Unavailable",

  // Export (000)
  exportInProgress: "Please Wait While Odin Finishes Your Report",
  selectAtLeastOneResult: "Please select at least one result.",
  justificationRequired: "Justification is required.",
  failedToGeneratePdf: "Failed to generate PDF.",
  failedToGenerateZip: "Failed to generate ZIP.",
  pdfExportError: "Something went wrong during PDF export.",
  zipExportError: "Something went wrong during ZIP export.",

  // Add plate to hotlist from a result (000)
  addPlateToHotlist: "Add Plate to Hotlist",
  selectGroupPlaceholder: "Select a group",
  reasonRequiredLabel: "Reason (required)",
  plateStateOptionalLabel: "Plate State (optional)",
  notesOptionalLabel: "Notes (optional)",
  saving: "Saving...",
  failedToLoadGroups: "Failed to load groups.",
  selectGroupAndReason: "Please select a group and enter a reason.",
  failedToAddPlateToHotlist: "Failed to add plate to hotlist.",
  addedPlateToHotlist: (plate: string, groupName: string) =>
    `Successfully added '${plate}' to '${groupName}'`,
  unknownGroup: "Unknown Group",

  // Profile and password (001)
  sendResetLink: "Email me a secure reset link",
  sending: "Sending…",
  passwordResetEmailSent: "Password reset email sent. Check your inbox.",
  errorLoadingProfile: "Error loading profile data.",
  passwordsDoNotMatch: "Passwords do not match!",
  passwordUpdated: "Password updated successfully",
  failedToUpdatePassword: "Failed to update password.",

  // Alert groups (001)
  lastAlert: "Last Alert",
  noAlertsYet: "No alerts yet",
  viewAlerts: "View Alerts",
  activatePushAlerts: "Activate push alerts for the iOS/Android app",
  addGroup: "+ Add Group",
  editAlertsPermissions: "Edit Alerts Permissions",
  noGroupsToDisplay: "No groups to display.",
  noAlertsForGroup: "No alerts found for this group.",
  addedToHotlist: "Added to Hotlist",
  editGroup: "Edit Group",
  saveChanges: "Save Changes",
  cancel: "Cancel",
  deleteGroup: "Delete Group",
  noImage: "No Image",
  groupNameRequired: "Group name is required.",
  updateFailed: (detail: string) => `Update failed: ${detail}`,
  failedToRemovePlate: "Failed to remove plate.",
  failedToArchiveGroup: (detail: string) => `Failed to archive group: ${detail}`,
  uploadFailed: (detail: string) => `Upload failed: ${detail}`,
  errorCreatingGroup: "Error creating group. Please try again.",
  failedToLoadAttachment: "Failed to load attachment.",
  groupNotFound: "Group not found or failed to load.",
  bulkModeAdd: "Add Plates",
  bulkModeReplace: "Replace All Plates",
  couldNotLoadAgencyUsers: "Could not load agency users.",

  // Administration (001)
  editRole: "Edit Role",
  sendReset: "Send Reset",
  deleteUser: "Delete User",
  resetPassword: "Reset Password",
  userAdded: "User added successfully.",
  /** Followed by the identity provider's details on a 502. */
  auth0ProvisioningFailed: "Auth0 provisioning failed: ",
  anErrorOccurred: "An error occurred.",
  failedToAddUser: "Failed to add user.",
  failedToFetchAdminData: "Failed to fetch admin data.",
  failedToUpdateRole: "Failed to update role.",
  failedToDeleteUser: "Failed to delete user.",
  failedToDownloadTemplate: "Failed to download template.",
  errorUploadingUsers: "Error uploading users.",

  // Integrations (001)
  manageRekor: "Manage Rekor",
  manageAxon: "Manage Axon",
  errorAddingApiKey: "Error adding API key.",
  errorDeletingApiKey: "Error deleting API key.",
  failedToFetchApiKeys: "Failed to fetch API keys.",
  errorLoadingAxonIntegration: "Error loading Axon integration.",
  unknownError: "Unknown error.",

  // Owner and cameras (001)
  saveFailed: "Save failed.",

  // Server replies and validation texts the specs do not show: Odin's choice.
  endBeforeStart: "The end of the date range must not be before its start.",
  invalidDateTime: "Must be an ISO 8601 date-time with a time zone.",
  plateNumberRequired: "Plate number is required.",
  /** Issue 36 (F18): a searched plate that would match (nearly) every read (plates.ts). */
  plateNeedsCharacter: "A plate needs at least one letter or digit.",
  plateWildcardTooBroad: "A plate with * or ? needs at least 2 letters or digits besides them.",
  plateCharactersInvalid: "A plate holds only letters and digits; * and ? are its only wildcards.",
  /** POST /search-data/next (issue 21): a cursor that is not Odin's, not this user's or search's, or too old. */
  searchPageCursorInvalid: "These results can no longer be continued. Search again to see older results.",
  // Investigations (issue 22)
  investigationPlaceRequired: "Draw an area on the map or pick at least one camera.",
  investigationPlateRequired: "Enter the plate to investigate.",
  investigationPlacesCount: "Give two to five places, each with its time window.",
  matchStrategyInvalid: "Match strategy must be Exact or Lenient.",
  /** Issue 19: a read dated before 2000 or more than a day ahead (results table and detail). */
  absurdDateWarning: "Implausible date: the camera's clock may be wrong. This read raised no alert.",
  absurdDateShort: "Implausible date",
  usernameRequired: "Username is required.",
  nameRequired: "Full name is required.",
  emailInvalid: "A valid email address is required.",
  passwordRequired: "Password is required.",
  agencyAndApiKeyRequired: "Agency and API key are required.",
  axonFieldsRequired: "Client ID, Client Secret, Partner ID and Base URL are required.",
  sessionRevoked: "Session revoked.",
  plateAddedToHotlist: "Plate added to hotlist.",
  /**
   * 409 (issue 17): a plate is listed once per group, compared without case, spaces or dashes and with
   * its state (no state is its own entry). The plate is named as the person typed it this time
   * (trimmed and upper case, as the plate would be stored), not as the entry already listed spells it.
   */
  plateAlreadyOnGroup: (plate: string, groupName: string) => `'${plate}' is already on '${groupName}'`,
  /** 409 detail of a CSV row repeating an earlier row of the same file. */
  plateRepeatsLine: (plate: string, line: number) => `'${plate}' repeats line ${line} of the file`,
  /** 409 detail of a plate of the group form repeating an earlier plate of the same form (numbered from 1). */
  plateRepeatsFormPlate: (plate: string, position: number) =>
    `'${plate}' repeats plate ${position} of the form`,
  /** 409 of a CSV or a form with more than one repeated plate (each is named in the details). */
  platesAlreadyListed: (count: number, groupName: string) =>
    `${count} plates are already on '${groupName}' or repeat another, so nothing was added.`,
  groupCreated: "Group created.",
  groupUpdated: "Group updated.",
  plateRemoved: "Plate removed.",
  groupArchived: "Group archived.",
  platesUploaded: (count: number) => `${count} plate(s) uploaded.`,
  permissionsUpdated: "Permissions updated.",
  roleUpdated: "Role updated.",
  userDeleted: "User deleted.",
  usersUploaded: (count: number) => `${count} user(s) added.`,
  apiKeyAdded: "API key added.",
  apiKeysUploaded: (count: number) => `${count} API key(s) added.`,
  apiKeyDeleted: "API key deleted.",
  /** Rekor webhook tokens (Odin's own call): shown once, as the new Axis ingest tokens are. */
  webhookTokenIssued: "Webhook token issued.",
  webhookTokenRotated: "Webhook token rotated: the old token no longer works.",
  webhookTokenCopyNow: "Copy it now: it is not shown again.",
  webhookTokenFailed: "Could not issue the webhook token.",
  axonIntegrationAdded: "Axon integration added.",
  axonIntegrationDeleted: "Axon integration deleted.",
  agencyBlacklisted: "Agency moved to the blacklist.",
  agencyUnblacklisted: "Agency removed from the blacklist.",
  exportTooManyRecords: (max: number) =>
    `An export can hold at most ${max} records. Select fewer and export again.`,
  /** The audit row of an export could not be written, so the export was not made (503). */
  exportNotAudited: "The export could not be recorded in the audit log, so it was not made. Try again.",
  /** No selected record carries a reference Odin can still vouch for (issue 17): 400. */
  exportNoValidRecords:
    "None of the selected records can be exported: their references are missing, expired or not yours. Search again and export from the new results.",
  /** A report's note on the selected records it does not contain (issue 17). */
  exportLeftOut: (count: number) =>
    `${count} selected record(s) left out: their reference is missing, expired, altered or no longer within your access.`,
  /** The owner screen counts a reset as done only when the reply contains 'successfully' (001 section 4). */
  userPasswordReset: "Password reset successfully.",

  // Interface texts the specs do not show: Odin's choice.
  /** Under the search features, and on results of a search that ticked one: no program reports them. */
  featuresNotApplied:
    "Rekor, Axon and RAVEN do not report these features yet: they are kept with the search in the audit " +
    "log but do not narrow the results.",
  featuresNotAppliedTitle: "Features were not applied",
  /** My Alert Groups for a user without an agency (the owner): groups belong to an agency. */
  groupsNeedAnAgency: "Hotlist groups belong to an agency, and this account has none.",
  unlock: "Unlock",
  unlockHint: "Clear a lockout after failed sign-ins",

  // RAVEN (Axis LPV) integrations and camera health: Odin's own screens.
  manageRaven: "Manage RAVEN",
  ravenTitle: "RAVEN cameras",
  axisIdentifierInUse: (identifier: string) => `The identifier '${identifier}' is already in use.`,
  axisIntegrationNotFound: "RAVEN integration not found.",
  axisIntegrationCreated: (name: string) => `RAVEN integration '${name}' created.`,
  axisTokenRotated: (name: string) =>
    `New ingest token for '${name}'. The old token is refused from now on: enter the new one in the camera.`,
  axisIntegrationPaused: (name: string) => `'${name}' is paused: its pushes are refused until you resume it.`,
  axisIntegrationResumed: (name: string) => `'${name}' is resumed: its pushes are accepted again.`,
  axisIntegrationDeleted: (name: string) =>
    `'${name}' is deleted. Its stored reads stay searchable until retention removes them.`,
  axisNameRequired: "A name is required.",
  axisIdentifierRules:
    "The identifier is 3 to 64 characters: lower-case letters, digits, dots, dashes or underscores, starting with a letter or digit.",
  axisCoordinatesBoth: "Give both the latitude and the longitude, or neither.",
  /** The one time an ingest token is shown. */
  copyTokenNow: "Copy it now: it is not shown again.",
  /** What a paused integration's camera is answered (423). */
  axisPushPaused:
    "This RAVEN integration is paused in Odin: reads are refused until an administrator resumes it.",
  /** What a deleted integration's camera is answered (410). */
  axisPushDeleted:
    "This RAVEN integration was deleted in Odin: remove this push destination from the camera.",
  failedToLoadAxisIntegrations: "Failed to load RAVEN integrations.",
  failedToLoadCameraHealth: "Failed to load camera health.",
  cameraHealth: "Camera health",
  silentCameras: (count: number, minutes: number) =>
    `${count} camera${count === 1 ? "" : "s"} silent: nothing received for more than ${minutes} minutes.`,
  // Agency management by the owner (issue 15): Odin's own calls and screens.
  agencyNameRequired: "Agency name is required.",
  agencyCodeInvalid: "The code must be 2 to 10 letters or digits (for example HPD).",
  timeZoneInvalid: "Choose a time zone from the list (an IANA name such as America/New_York).",
  retentionDaysInvalid: "Retention must be a whole number of days from 1 to 3650, or empty for the default.",
  nothingToChange: "Nothing to change.",
  agencyNameTaken: (name: string) => `An agency named '${name}' already exists.`,
  agencyCodeTaken: (code: string) => `An agency with the code '${code}' already exists.`,
  agencyNotFound: "Agency not found.",
  agencyCreated: (name: string) => `Agency '${name}' added.`,
  agencyUpdated: (name: string) => `Agency '${name}' saved.`,
  agencyDeactivated: (name: string) => `'${name}' deactivated: its users can no longer sign in.`,
  agencyReactivated: (name: string) => `'${name}' reactivated: its users can sign in again.`,
  /** Sign-in page and every call of a signed-in user whose agency the owner deactivated (403). */
  /** Odin's (issue 34): a sign-in through the agency's identity provider that no account matches. */
  noAccountForSignIn: "No Odin account matches this sign-in. Ask your agency's admin to add you.",
  /** Odin's (issue 34): a 401 the web app could not refresh. */
  sessionEnded: "Your session ended: sign in again.",
  agencyAccessDeactivated: "Your agency's access to Odin has been deactivated. Contact the system owner.",
  /** The owner's add-user names a deactivated agency. */
  agencyDeactivatedNoNewUsers: "This agency is deactivated. Reactivate it before adding users.",
} as const;

export type MessageKey = keyof typeof MESSAGES;
