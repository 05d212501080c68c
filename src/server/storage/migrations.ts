import type { Database } from './database'

/**
 * Versioned schema, applied in order, each once, inside a transaction. Never edit a released
 * migration: add the next one. Filterable fields are columns; the full entity is `data` (JSONB).
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'catalogue and leads',
    sql: `
      CREATE TABLE zones (slug text PRIMARY KEY, data jsonb NOT NULL);
      CREATE TABLE developments (
        slug text PRIMARY KEY, zone text NOT NULL, stage text NOT NULL, price_from_mxn bigint NOT NULL,
        data jsonb NOT NULL
      );
      CREATE TABLE properties (
        id text PRIMARY KEY, slug text NOT NULL UNIQUE, operation text NOT NULL, type text NOT NULL,
        zone text NOT NULL, development text, price_mxn bigint NOT NULL, bedrooms integer NOT NULL,
        bathrooms numeric NOT NULL, parking integer NOT NULL, construction_m2 numeric, lot_m2 numeric,
        amenities text[] NOT NULL, status text NOT NULL, featured boolean NOT NULL,
        search_text text NOT NULL, created_at timestamptz NOT NULL, data jsonb NOT NULL
      );
      CREATE INDEX properties_listing ON properties (operation, type, zone);
      CREATE INDEX properties_price ON properties (price_mxn);
      CREATE TABLE blog_posts (slug text PRIMARY KEY, published_at timestamptz NOT NULL, data jsonb NOT NULL);
      CREATE TABLE products (slug text PRIMARY KEY, data jsonb NOT NULL);
      CREATE TABLE leads (
        id text PRIMARY KEY, name text NOT NULL, email text, phone text, message text NOT NULL,
        source text NOT NULL, property_slug text, attribution jsonb, created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX leads_created ON leads (created_at);
    `,
  },
]

/** Bring the schema up to date; returns the versions applied now. */
export async function migrate(db: Database): Promise<number[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  )
  const done = new Set((await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version)))
  const applied: number[] = []
  for (const migration of MIGRATIONS) {
    if (done.has(migration.version)) continue
    await db.transaction(async (tx) => {
      for (const statement of migration.sql.split(';').map((s) => s.trim()).filter(Boolean)) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name])
    })
    applied.push(migration.version)
  }
  return applied
}
