import { bindServices } from "../../lib/bind-services";
import type { Database } from "../../lib/database";
import type { BlobStore } from "../../storage/blob-store";
import type { Actor } from "../../access/actor";
import { createAttachmentLinks } from "./attachment-links";
import { getCreateData, getEditData, getGroupDetails, listGroupCards, openGroupImage } from "./group-queries";
import { archiveGroup, createGroup, editGroup } from "./groups.service";
import { createHotlistFiles } from "./hotlist-files";
import { listAgencyUsers, updatePermissions } from "./permissions.service";
import {
  addPlateDirect,
  attachmentUrl,
  openAttachment,
  removePlate,
  uploadPlates,
  type PlateDeps,
} from "./plates.service";

export interface HotlistsServiceOptions {
  database: Database;
  /** Where attachments and group pictures are kept (the file store's `hotlists/`), outside the web root. */
  files: BlobStore;
  publicUrl: string;
  /** HMAC key of the attachment links (secrets.derive("hotlist-attachments")). */
  attachmentKey: string;
}

/**
 * What the hotlist routes receive (issue 39 item 2): groups, their plates, files and permissions, built
 * once by the composition root from the database, the file store and the attachment links' key.
 */
export function hotlistsServiceFactory({
  database,
  files,
  publicUrl,
  attachmentKey,
}: HotlistsServiceOptions) {
  const deps: PlateDeps = {
    prisma: database,
    files: createHotlistFiles(files),
    links: createAttachmentLinks(attachmentKey),
    publicUrl,
  };
  return {
    ...bindServices(database, {
      listGroupCards,
      getGroupDetails,
      getEditData,
      getCreateData,
      listAgencyUsers,
      updatePermissions,
    }),
    ...bindServices(deps, {
      addPlateDirect,
      createGroup,
      editGroup,
      archiveGroup,
      uploadPlates,
      removePlate,
      attachmentUrl,
      openAttachment,
    }),
    openGroupImage: (actor: Actor, groupId: number) => openGroupImage(database, deps.files, actor, groupId),
  };
}
export type HotlistsService = ReturnType<typeof hotlistsServiceFactory>;
