import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';

export interface ObservedQuery {
  sql: string;
  parameters: readonly unknown[];
}

/** Told about every statement the database receives (and every transaction), e.g. to count round trips. */
export interface QueryObserver {
  onQuery(query: ObservedQuery): void;
  onTransaction?(): void;
}

const TRANSACTION_CONTROL = /^\s*(begin|start transaction|commit|rollback)\b/i;

/**
 * Wraps a dialect so that `observer` sees each statement sent over a connection. The transaction's own
 * begin/commit are not counted as statements but reported once through onTransaction.
 */
export function observeDialect(dialect: Dialect, observer: QueryObserver): Dialect {
  const wrapConnection = (connection: DatabaseConnection): DatabaseConnection =>
    new Proxy(connection, {
      get(target, property) {
        if (property === 'executeQuery') {
          return (query: CompiledQuery) => {
            if (!TRANSACTION_CONTROL.test(query.sql)) observer.onQuery({ sql: query.sql, parameters: query.parameters });
            return target.executeQuery(query);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  const wrapDriver = (driver: Driver): Driver =>
    new Proxy(driver, {
      get(target, property) {
        if (property === 'acquireConnection') {
          return async (...args: Parameters<Driver['acquireConnection']>) => wrapConnection(await target.acquireConnection(...args));
        }
        if (property === 'beginTransaction') {
          return (...args: Parameters<Driver['beginTransaction']>) => {
            observer.onTransaction?.();
            return target.beginTransaction(...args);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return {
    createDriver: () => wrapDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/** A QueryObserver that keeps the statements seen since the last reset. */
export class QueryCounter implements QueryObserver {
  statements: ObservedQuery[] = [];
  transactions = 0;

  onQuery(query: ObservedQuery): void {
    this.statements.push(query);
  }

  onTransaction(): void {
    this.transactions += 1;
  }

  reset(): void {
    this.statements = [];
    this.transactions = 0;
  }

  get count(): number {
    return this.statements.length;
  }
}
