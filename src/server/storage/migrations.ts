import type { Database, Queryable } from './database'
import { attributionCampaignSql, attributionSourceSql, trafficChannelSql } from '../../domain/attribution'
import { seedAgency } from './agency-repo'
import { seedKnowledge } from './knowledge-repo'

/**
 * Versioned schema, applied in order, each once, inside a transaction. Never edit a released
 * migration: add the next one. Filterable fields are columns; the full entity is `data` (JSONB).
 */
interface Migration {
  version: number
  name: string
  sql: string
  /** Data the new tables start with, written in the same transaction (so once, by one process). */
  seed?: (tx: Queryable) => Promise<void>
}

export const MIGRATIONS: readonly Migration[] = [
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
  {
    version: 10,
    name: 'console: agent accounts, sessions, who answers each conversation, inbox summary',
    sql: `
      CREATE TABLE console_accounts (
        id text PRIMARY KEY, email text NOT NULL, name text NOT NULL, role text NOT NULL, password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(), last_seen_at timestamptz, removed_at timestamptz
      );
      CREATE UNIQUE INDEX console_accounts_email ON console_accounts (lower(email)) WHERE removed_at IS NULL;
      CREATE TABLE console_sessions (
        token_hash text PRIMARY KEY, account_id text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX console_sessions_account ON console_sessions (account_id);
      CREATE TABLE console_reads (account_id text NOT NULL, visitor_id text NOT NULL, last_seq bigint NOT NULL, PRIMARY KEY (account_id, visitor_id));
      ALTER TABLE chat_messages ADD COLUMN author_id text;
      ALTER TABLE chat_visitors ADD COLUMN owner_id text;
      ALTER TABLE chat_visitors ADD COLUMN owner_since timestamptz;
      ALTER TABLE chat_visitors ADD COLUMN owner_active_at timestamptz;
      ALTER TABLE chat_visitors ADD COLUMN closed_at timestamptz;
      ALTER TABLE chat_visitors ADD COLUMN last_seq bigint;
      ALTER TABLE chat_visitors ADD COLUMN last_at timestamptz;
      ALTER TABLE chat_visitors ADD COLUMN last_role text;
      ALTER TABLE chat_visitors ADD COLUMN last_text text;
      ALTER TABLE chat_visitors ADD COLUMN last_user_seq bigint;
      UPDATE chat_visitors v SET last_seq = m.seq, last_at = m.created_at, last_role = m.role, last_text = left(m.content, 200)
        FROM (SELECT DISTINCT ON (visitor_id) visitor_id, seq, created_at, role, content FROM chat_messages ORDER BY visitor_id, seq DESC) m
        WHERE m.visitor_id = v.id;
      UPDATE chat_visitors v SET last_user_seq = m.seq FROM (SELECT visitor_id, max(seq) AS seq FROM chat_messages WHERE role = 'user' GROUP BY visitor_id) m
        WHERE m.visitor_id = v.id;
      CREATE INDEX chat_visitors_last ON chat_visitors (last_seq DESC) WHERE last_seq IS NOT NULL;
      CREATE INDEX chat_visitors_owner ON chat_visitors (owner_id) WHERE owner_id IS NOT NULL;
      CREATE FUNCTION chat_message_summary() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE chat_visitors SET last_seq = NEW.seq, last_at = NEW.created_at, last_role = NEW.role, last_text = left(NEW.content, 200),
          last_user_seq = CASE WHEN NEW.role = 'user' THEN NEW.seq ELSE last_user_seq END,
          closed_at = CASE WHEN NEW.role = 'user' THEN NULL ELSE closed_at END
          WHERE id = NEW.visitor_id;
        RETURN NEW;
      END $$;
      CREATE TRIGGER chat_messages_summary AFTER INSERT ON chat_messages FOR EACH ROW EXECUTE FUNCTION chat_message_summary()
    `,
  },
  // 20–29: the agency's pipeline (docs/behaviour.md#leads, #visits, #widget-settings, #numbers, #data-rights).
  {
    version: 20,
    name: 'pipeline: lead status, assignment, search and attribution columns, history, notes',
    sql: `
      ALTER TABLE leads ADD COLUMN visitor_id text;
      ALTER TABLE leads ADD COLUMN status text NOT NULL DEFAULT 'nuevo';
      ALTER TABLE leads ADD COLUMN assigned_to text;
      ALTER TABLE leads ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE leads ADD COLUMN landing_page text;
      ALTER TABLE leads ADD COLUMN search_text text NOT NULL DEFAULT '';
      UPDATE leads SET search_text = translate(lower(concat_ws(' ', name, email, phone, message)), 'áéíóúüñ', 'aeiouun');
      ALTER TABLE leads ADD COLUMN campaign text
        GENERATED ALWAYS AS (NULLIF(COALESCE(attribution->>'utm_campaign', attribution->>'campaign'), '')) STORED;
      ALTER TABLE leads ADD COLUMN traffic_source text
        GENERATED ALWAYS AS (NULLIF(COALESCE(attribution->>'utm_source', attribution->>'source'), '')) STORED;
      CREATE INDEX leads_visitor ON leads (visitor_id);
      CREATE INDEX leads_status ON leads (status, created_at);
      CREATE INDEX leads_assigned ON leads (assigned_to, created_at);
      CREATE TABLE pipeline_history (
        seq bigserial PRIMARY KEY, entity text NOT NULL, entity_id text NOT NULL, field text NOT NULL,
        old_value text, new_value text, actor text NOT NULL, at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX pipeline_history_entity ON pipeline_history (entity, entity_id, seq);
      CREATE TABLE lead_notes (
        id text PRIMARY KEY, lead_id text NOT NULL REFERENCES leads (id) ON DELETE CASCADE, author text NOT NULL,
        body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX lead_notes_lead ON lead_notes (lead_id, created_at)
    `,
  },
  {
    version: 21,
    name: 'pipeline: visit status and who booked it',
    sql: `
      ALTER TABLE appointments ADD COLUMN status text NOT NULL DEFAULT 'por_confirmar';
      ALTER TABLE appointments ADD COLUMN booked_by text NOT NULL DEFAULT 'agente-automatico';
      ALTER TABLE appointments ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      CREATE INDEX appointments_visitor ON appointments (visitor_id, at);
      CREATE INDEX appointments_created ON appointments (created_at)
    `,
  },
  {
    version: 22,
    name: 'widget settings: every saved version with who and when',
    sql: `
      CREATE TABLE widget_config_versions (
        instance text NOT NULL, version integer NOT NULL, config jsonb NOT NULL, author text NOT NULL,
        restored_from integer, created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (instance, version)
      )
    `,
  },
  {
    version: 23,
    name: 'numbers and data rights: time indexes, when each conversation started, hand-off requests, erasure log',
    sql: `
      CREATE INDEX chat_messages_created ON chat_messages (created_at);
      ALTER TABLE chat_visitors ADD COLUMN first_message_at timestamptz;
      UPDATE chat_visitors v SET first_message_at = m.first FROM
        (SELECT visitor_id, min(created_at) AS first FROM chat_messages WHERE role = 'user' GROUP BY visitor_id) m WHERE m.visitor_id = v.id;
      CREATE INDEX chat_visitors_first_message ON chat_visitors (first_message_at) WHERE first_message_at IS NOT NULL;
      CREATE INDEX chat_navigation_at ON chat_navigation (at);
      CREATE TABLE chat_handoffs (seq bigserial PRIMARY KEY, visitor_id text NOT NULL, requested_at timestamptz NOT NULL DEFAULT now());
      CREATE INDEX chat_handoffs_requested ON chat_handoffs (requested_at);
      CREATE INDEX chat_handoffs_visitor ON chat_handoffs (visitor_id);
      CREATE TABLE data_erasures (
        id text PRIMARY KEY, subject_hash text NOT NULL, actor text NOT NULL, rows_erased jsonb NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )
    `,
  },
  {
    version: 40,
    name: 'chat: visitor tokens, folded page views',
    sql: `
      ALTER TABLE chat_visitors ADD COLUMN token_hash text;
      ALTER TABLE chat_visitors ADD COLUMN navigation_folded integer NOT NULL DEFAULT 0
    `,
  },
  {
    // Versions 50-59 belong to the chat's hot path (issue 16).
    version: 50,
    name: 'chat: pending agent turns (a stored visitor message not yet answered)',
    sql: `
      CREATE TABLE chat_pending_turns (
        message_id text PRIMARY KEY, visitor_id text NOT NULL, address text NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX chat_pending_turns_claimed ON chat_pending_turns (claimed_at)
    `,
  },
  {
    // The journal stores a whole batch of messages in one INSERT: the conversation summary is
    // updated once per visitor of the statement, not once per message through a plpgsql call.
    version: 51,
    name: 'chat: the conversation summary per INSERT statement (same result as per row)',
    sql: `
      DROP TRIGGER chat_messages_summary ON chat_messages;
      DROP FUNCTION chat_message_summary();
      CREATE FUNCTION chat_messages_summary() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE chat_visitors v SET last_seq = m.seq, last_at = m.created_at, last_role = m.role, last_text = left(m.content, 200),
          last_user_seq = COALESCE(m.user_seq, v.last_user_seq),
          closed_at = CASE WHEN m.user_seq IS NULL THEN v.closed_at END
        FROM (SELECT DISTINCT ON (visitor_id) visitor_id, seq, created_at, role, content,
                max(seq) FILTER (WHERE role = 'user') OVER (PARTITION BY visitor_id) AS user_seq
              FROM inserted ORDER BY visitor_id, seq DESC) m
        WHERE v.id = m.visitor_id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER chat_messages_summary AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS inserted
        FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_summary()
    `,
  },
  {
    // Every console page and inbox answer counts the conversations waiting for a person (the
    // title's count) and the inbox's "Necesitan asesor" filter reads them: an index of those rows
    // only, instead of a scan of every visitor (about 3x cheaper with 10,000 conversations).
    version: 52,
    name: 'console: index of the conversations waiting for a person',
    sql: `
      CREATE INDEX chat_visitors_waiting ON chat_visitors (id) WHERE needs_human AND owner_id IS NULL AND closed_at IS NULL
    `,
  },
  {
    // A person joining or leaving is a notice of the conversation, not the automated agent's
    // words: the console shows it without an author (the widget still reads an agent message).
    version: 53,
    name: 'console: notices among the messages',
    sql: `
      ALTER TABLE chat_messages ADD COLUMN notice boolean NOT NULL DEFAULT false
    `,
  },
  {
    // The summary's UPDATE is planned once per connection and the plan kept. Planned at a first
    // INSERT of many rows (a burst of first messages on a fresh database, or of resent ones after
    // a restart), it joined them with chat_visitors by scanning the table whole, at every later
    // INSERT. With scans and hash or merge joins off inside the function, its one plan reads
    // chat_visitors through the primary key whatever it was made on (planning it again at each
    // INSERT costs a one-message write more than the scan it avoids).
    version: 54,
    name: 'chat: the conversation summary reads chat_visitors by its key, whatever it was planned on',
    sql: `
      ALTER FUNCTION chat_messages_summary() SET enable_seqscan = off;
      ALTER FUNCTION chat_messages_summary() SET enable_hashjoin = off;
      ALTER FUNCTION chat_messages_summary() SET enable_mergejoin = off
    `,
  },
  {
    // A chat visitor whose phone or e-mail was already another lead's is not stored as a lead of
    // their own: the link says which lead they were merged into, so a visit booked for them is
    // noted there and their conversation lists it (docs/behaviour.md#leads).
    version: 55,
    name: 'leads: the visitors merged into a lead',
    sql: `
      CREATE TABLE lead_visitors (
        visitor_id text NOT NULL, lead_id text NOT NULL, linked_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (visitor_id, lead_id)
      );
      CREATE INDEX lead_visitors_lead ON lead_visitors (lead_id)
    `,
  },
  {
    // A conversation's row is written about four times per visitor message (its utms, the agent's
    // memory, the summary after the message and after the reply). On full pages every new version
    // went to another page, with a new entry in each of its indexes, and nothing vacuums the
    // embedded database: the table and its key's index grew with every write, and each write
    // cost more. With half of each page left free, the writes that change no indexed column (the
    // utms, the memory) stay on their page (HOT: no index entry, the old version reclaimed when
    // the page is next read) and the others log only the bytes that changed.
    version: 56,
    name: 'chat: conversations leave room on their pages for their next versions',
    sql: `
      ALTER TABLE chat_visitors SET (fillfactor = 50)
    `,
  },
  {
    // A browser that signed in to an account before passes that account's sign-in throttle, which
    // strangers' wrong passwords may trip (src/server/console/sign-in.ts). Only the token's hash is kept.
    version: 57,
    name: 'console: devices that signed in to an account before',
    sql: `
      CREATE TABLE console_devices (
        token_hash text PRIMARY KEY, account_id text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX console_devices_account ON console_devices (account_id)
    `,
  },
  {
    // An erased visitor's id is never a conversation again (docs/behaviour.md#data-rights): a widget
    // still open with it is refused at its next handshake and starts over. Only a one-way
    // fingerprint of the id is kept (chat-repo.ts visitorIdHash), as the erasure log does.
    version: 58,
    name: 'data rights: erased visitor ids are revoked',
    sql: `
      CREATE TABLE erased_visitors (id_hash text PRIMARY KEY, erased_at timestamptz NOT NULL DEFAULT now())
    `,
  },
  {
    // A lead past a volume limit of the lead policy is kept and marked for a person to review
    // instead of refused: one address may be a whole office (docs/behaviour.md#leads).
    version: 59,
    name: 'leads: marked for review',
    sql: `
      ALTER TABLE leads ADD COLUMN review text;
      CREATE INDEX leads_review ON leads (review) WHERE review IS NOT NULL
    `,
  },
  {
    // A lead's source and campaign by the one attribution rule (src/domain/attribution.ts) the
    // console's live list reads too: utm_obj and the referrer count now, and blanks and 'Unknown'
    // do not. The columns are rebuilt from the stored records.
    version: 60,
    name: 'leads: source and campaign by the domain attribution rule',
    sql: `
      ALTER TABLE leads DROP COLUMN campaign;
      ALTER TABLE leads DROP COLUMN traffic_source;
      ALTER TABLE leads ADD COLUMN campaign text GENERATED ALWAYS AS (${attributionCampaignSql('attribution')}) STORED;
      ALTER TABLE leads ADD COLUMN traffic_source text GENERATED ALWAYS AS (${attributionSourceSql('attribution')}) STORED
    `,
  },
  {
    // The agency's own catalogue, edited in the console (issue 32, docs/catalogue.md).
    // Properties, developments and posts may be drafts or archived: public reads see only
    // 'publicada'. Every row carries a revision (a save names the one it edited; a stale one is
    // refused, not overwritten) and who last changed it. A changed slug or an archived listing
    // leaves a redirect; every changed field leaves a history row.
    version: 61,
    name: 'catalogue: publication, revisions, redirects, history, who may publish',
    sql: `
      ALTER TABLE properties ADD COLUMN publication text NOT NULL DEFAULT 'publicada';
      ALTER TABLE developments ADD COLUMN publication text NOT NULL DEFAULT 'publicada';
      ALTER TABLE blog_posts ADD COLUMN publication text NOT NULL DEFAULT 'publicada';
      ALTER TABLE properties ADD COLUMN revision integer NOT NULL DEFAULT 1;
      ALTER TABLE developments ADD COLUMN revision integer NOT NULL DEFAULT 1;
      ALTER TABLE blog_posts ADD COLUMN revision integer NOT NULL DEFAULT 1;
      ALTER TABLE zones ADD COLUMN revision integer NOT NULL DEFAULT 1;
      ALTER TABLE products ADD COLUMN revision integer NOT NULL DEFAULT 1;
      ALTER TABLE properties ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE developments ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE blog_posts ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE zones ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE products ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE properties ADD COLUMN updated_by text;
      ALTER TABLE developments ADD COLUMN updated_by text;
      ALTER TABLE blog_posts ADD COLUMN updated_by text;
      ALTER TABLE zones ADD COLUMN updated_by text;
      ALTER TABLE products ADD COLUMN updated_by text;
      CREATE INDEX properties_publication ON properties (publication);
      CREATE TABLE catalogue_redirects (from_path text PRIMARY KEY, to_path text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
      CREATE INDEX catalogue_redirects_to ON catalogue_redirects (to_path);
      CREATE TABLE catalogue_history (
        id bigserial PRIMARY KEY, kind text NOT NULL, record_id text NOT NULL, field text NOT NULL, old_value jsonb, new_value jsonb,
        actor_id text, actor_name text, at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX catalogue_history_record ON catalogue_history (kind, record_id, id);
      ALTER TABLE console_accounts ADD COLUMN can_publish boolean NOT NULL DEFAULT false
    `,
  },
  {
    // The agent's knowledge base (docs/knowledge.md): the questions an agency answers, each with
    // its examples and its answer per language, seeded once with the demo's (content/knowledge.json);
    // and the visitors' questions nothing answered, folded, counted, without who asked them.
    version: 62,
    name: 'agent knowledge base and unmatched questions',
    sql: `
      CREATE TABLE knowledge_entries (
        name text PRIMARY KEY, title text NOT NULL, examples jsonb NOT NULL, answer jsonb NOT NULL,
        adviser boolean NOT NULL, updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE knowledge_unmatched (question text PRIMARY KEY, count integer NOT NULL, last_asked_at timestamptz NOT NULL);
      CREATE INDEX knowledge_unmatched_frequent ON knowledge_unmatched (count DESC, last_asked_at DESC)
    `,
    seed: seedKnowledge,
  },
  {
    // Who the agency is (docs/agency.md): its profile and its team, one document each, saved
    // whole with a revision (two people saving at once: the second is told, nothing is merged),
    // seeded once with the demo's (content/agency.json).
    version: 63,
    name: 'agency profile and team',
    sql: `
      CREATE TABLE agency_documents (
        name text PRIMARY KEY, body jsonb NOT NULL, revision integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now(), updated_by text
      )
    `,
    seed: seedAgency,
  },
  {
    // The first-run setup's one-time code (docs/agency.md#first-run): one row while no console
    // account exists, the same for every process and restart, gone once the wizard is done.
    version: 67,
    name: 'first-run setup code',
    sql: `CREATE TABLE first_run_setup (id boolean PRIMARY KEY DEFAULT true CHECK (id), code text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
  },
  {
    // A visit's adviser («Asesor»), as a lead's assignee (docs/behaviour.md#visits): a console
    // account, set by a person or, when the visitor had asked for a member of the team by name,
    // by the automated agent's booking. Nobody filters visits by it: no index.
    version: 68,
    name: 'visits: the adviser who attends each',
    sql: `ALTER TABLE appointments ADD COLUMN assigned_to text`,
  },
  {
    // Sources people recognise (issue 34, docs/domain.md#attribution): the traffic channel (paid or
    // organic search and social, e-mail, another site, direct) of leads and conversations, and, as
    // its source, the raw utm_source or the other site's host, where the spec's stored source says
    // «Google» for all but Google Ads and Facebook. A lead's are generated from its record (rebuilt
    // now); a conversation's record is written with every message, where a generated column would
    // run the rule each time in SQL: the store writes them beside it (chat-repo.ts, chat-journal.ts)
    // and the ones stored before are filled here by the SQL form of the same rule.
    version: 71,
    name: 'leads and conversations: traffic channel, and the raw source beside it',
    sql: `
      ALTER TABLE leads DROP COLUMN traffic_source;
      ALTER TABLE leads ADD COLUMN traffic_source text GENERATED ALWAYS AS (${attributionSourceSql('attribution')}) STORED;
      ALTER TABLE leads ADD COLUMN traffic_channel text NOT NULL GENERATED ALWAYS AS (${trafficChannelSql('attribution')}) STORED;
      ALTER TABLE chat_visitors ADD COLUMN traffic_channel text NOT NULL DEFAULT 'direct';
      ALTER TABLE chat_visitors ADD COLUMN traffic_source text;
      UPDATE chat_visitors SET traffic_channel = ${trafficChannelSql('utms')}, traffic_source = ${attributionSourceSql('utms')} WHERE utms IS NOT NULL
    `,
  },
  {
    // A person's photo beside their displayed name (docs/behaviour.md#console-accounts): an
    // upload's path, set in «Mi cuenta»; none until then.
    version: 72,
    name: 'console: an account\'s photo',
    sql: `ALTER TABLE console_accounts ADD COLUMN photo text`,
  },
  {
    // The team's canned replies (docs/console.md#canned-replies): shared with the whole team or
    // their author's only, so the console lists `shared OR author_id = me`; the personal ones are
    // found by their author. `listings`: catalogue property ids, their cards sent in this order.
    version: 74,
    name: 'console: canned replies',
    sql: `
      CREATE TABLE canned_replies (
        id text PRIMARY KEY, title text NOT NULL, shortcut text NOT NULL, language text NOT NULL,
        body text NOT NULL, listings jsonb NOT NULL DEFAULT '[]', shared boolean NOT NULL,
        author_id text NOT NULL, updated_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX canned_replies_personal ON canned_replies (author_id) WHERE NOT shared
    `,
  },
  {
    // Routing with a time to answer (issue 34, docs/console.md#routing). Each person's status
    // («disponible» / «ausente»), duty hours (null: the agency's office hours), when their console
    // was last seen open (refreshed by every process that holds it, by the database's clock) and
    // when a conversation was last offered to them (the round-robin's turn). A conversation that
    // needs a person has one routing row: offered to one person until a deadline, then to
    // everyone, or waiting for someone to come; deadlines are the server clock's (src/server/clock.ts),
    // stored, so a restart or another process carries on. `owner_gone_at`: when the sweep first saw
    // a conversation's owner gone (console closed, or away with the visitor unanswered).
    version: 80,
    name: 'console: duty hours, status and presence; conversations routed with a time to answer',
    sql: `
      ALTER TABLE console_accounts ADD COLUMN availability text NOT NULL DEFAULT 'disponible';
      ALTER TABLE console_accounts ADD COLUMN duty_hours jsonb;
      ALTER TABLE console_accounts ADD COLUMN present_until timestamptz;
      ALTER TABLE console_accounts ADD COLUMN last_offered_at timestamptz;
      ALTER TABLE chat_visitors ADD COLUMN owner_gone_at timestamptz;
      CREATE TABLE chat_routing (
        visitor_id text PRIMARY KEY, stage text NOT NULL, offered_to text, since timestamptz NOT NULL,
        deadline timestamptz, version integer NOT NULL DEFAULT 1
      );
      CREATE INDEX chat_routing_offered_to ON chat_routing (offered_to) WHERE offered_to IS NOT NULL
    `,
  },
  {
    // The e-mails the product sends (docs/email.md): a durable outbox that a restart does not
    // empty, claimed with FOR UPDATE SKIP LOCKED and a lease so two processes never send one row,
    // with its schedule (send_at: a visit's reminder), its next try after a failure (due_at) and
    // the last error the console shows. `topic` is what a row is about ("visit:<id>"): a newer
    // notice of the same visit replaces the ones not sent yet. Unsubscribed addresses are kept
    // as a hash (the erasure of a person leaves their address nowhere), and the key that signs
    // the unsubscribe links is made once and shared by every process. The recipient's index
    // counts the copies of conversations sent to one address (mail/index.ts TRANSCRIPT_LIMITS).
    version: 81,
    name: 'mail: outbox, unsubscribed addresses and the link key',
    sql: `
      CREATE TABLE outbox (
        id text PRIMARY KEY,
        kind text NOT NULL,
        topic text,
        visitor_id text,
        recipient text NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'pending',
        send_at timestamptz NOT NULL DEFAULT now(),
        due_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        lease_until timestamptz,
        last_error text,
        message_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX outbox_due ON outbox (due_at) WHERE status IN ('pending', 'sending');
      CREATE INDEX outbox_topic ON outbox (topic) WHERE topic IS NOT NULL;
      CREATE INDEX outbox_visitor ON outbox (visitor_id) WHERE visitor_id IS NOT NULL;
      CREATE INDEX outbox_recent ON outbox (updated_at);
      CREATE INDEX outbox_recipient ON outbox (lower(recipient), created_at);
      CREATE TABLE mail_unsubscribes (address_hash text PRIMARY KEY, at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE mail_keys (name text PRIMARY KEY, secret text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())
    `,
  },
]

/**
 * Serializes the processes starting on one PostgreSQL database (docs/server.md#migration-lock):
 * several server processes may start together on it, and two would apply the same migration (or
 * seed the same catalogue) at once. An advisory lock held by a transaction of its own while
 * `work` runs on other connections: freed when it ends, or when its process dies. Keyed by the
 * schema, so schemas (tests) migrate apart. The embedded database has one process (embedded-lock.ts)
 * and holds its requests back during a transaction: `work` simply runs.
 */
export async function underMigrationLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return work()
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('cancun-propiedades:migrations:' || current_schema()))")
    return work()
  })
}

/** Bring the schema up to date; returns the versions applied now (none when another process just did). */
export function migrate(db: Database): Promise<number[]> {
  return underMigrationLock(db, () => applyMigrations(db))
}

async function applyMigrations(db: Database): Promise<number[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  )
  const done = new Set((await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version)))
  const applied: number[] = []
  for (const migration of MIGRATIONS) {
    if (done.has(migration.version)) continue
    await db.transaction(async (tx) => {
      for (const statement of sqlStatements(migration.sql)) await tx.query(statement)
      await migration.seed?.(tx)
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name])
    })
    applied.push(migration.version)
  }
  return applied
}

/** A migration's statements: split at each `;` outside a `$$ … $$` body (a function's own `;` stay in it). */
export function sqlStatements(sql: string): string[] {
  const statements: string[] = []
  let current = ''
  let inBody = false
  for (const part of sql.split(/(\$\$|;)/)) {
    if (part === '$$') inBody = !inBody
    if (part === ';' && !inBody) {
      statements.push(current)
      current = ''
    } else current += part
  }
  statements.push(current)
  return statements.map((s) => s.trim()).filter(Boolean)
}
