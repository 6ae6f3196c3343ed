import postgres from 'postgres';

/**
 * Column types read differently from the driver's defaults:
 * - `date` stays the 'YYYY-MM-DD' string the app uses for calendar days; the default turns it
 *   into a JavaScript Date at UTC midnight, which shifts a day in any zone west of Greenwich.
 * - `int8` (bigint, bigserial, count(*)) becomes a number; revisions, sequence numbers and item
 *   ids stay far below 2^53.
 */
const types = {
  calendarDay: {
    to: 1082,
    from: [1082],
    serialize: (value: string) => value,
    parse: (raw: string) => raw,
  },
  int8: {
    to: 20,
    from: [20],
    serialize: (value: number) => String(value),
    parse: (raw: string) => Number(raw),
  },
};

export interface SqlOptions {
  /** Connections in the pool. Embedded PGlite serves exactly one. */
  readonly max: number;
}

/** The one place a database client is made; every connection in the process comes from here. */
export function createSql(url: string, { max }: SqlOptions) {
  return postgres(url, {
    max,
    types,
    // A one-connection pool (what PGlite's socket accepts) keeps its connection for the life of
    // the process: a reconnect racing the old socket's close would be refused there.
    idle_timeout: max === 1 ? 0 : 30,
    max_lifetime: max === 1 ? null : 60 * 30,
    connect_timeout: 10,
    connection: { application_name: 'memento-sync' },
    onnotice: () => undefined,
  });
}

/** JavaScript types of the custom column types above, as the driver's generics want them. */
type ColumnTypes = {
  calendarDay: string;
  int8: number;
};

export type Sql = postgres.Sql<ColumnTypes>;
export type TransactionSql = postgres.TransactionSql<ColumnTypes>;
/** A client or a transaction: reads that run in either take this. */
export type Queryable = postgres.ISql<ColumnTypes>;

// Keeps the declared types honest: fails to compile if `createSql` stops returning `Sql`.
createSql satisfies (url: string, options: SqlOptions) => Sql;

export const { PostgresError } = postgres;
