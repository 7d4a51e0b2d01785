// commonmark-spec ships no types; this declares the part the conformance test reads.
declare module "commonmark-spec" {
  const spec: {
    version: string;
    tests: { markdown: string; html: string; section: string; number: number }[];
  };
  export default spec;
}
