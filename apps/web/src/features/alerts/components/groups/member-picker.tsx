import type { TGroupMember, TUsersByAgency } from "@odin/contract";
import { Checkbox, CollapsibleSection } from "@/components/ui";

export interface MemberPickerProps {
  usersByAgency: TUsersByAgency;
  selected: readonly number[];
  onChange: (memberIds: number[]) => void;
  disabled?: boolean;
}

/**
 * Members by agency (001 §2): one collapsible checkbox list per agency, each with a select-all.
 * Agencies are sorted by name; a list starts open when it is the first or already has members ticked.
 */
export function MemberPicker({ usersByAgency, selected, onChange, disabled = false }: MemberPickerProps) {
  const agencies = Object.entries(usersByAgency).sort(([a], [b]) => a.localeCompare(b));
  const ticked = new Set(selected);
  if (agencies.length === 0) return <p className="text-muted">No users are available to add.</p>;

  const setTicked = (ids: readonly number[], on: boolean) => {
    const next = new Set(ticked);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange([...next].sort((a, b) => a - b));
  };

  return (
    <div className="member-picker">
      {agencies.map(([agency, users], index) => (
        <AgencyMembers
          key={agency}
          agency={agency}
          users={users}
          ticked={ticked}
          initiallyOpen={index === 0 || users.some((user) => ticked.has(user.id))}
          disabled={disabled}
          onToggle={setTicked}
        />
      ))}
    </div>
  );
}

interface AgencyMembersProps {
  agency: string;
  users: TGroupMember[];
  ticked: ReadonlySet<number>;
  initiallyOpen: boolean;
  disabled: boolean;
  onToggle: (ids: readonly number[], on: boolean) => void;
}

function AgencyMembers({ agency, users, ticked, initiallyOpen, disabled, onToggle }: AgencyMembersProps) {
  const ids = users.map((user) => user.id);
  const count = ids.filter((userId) => ticked.has(userId)).length;
  const sorted = [...users].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <CollapsibleSection
      className="member-agency"
      label={`${agency} members`}
      title={<span className="member-agency__name">{agency}</span>}
      count={`${count} of ${users.length} selected`}
      selectAll={
        users.length > 0
          ? {
              label: `Select all ${agency} users`,
              checked: count === users.length,
              indeterminate: count > 0 && count < users.length,
              disabled,
              onChange: (on) => onToggle(ids, on),
            }
          : undefined
      }
      initiallyOpen={initiallyOpen}
    >
      {users.length === 0 ? (
        <p className="text-muted">No users in this agency.</p>
      ) : (
        <ul className="checklist">
          {sorted.map((user) => (
            <li key={user.id}>
              <Checkbox
                label={
                  <>
                    <span className="member-agency__user">{user.name}</span>{" "}
                    <span className="member-agency__email">{user.email}</span>
                  </>
                }
                aria-label={`${user.name} (${user.email})`}
                checked={ticked.has(user.id)}
                disabled={disabled}
                onChange={(event) => onToggle([user.id], event.target.checked)}
              />
            </li>
          ))}
        </ul>
      )}
    </CollapsibleSection>
  );
}
