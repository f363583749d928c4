import { GROUP_CREATED_REDIRECT_MS, MESSAGES } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { FailureNotice } from "@/components/forms";
import { Button, buttonClassName, Card, Modal, Notice, PageHeader, Spinner } from "@/components/ui";
import { queryViewState } from "@/components/layouts/query-view";
import { useInvalidate } from "@/lib/query-client";
import { createGroup, type GroupFormValues } from "../api/groups";
import { alertKeys, alertQueries } from "../api/queries";
import { GroupFields, useRequiredName } from "./groups/group-fields";
import { helpfulDetail } from "./groups/group-errors";
import { MemberPicker } from "./groups/member-picker";

const EMPTY: GroupFormValues = { name: "", description: "", memberIds: [], image: null };

type CreateState =
  | { status: "idle" }
  | { status: "saving" }
  | { status: "created"; message: string }
  | { status: "failed"; message: string | null; details: string[] };

/**
 * Route /create-group (001 §2, §4): name (required), description, image with preview, members by
 * agency; POST /groups/create-mobile. Success: a popup, then My Alert Groups after 2.5 s. Failure: an
 * error popup with the server's reason when it helps; the form keeps what was typed.
 */
export function CreateGroupScreen() {
  const navigate = useNavigate();
  const createData = useQuery(alertQueries.createData());
  const membersState = queryViewState(createData);
  const invalidate = useInvalidate();
  const [values, setValues] = useState<GroupFormValues>(EMPTY);
  const { nameRef, nameError, checkName } = useRequiredName();
  const [state, setState] = useState<CreateState>({ status: "idle" });

  useEffect(() => {
    if (state.status !== "created") return;
    const timer = setTimeout(() => void navigate("/alerts"), GROUP_CREATED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checkName(values.name)) return;
    setState({ status: "saving" });
    try {
      const reply = await createGroup(values);
      setState({ status: "created", message: reply.message });
      invalidate(alertKeys.groups);
    } catch (error) {
      setState({ status: "failed", ...helpfulDetail(error) });
    }
  };

  const busy = state.status === "saving" || state.status === "created";
  return (
    <>
      <PageHeader
        title="Create Group"
        eyebrow="Alerts"
        description="Start a new hotlist group and choose who receives its alerts."
      />
      <form className="group-form" onSubmit={(event) => void submit(event)} noValidate>
        <Card title="Group">
          <GroupFields
            values={values}
            onChange={setValues}
            nameError={nameError}
            nameRef={nameRef}
            disabled={busy}
          />
        </Card>
        <Card title="Members">
          {membersState === "loading" && <Spinner size="sm" label="Loading users..." />}
          {membersState === "error" && createData.error && (
            <div className="groups-error">
              <Notice tone="danger">The users could not be loaded. {createData.error.message}</Notice>
              <Button variant="secondary" size="sm" onClick={() => void createData.refetch()}>
                Retry
              </Button>
            </div>
          )}
          {membersState === "data" && createData.data && (
            <MemberPicker
              usersByAgency={createData.data.users_by_agency}
              selected={values.memberIds}
              disabled={busy}
              onChange={(memberIds) => setValues({ ...values, memberIds })}
            />
          )}
        </Card>
        <div className="form-actions group-form__actions">
          <Button type="submit" busy={state.status === "saving"} disabled={busy}>
            {state.status === "saving" ? MESSAGES.saving : "Create Group"}
          </Button>
          <Link to="/alerts" className={buttonClassName("secondary")}>
            {MESSAGES.cancel}
          </Link>
        </div>
      </form>
      <Modal
        open={state.status === "created"}
        title="Group created"
        size="sm"
        dismissible={false}
        onClose={() => undefined}
        footer={<Button onClick={() => void navigate("/alerts")}>Go to My Alert Groups</Button>}
      >
        <Notice tone="success">{state.status === "created" ? state.message : ""}</Notice>
        <p className="text-muted">Opening My Alert Groups...</p>
      </Modal>
      <Modal
        open={state.status === "failed"}
        title="Group not created"
        size="sm"
        onClose={() => setState({ status: "idle" })}
        footer={
          <Button variant="secondary" onClick={() => setState({ status: "idle" })}>
            Back to the form
          </Button>
        }
      >
        <FailureNotice
          title={MESSAGES.errorCreatingGroup}
          message={state.status === "failed" ? state.message : null}
          details={state.status === "failed" ? state.details : []}
        />
      </Modal>
    </>
  );
}
