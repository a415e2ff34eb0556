import type { ReactNode } from 'react';
import { formatDateTime } from '../format';
import type { GroupNode, LabelNode, TreeNode } from '../tree-model';
import { CopyIdButton } from './copy-id-button';
import { parentIssueText } from './tree-item-content';

export interface DetailsPanelProps {
  node: TreeNode | null;
}

/** All fields of the selected group or label. */
export function DetailsPanel({ node }: DetailsPanelProps) {
  return (
    <aside aria-label="Details" className="lg-details">
      {node === null ? (
        <p className="muted">Select a group or a label to see its details.</p>
      ) : node.kind === 'group' ? (
        <GroupDetails node={node} />
      ) : (
        <LabelDetails node={node} />
      )}
    </aside>
  );
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="lg-field">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const none = <span className="lg-placeholder">none</span>;

function DateField({ term, iso }: { term: string; iso: string | null }) {
  return (
    <Field term={term}>
      {iso === null ? (
        none
      ) : (
        <>
          <time dateTime={iso}>{formatDateTime(iso)}</time> <code className="lg-raw">{iso}</code>
        </>
      )}
    </Field>
  );
}

function GroupDetails({ node }: { node: GroupNode }) {
  const { group } = node;
  let parent: ReactNode;
  if (group.group_id === null) parent = <span className="lg-placeholder">none (top level)</span>;
  else if (node.parent !== null) parent = `#${group.group_id}: ${node.parent.title}`;
  else if (node.parentIssue !== null) parent = `#${group.group_id} (${parentIssueText(node.parentIssue)}; shown at the top level)`;
  else parent = `#${group.group_id}`;
  return (
    <>
      <h2 className="lg-details-title">
        <span className="lg-details-kind">Group</span> {node.title}
      </h2>
      <dl className="lg-fields">
        <Field term="ID">{group.id ?? none}</Field>
        <Field term="Name">{group.name !== null && group.name !== '' ? group.name : none}</Field>
        <Field term="Parent group (group_id)">{parent}</Field>
        <DateField term="Created" iso={group.created_at} />
        <DateField term="Updated" iso={group.updated_at} />
        <Field term="Labels">{group.labels.length}</Field>
        <Field term="Nested groups">{node.childGroups.length}</Field>
      </dl>
      {group.id !== null ? (
        <CopyIdButton key={node.key} value={group.id}>
          Copy ID
        </CopyIdButton>
      ) : (
        <p className="muted">This group has no ID to copy.</p>
      )}
    </>
  );
}

function LabelDetails({ node }: { node: LabelNode }) {
  const { label, parent } = node;
  const parentId = parent.group.id;
  return (
    <>
      <h2 className="lg-details-title">
        <span className="lg-details-kind">Label</span> {node.title}
      </h2>
      <dl className="lg-fields">
        <Field term="Description">
          {label.description !== undefined && label.description !== '' ? label.description : none}
        </Field>
        <Field term="Type">{label.type ?? none}</Field>
        <Field term="Additional properties">
          {label.additionalProperties === undefined ? none : label.additionalProperties ? 'Allowed' : 'Not allowed'}
        </Field>
        <Field term="Required">
          {label.required !== undefined && label.required.length > 0 ? (
            <ul className="lg-required-list">
              {label.required.map((field, index) => (
                <li key={`${index}:${field}`}>
                  <code>{field}</code>
                </li>
              ))}
            </ul>
          ) : (
            none
          )}
        </Field>
        <Field term="Group">
          {parent.title}
          {parentId !== null && ` (#${parentId})`}
        </Field>
        <Field term="Position">
          {node.index + 1} of {parent.labels.length}
        </Field>
      </dl>
      {parentId !== null ? (
        <CopyIdButton key={node.key} value={parentId}>
          Copy group ID
        </CopyIdButton>
      ) : (
        <p className="muted">Labels have no ID of their own, and this label&apos;s group has none either.</p>
      )}
    </>
  );
}
