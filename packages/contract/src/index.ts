/** @odin/contract: the API contract shared by the server and the web app (pure zod + TypeScript). */
export * from "./routes";

export * from "./constants/app";
export * from "./constants/time";
export * from "./constants/vehicles";
export * from "./constants/us-states";
export * from "./constants/password";

export * from "./messages";
export * from "./errors";
export * from "./common";
export * from "./plates";
export * from "./geo";

export * from "./entities/search-request";
export * from "./entities/investigations";
export * from "./entities/detection";
export * from "./entities/export-record";
export * from "./entities/agencies";
export * from "./entities/users";
export * from "./entities/hotlists";
export * from "./entities/alerts";
export * from "./entities/integrations";
export * from "./entities/cameras";
export * from "./entities/audit";
export * from "./entities/permissions";
export * from "./entities/case-fields";

export * from "./calls/account";
export * from "./calls/scim";
export * from "./calls/api-clients";
export * from "./calls/identity";
export * from "./calls/search";
export * from "./calls/investigations";
export * from "./calls/images";
export * from "./calls/exports";
export * from "./calls/hotlists";
export * from "./calls/alert-stream";
export * from "./calls/alert-desk";
export * from "./calls/alert-delivery";
export * from "./calls/alert-webhooks";
export * from "./calls/groups";
export * from "./calls/admin";
export * from "./calls/integrations";
export * from "./calls/owner";
export * from "./calls/owner-agencies";
export * from "./calls/mfa";
export * from "./calls/audit";
export * from "./calls/ingest";
export * from "./calls/geocode";
export * from "./calls/axis-integrations";
export * from "./calls/camera-health";
export * from "./calls/accountability";
export * from "./calls/review";
export * from "./calls/transparency";
export * from "./calls/retention";

export * from "./endpoint";
export * from "./endpoints";
export * from "./app-config";
export * from "./examples";
export * from "./webhook-events";
