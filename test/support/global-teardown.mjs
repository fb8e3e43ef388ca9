export default async function globalTeardown() {
  const embedded = globalThis.__embeddedPostgres;
  if (!embedded) return;
  await embedded.server.stop();
  await embedded.db.close();
}
