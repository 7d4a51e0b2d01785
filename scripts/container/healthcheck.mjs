// The image's HEALTHCHECK: asks the service's own health route, with no curl in the image. Exit 0
// when it answers 200 (ok or degraded: the service can serve), 1 otherwise (503 unavailable, no
// answer within 4 s, nothing listening). The server listens on every address unless HOST names one.
const host =
  !process.env.HOST || ["0.0.0.0", "::"].includes(process.env.HOST) ? "127.0.0.1" : process.env.HOST;
const url = new URL(
  `http://${host.includes(":") ? `[${host}]` : host}:${process.env.PORT || 3000}/api/v1/health`,
);

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  const body = await response.text();
  console.log(`${response.status} ${body}`);
  process.exit(response.status === 200 ? 0 : 1);
} catch (error) {
  console.log(`${url}: ${error.cause?.code ?? error.message}`);
  process.exit(1);
}
