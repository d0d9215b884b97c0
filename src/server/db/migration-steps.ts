/**
 * Steps the migrations (migrations.ts) repeat, as functions for a table builder's $call. Each adds
 * exactly the columns it names, in the order given, so a migration written with them makes the
 * same table it made when it was written out column by column.
 */
import { sql, type ColumnDataType, type CreateTableBuilder, type Expression, type Kysely } from 'kysely';

type Table = CreateTableBuilder<string, string>;

/** NOT NULL columns without a default, in the order of `columns`. */
export function required(columns: Record<string, ColumnDataType>): (table: Table) => Table {
  return (table) => Object.entries(columns).reduce((built, [name, type]) => built.addColumn(name, type, (c) => c.notNull()), table);
}

/**
 * A queued message's delivery: how many attempts, when it was queued, is next due, was last tried
 * and sent, the last error, and the claim of the process sending it now with until when it holds
 * (a dead sender's lapses). The leads' notifications and the desk's notices have the same ones.
 */
export function deliveryColumns(table: Table): Table {
  return table
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('claim_token', 'text')
    .addColumn('claimed_until', 'timestamptz');
}

/** The check that a channel is one the notifications know. */
export const channelCheck = sql`channel in ('email', 'webhook')`;
/** The check that a delivery's state is one the senders write. */
export const stateCheck = sql`state in ('pending', 'sent', 'failed')`;

/** Adds a named check constraint to a table that exists. */
export async function addCheck(db: Kysely<unknown>, table: string, name: string, check: Expression<unknown>): Promise<void> {
  await db.schema.alterTable(table).addCheckConstraint(name, check).execute();
}

/** Drops a table's check constraint and adds it again with the new condition. */
export async function replaceCheck(db: Kysely<unknown>, table: string, name: string, check: Expression<unknown>): Promise<void> {
  await db.schema.alterTable(table).dropConstraint(name).execute();
  await addCheck(db, table, name, check);
}

/** Adds a NOT NULL column to a table that exists; the rows already there take `value`. */
export async function addRequiredColumn(db: Kysely<unknown>, table: string, name: string, type: ColumnDataType, value: string): Promise<void> {
  await db.schema
    .alterTable(table)
    .addColumn(name, type, (c) => c.notNull().defaultTo(value))
    .execute();
}
