/** Bad arguments: the tool prints the message and its usage, and exits 2. */
export class UsageError extends Error {}

/** `--help`: the tool prints its usage and exits 0. */
export class HelpRequested extends Error {}

/** An expected failure (a rejected file, a database in use): the tool prints the message and exits 1. */
export class CliError extends Error {}
