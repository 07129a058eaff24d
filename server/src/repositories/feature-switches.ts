import type { Db } from '../services/users';

/** The stored switches among `names` (a name not stored is off). */
export function featureSwitchRows(db: Db, names: string[]) {
  return names.length ? db.selectFrom('feature_switches').select(['name', 'enabled']).where('name', 'in', names).execute() : Promise.resolve([]);
}

export async function setFeatureSwitch(db: Db, name: string, enabled: boolean): Promise<void> {
  await db
    .insertInto('feature_switches')
    .values({ name, enabled })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ enabled }))
    .execute();
}
