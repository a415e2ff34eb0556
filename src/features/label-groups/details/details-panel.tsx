import type { ReactNode } from 'react';
import { CopyButton } from '@/components/copy-button';
import { Fact } from '@/components/fact';
import { useCatalog, useLocale } from '@/lib/i18n';
import { dateTimeOrRaw, labelGroupsCatalogs, type LabelGroupsTexts } from '../strings';
import type { GroupNode, LabelNode, TreeNode } from '../model/tree-model';

/** All fields of the selected group or label. */
export function DetailsPanel({ node }: { node: TreeNode | null }) {
  const { details } = useCatalog(labelGroupsCatalogs);
  return (
    // data-selected: on a narrow screen the panel of a selection sits at the bottom of the window, in view.
    <aside aria-label={details.name} className="lg-details" data-selected={node !== null || undefined}>
      {node === null ? <p className="muted">{details.empty}</p> : <NodeDetails node={node} />}
    </aside>
  );
}

/** The node's fields, and a button that copies its group's ID: a label has none of its own. */
function NodeDetails({ node }: { node: TreeNode }) {
  const { details, copy } = useCatalog(labelGroupsCatalogs);
  const isGroup = node.kind === 'group';
  const id = (isGroup ? node : node.parent).group.id;
  return (
    <>
      <h2 className="lg-details-title">
        <span className="lg-details-kind">{isGroup ? details.group : details.label}</span> {node.title}
      </h2>
      <dl className="lg-fields">{isGroup ? <GroupFields node={node} /> : <LabelFields node={node} />}</dl>
      {id !== null ? (
        // Where copying fails the ID is in the fields above, to copy by hand.
        <CopyButton
          key={node.key}
          className="lg-copy"
          label={isGroup ? details.copyId : details.copyGroupId}
          getText={() => String(id)}
          copiedMessage={() => (
            <>
              <span aria-hidden="true">✓ </span>
              {copy.copied}
            </>
          )}
          failedMessage={copy.failed}
          unavailableMessage={copy.unavailable}
        />
      ) : (
        <p className="muted">{isGroup ? details.groupHasNoId : details.labelHasNoId}</p>
      )}
    </>
  );
}

function None({ children }: { children: string }) {
  return <span className="lg-placeholder">{children}</span>;
}

function DateField({ term, iso }: { term: string; iso: string | null }) {
  const { locale } = useLocale();
  const { details } = labelGroupsCatalogs[locale];
  return (
    <Fact term={term}>
      {iso === null ? (
        <None>{details.none}</None>
      ) : (
        <>
          <time dateTime={iso}>{dateTimeOrRaw(locale, iso)}</time> <code className="lg-raw">{iso}</code>
        </>
      )}
    </Fact>
  );
}

function parentOf(node: GroupNode, texts: LabelGroupsTexts): ReactNode {
  const parentId = node.group.group_id;
  if (parentId === null) return <None>{texts.details.topLevel}</None>;
  if (node.parent !== null) return texts.details.parentNamed(parentId, node.parent.title);
  if (node.parentIssue !== null) return texts.details.parentWithIssue(parentId, texts.parentIssue(node.parentIssue));
  return texts.details.parentId(parentId);
}

function GroupFields({ node }: { node: GroupNode }) {
  const texts = useCatalog(labelGroupsCatalogs);
  const { details } = texts;
  const { group } = node;
  const none = <None>{details.none}</None>;
  return (
    <>
      <Fact term={details.fields.id}>{group.id ?? none}</Fact>
      <Fact term={details.fields.name}>{group.name !== null && group.name !== '' ? group.name : none}</Fact>
      <Fact term={details.fields.parent}>{parentOf(node, texts)}</Fact>
      <DateField term={details.fields.created} iso={group.created_at} />
      <DateField term={details.fields.updated} iso={group.updated_at} />
      <Fact term={details.fields.labels}>{details.count(group.labels.length)}</Fact>
      <Fact term={details.fields.nestedGroups}>{details.count(node.childGroups.length)}</Fact>
    </>
  );
}

function LabelFields({ node }: { node: LabelNode }) {
  const { details } = useCatalog(labelGroupsCatalogs);
  const { label, parent } = node;
  const none = <None>{details.none}</None>;
  return (
    <>
      <Fact term={details.fields.description}>
        {label.description !== undefined && label.description !== '' ? label.description : none}
      </Fact>
      <Fact term={details.fields.type}>{label.type ?? none}</Fact>
      <Fact term={details.fields.additionalProperties}>
        {label.additionalProperties === undefined
          ? none
          : label.additionalProperties
            ? details.allowed
            : details.notAllowed}
      </Fact>
      <Fact term={details.fields.required}>
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
      </Fact>
      <Fact term={details.group}>{details.groupWithId(parent.title, parent.group.id)}</Fact>
      <Fact term={details.fields.position}>{details.position(node.index + 1, parent.labelCount)}</Fact>
    </>
  );
}
