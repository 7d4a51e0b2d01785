// File names' rules, implemented once in the command-line client's package (cli/lib/file-name.js,
// where they are described) and imported from here by the pages and the server.
export { fittedFileName, isFileName, savableFileName, savedFileName } from "../../cli/lib/file-name.js";
