/**
 * The schema's columns, indexes, constraints, functions and triggers, one `item` per row: what a migration's
 * up and down change (a migration that only moves data leaves it as it was).
 */
export const SCHEMA_FINGERPRINT_SQL = `
  SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type AS item FROM information_schema.columns WHERE table_schema = 'public'
  UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
  UNION ALL SELECT 'constraint ' || conname FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public'
  UNION ALL SELECT 'function ' || proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
  UNION ALL SELECT 'trigger ' || tgname FROM pg_trigger WHERE NOT tgisinternal
  ORDER BY 1`;
