// Runs once when a server process starts, before it answers (lib/process/prepare-server.ts says
// what it does). The work needs Node.js (the database, process.exit on a fault), so it is imported
// only under the Node.js runtime: written as this condition, the edge build drops the import and
// never sees Node.js APIs.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { prepareServer } = await import("./lib/process/prepare-server");
    await prepareServer();
  }
}
