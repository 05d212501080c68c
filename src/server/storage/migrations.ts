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
  {
    version: 2,
    name: 'chat: visitors, messages, navigation, widget configuration',
    sql: `
      CREATE TABLE chat_visitors (
        id text PRIMARY KEY, utms jsonb, metrics jsonb,
        created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE chat_messages (
        seq bigserial PRIMARY KEY, id text NOT NULL UNIQUE, visitor_id text NOT NULL, role text NOT NULL,
        content text NOT NULL, client_message_id text, created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX chat_messages_visitor ON chat_messages (visitor_id, seq);
      CREATE UNIQUE INDEX chat_messages_client_id ON chat_messages (visitor_id, client_message_id) WHERE client_message_id IS NOT NULL;
      CREATE TABLE chat_navigation (
        seq bigserial PRIMARY KEY, visitor_id text NOT NULL, url_path text NOT NULL, at timestamptz NOT NULL
      );
      CREATE INDEX chat_navigation_visitor ON chat_navigation (visitor_id, seq);
      CREATE TABLE widget_configs (instance text PRIMARY KEY, config jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())
    `,
  },
  {
    version: 3,
    name: 'chat: agent memory, hand-off to a person, appointments',
    sql: `
      ALTER TABLE chat_visitors ADD COLUMN agent_state jsonb;
      ALTER TABLE chat_visitors ADD COLUMN needs_human boolean NOT NULL DEFAULT false;
      CREATE TABLE appointments (
        id text PRIMARY KEY, visitor_id text NOT NULL, at timestamptz NOT NULL, name text, phone text, email text,
        property_slug text, note text NOT NULL, created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX appointments_at ON appointments (at)
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
