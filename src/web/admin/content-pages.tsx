import type { z } from 'zod';
import { useMemo, type ReactElement, type ReactNode } from 'react';
import {
  Create,
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  FunctionField,
  List,
  SearchInput,
  SimpleForm,
  SimpleList,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { EmptyState, Thumbnail, useIsSmall } from './list-layout.tsx';
import { PublicationActions, PublicationChip, type PublishedResource } from './content-publication.tsx';
import { schemaResolver } from './schema-resolver.ts';

type RecordText = (record: RaRecord) => ReactNode;

export interface ContentListProps {
  /** The search box's placeholder; the search is always shown, first. */
  search: string;
  /** Filters after the search box. */
  filters?: ReactElement[];
  sort: SortPayload;
  /** What the list says before the first item exists. */
  empty: { title: string; text: string };
  /** The picture column: its heading and which image of the item it shows. */
  image: { label: string; src: (record: RaRecord) => string | undefined };
  /** The lines under the name on phones, where the table gives way to a simple list. */
  secondaryText: RecordText;
  tertiaryText?: RecordText;
  /** The table's columns between the picture and the edit and delete buttons. */
  children: ReactNode;
  /** Events and news: a column (on phones, a line) with each entry's state. */
  publication?: boolean;
}

/**
 * The list of a content resource (events, news, partners): search and filters, the empty state, a table
 * of picture, columns, edit and delete on wide screens and a list of picture and name on phones. A
 * click on an item opens it for editing; deleting waits for the server. Its title is the resource's
 * label (admin-app.tsx).
 */
export function ContentList({
  search,
  filters,
  sort,
  empty,
  image,
  secondaryText,
  tertiaryText,
  children,
  publication = false,
}: ContentListProps) {
  const small = useIsSmall();
  const allFilters = useMemo(
    () => [<SearchInput key="q" source="q" alwaysOn placeholder={search} />, ...(filters ?? [])],
    [search, filters],
  );
  return (
    <List
      exporter={false}
      filters={allFilters}
      sort={sort}
      empty={<EmptyState title={empty.title} text={empty.text} />}
    >
      {small ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={
            publication
              ? (record) => (
                  <>
                    {secondaryText(record)}
                    <br />
                    <PublicationChip record={record} />
                  </>
                )
              : secondaryText
          }
          tertiaryText={tertiaryText}
          leftAvatar={(record) => <Thumbnail src={image.src(record)} />}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField
            label={image.label}
            sortable={false}
            render={(record: RaRecord) => <Thumbnail src={image.src(record)} />}
          />
          {children}
          {publication ? (
            <FunctionField
              label="Estado"
              sortable={false}
              render={(record: RaRecord) => <PublicationChip record={record} />}
            />
          ) : null}
          <EditButton />
          <DeleteButton mutationMode="pessimistic" />
        </Datagrid>
      )}
    </List>
  );
}

/** A content resource's creation page around its form: back to the list once saved. */
export function ContentCreate({ title, form }: { title: string; form: ReactElement }) {
  return (
    <Create title={title} redirect="list">
      {form}
    </Create>
  );
}

/**
 * A content resource's edit page around its form: saved once the server agrees, then back to the list.
 * Events and news add their preview and "Ver en el sitio" at the top.
 */
export function ContentEdit({
  title,
  form,
  publication,
}: {
  title: string;
  form: ReactElement;
  publication?: PublishedResource;
}) {
  return (
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect="list"
      {...(publication ? { actions: <PublicationActions resource={publication} /> } : {})}
    >
      {form}
    </Edit>
  );
}

/** The form of a content resource, as wide as it needs; every item has images, none to begin with. */
export function ContentForm({
  schema,
  maxWidth,
  defaultValues,
  children,
}: {
  /** The API's schema for this resource's input: the form refuses what the API would. */
  schema: z.ZodObject;
  maxWidth: number;
  defaultValues?: Record<string, unknown>;
  children: ReactNode;
}) {
  return (
    <SimpleForm
      defaultValues={{ images: [], ...defaultValues }}
      resolver={schemaResolver(schema)}
      sx={{ maxWidth }}
    >
      {children}
    </SimpleForm>
  );
}
