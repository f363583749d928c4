/**
 * The SCIM discovery documents (RFC 7644 §4, RFC 7643 §5-7): what Odin's SCIM service supports, its
 * two resource types and the attributes of their schemas that Odin keeps. Attributes a client sends
 * beyond these (title, phone numbers, the enterprise extension...) are accepted and not kept.
 */
import { SCIM_MAX_RESULTS, SCIM_SCHEMAS, ScimError, listResponse } from "./scim-protocol";

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "OAuth Bearer Token",
        description:
          "The agency's SCIM token, made by an agency admin on Odin's admin screen (Authorization: Bearer <token>).",
        specUri: "https://www.rfc-editor.org/info/rfc6750",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${baseUrl}/ServiceProviderConfig` },
  };
}

const RESOURCE_TYPES = [
  { id: "User", name: "User", endpoint: "/Users", description: "An Odin account", schema: SCIM_SCHEMAS.user },
  {
    id: "Group",
    name: "Group",
    endpoint: "/Groups",
    description: "A group of the agency's identity provider",
    schema: SCIM_SCHEMAS.group,
  },
] as const;

function resourceType(type: (typeof RESOURCE_TYPES)[number], baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.resourceType],
    ...type,
    meta: { resourceType: "ResourceType", location: `${baseUrl}/ResourceTypes/${type.id}` },
  };
}

export function resourceTypes(baseUrl: string) {
  const all = RESOURCE_TYPES.map((type) => resourceType(type, baseUrl));
  return listResponse(all, all.length, 1);
}

export function oneResourceType(id: string, baseUrl: string) {
  const type = RESOURCE_TYPES.find((candidate) => candidate.id === id);
  if (!type) throw new ScimError(404, `No resource type ${id}.`);
  return resourceType(type, baseUrl);
}

interface SchemaAttribute {
  name: string;
  type: "string" | "boolean" | "complex" | "reference" | "dateTime";
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: "readOnly" | "readWrite" | "immutable" | "writeOnly";
  returned: "always" | "default" | "never" | "request";
  uniqueness: "none" | "server" | "global";
  subAttributes?: SchemaAttribute[];
  referenceTypes?: string[];
}

function attribute(
  name: string,
  description: string,
  options: Partial<Omit<SchemaAttribute, "name" | "description">> = {},
): SchemaAttribute {
  return {
    name,
    type: "string",
    multiValued: false,
    description,
    required: false,
    caseExact: false,
    mutability: "readWrite",
    returned: "default",
    uniqueness: "none",
    ...options,
  };
}

const USER_ATTRIBUTES = [
  attribute("userName", "The Odin username (kept as sent; unique without regard to case).", {
    required: true,
    uniqueness: "server",
  }),
  attribute("name", "The person's name; Odin shows displayName, else these parts.", {
    type: "complex",
    subAttributes: [
      attribute("formatted", "The full name."),
      attribute("familyName", "The family name."),
      attribute("givenName", "The given name."),
      attribute("middleName", "The middle name."),
    ],
  }),
  attribute("displayName", "The name Odin shows."),
  attribute("active", "False switches the account off and ends its sessions at once.", { type: "boolean" }),
  attribute("emails", "The account's e-mail (Odin keeps one: the primary, else the work one; lower-cased).", {
    type: "complex",
    multiValued: true,
    uniqueness: "server",
    subAttributes: [
      attribute("value", "The e-mail address."),
      attribute("type", "work"),
      attribute("primary", "Always true.", { type: "boolean" }),
    ],
  }),
];

const GROUP_ATTRIBUTES = [
  attribute("displayName", "The group's name (unique in the agency); mapping rules on `groups` match it.", {
    required: true,
    uniqueness: "server",
  }),
  attribute("members", "The group's users.", {
    type: "complex",
    multiValued: true,
    subAttributes: [
      attribute("value", "The user's id.", { mutability: "immutable" }),
      attribute("display", "The user's username.", { mutability: "readOnly" }),
      attribute("$ref", "The user's URI.", {
        type: "reference",
        referenceTypes: ["User"],
        mutability: "immutable",
      }),
      attribute("type", "User", { mutability: "immutable" }),
    ],
  }),
];

const SCHEMAS = [
  { id: SCIM_SCHEMAS.user, name: "User", description: "User Account", attributes: USER_ATTRIBUTES },
  { id: SCIM_SCHEMAS.group, name: "Group", description: "Group", attributes: GROUP_ATTRIBUTES },
];

function schemaDocument(schema: (typeof SCHEMAS)[number], baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.schema],
    ...schema,
    meta: { resourceType: "Schema", location: `${baseUrl}/Schemas/${schema.id}` },
  };
}

export function schemas(baseUrl: string) {
  const all = SCHEMAS.map((schema) => schemaDocument(schema, baseUrl));
  return listResponse(all, all.length, 1);
}

export function oneSchema(id: string, baseUrl: string) {
  const schema = SCHEMAS.find((candidate) => candidate.id === id);
  if (!schema) throw new ScimError(404, `No schema ${id}.`);
  return schemaDocument(schema, baseUrl);
}
