// The benches' one way to run statements on PostgreSQL (creating and dropping their own databases, seeding).
import pg from "pg";

/** Connects to `url`, runs `work` with the client and always disconnects. */
export async function onPostgres(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
