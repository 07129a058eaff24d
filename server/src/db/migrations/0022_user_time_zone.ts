import type { Kysely } from 'kysely';

/**
 * `users.time_zone`: the IANA time zone the user reads times in (the host's identity token's `zoneinfo` claim), null
 * while unknown. E-mails that name a time write it in the recipient's zone, else the document owner's, else UTC.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
