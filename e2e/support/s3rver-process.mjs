// Runs s3rver in a process of its own (e2e/support/s3-server.ts starts it): node s3rver-process.mjs
// <folder> <port> <bucket>. Prints the port it listens on, as one line, once it is ready.
// Its own process because s3rver's list continuation tokens use DES, which Node 17+ has only with
// --openssl-legacy-provider; and so that its work and memory are not the test's or the benchmark's.
import S3rver from "s3rver";

const [directory, port, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: "127.0.0.1",
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();
// A string, not a number: console.log colours numbers when FORCE_COLOR is set (Playwright sets it).
process.stdout.write(`${address.port}\n`);
