import { useQueryClient } from "@tanstack/react-query";
import { alertKeys } from "../../api/queries";
import { MESSAGES, type TEditGroupData } from "@odin/contract";
import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { FailureNotice } from "@/components/forms";
import { Button, buttonClassName, Card } from "@/components/ui";
import { toError } from "@/lib/error-reason";
import { saveGroup, type GroupFormValues } from "../../api/groups";
import { AddPlateForm } from "./add-plate-form";
import { BulkPlateUpload } from "./bulk-plate-upload";
import { DeleteGroupDialog } from "./delete-group-dialog";
import { EditPlatesList } from "./edit-plates-list";
import { GroupFields, useRequiredName } from "./group-fields";
import { helpfulDetail } from "./group-errors";
import { MemberPicker } from "./member-picker";
import { useGroupPlates } from "./use-group-plates";

type SaveState =
  { status: "idle" } | { status: "saving" } | { status: "failed"; message: string; details: string[] };

/**
 * The edit form, once the group is loaded (001 §2, §4, §5). The plate and CSV forms sit beside the
 * main form (forms cannot nest); Save Changes submits the main one with the new plates.
 */
export function EditGroupForm({ groupId, data }: { groupId: number; data: TEditGroupData }) {
  const formId = useId();
  const navigate = useNavigate();
  const plates = useGroupPlates(groupId, data.plates);
  const [values, setValues] = useState<GroupFormValues>({
    name: data.group.name,
    description: data.group.description ?? "",
    memberIds: data.group.member_ids,
    image: null,
  });
  const { nameRef, nameError, checkName } = useRequiredName();
  const [save, setSave] = useState<SaveState>({ status: "idle" });
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checkName(values.name)) return;
    setSave({ status: "saving" });
    try {
      const reply = await saveGroup(groupId, values, plates.added);
      // The group's screens load it anew (no flash of the old name); the list follows.
      queryClient.removeQueries({ queryKey: alertKeys.group(groupId) });
      void queryClient.invalidateQueries({ queryKey: alertKeys.groups });
      void navigate(`/groups/${groupId}`, { state: { notice: reply.message } });
    } catch (error) {
      const message = MESSAGES.updateFailed(toError(error).message);
      setSave({ status: "failed", message, details: helpfulDetail(error).details });
    }
  };

  const saving = save.status === "saving";
  return (
    <>
      <form id={formId} className="group-form" onSubmit={(event) => void submit(event)} noValidate>
        <Card title="Group">
          <GroupFields
            values={values}
            onChange={setValues}
            nameError={nameError}
            nameRef={nameRef}
            currentImageUrl={data.group.image_url}
            disabled={saving}
          />
        </Card>
        <Card title="Members">
          <MemberPicker
            usersByAgency={data.users_by_agency}
            selected={values.memberIds}
            disabled={saving}
            onChange={(memberIds) => setValues({ ...values, memberIds })}
          />
        </Card>
      </form>
      <Card title="Hotlist plates">
        <AddPlateForm
          onAdd={plates.add}
          refusal={(plate) => plates.refusal(plate, values.name.trim() || data.group.name)}
          disabled={saving}
        />
        <h3 className="group-form__subtitle">Plates on this hotlist</h3>
        <EditPlatesList
          saved={plates.saved}
          added={plates.added}
          removing={plates.removing}
          error={plates.error}
          disabled={saving}
          onRemoveSaved={(plate) => void plates.remove(plate)}
          onDropAdded={plates.drop}
        />
      </Card>
      <Card title="Bulk CSV upload">
        <BulkPlateUpload groupId={groupId} onUploaded={plates.reload} />
      </Card>
      {save.status === "failed" && <FailureNotice title={save.message} details={save.details} />}
      <div className="form-actions group-form__actions">
        <Button type="submit" form={formId} busy={saving}>
          {saving ? MESSAGES.saving : MESSAGES.saveChanges}
        </Button>
        <Link to={`/groups/${groupId}`} className={buttonClassName("secondary")}>
          {MESSAGES.cancel}
        </Link>
        <Button
          variant="danger"
          className="group-form__delete"
          disabled={saving}
          onClick={() => setDeleting(true)}
        >
          {MESSAGES.deleteGroup}
        </Button>
      </div>
      <DeleteGroupDialog
        groupId={groupId}
        name={data.group.name}
        open={deleting}
        onClose={() => setDeleting(false)}
      />
    </>
  );
}
