#!/usr/bin/env node
// @ts-check
// The `notes` command: the command-line client of the notes service (`notes --help`).
import { main } from "../lib/main.js";

process.exitCode = await main(process.argv.slice(2), process.env);
