import { parseArgs } from 'node:util';

/** Where a command writes: progress and results to `out`, problems to `err`. */
export interface AdminOutput {
  out(line: string): void;
  err(line: string): void;
}

/** One `--name [value]` option of a command, as `--help` shows it. */
export interface AdminOption {
  readonly name: string;
  /** The value's placeholder (`<email>`); absent for a flag. */
  readonly value?: string;
  readonly required?: boolean;
  readonly description: string;
}

/** One `npm run admin -- <name>` command. */
export interface AdminCommand {
  /** One line for the command list. */
  readonly summary: string;
  /** Arguments after the name, as shown by `--help` (empty when it takes none). */
  readonly usage: string;
  /** Its options, listed by `--help` under the command. */
  readonly options?: readonly AdminOption[];
  /** Runs the command; resolves to the process exit code. Throw `UsageError` for bad arguments. */
  run(args: readonly string[], output: AdminOutput): Promise<number>;
}

/** Bad arguments: the runner prints the message with the command's usage and exits 2. */
export class UsageError extends Error {}

/** The usage line of a set of options: `--owner-email <email> [--name <name>]`. */
export function usageOf(options: readonly AdminOption[]): string {
  return options
    .map((option) => {
      const text = `--${option.name}${option.value ? ` ${option.value}` : ''}`;
      return option.required ? text : `[${text}]`;
    })
    .join(' ');
}

/**
 * Parses a command's arguments against its options: string values for options with a value, `true`
 * for flags. Throws `UsageError` for an unknown option, a positional argument, a missing value or a
 * missing required option.
 */
export function parseOptions(args: readonly string[], options: readonly AdminOption[]): OptionValues {
  return parseCommandLine(args, options, false).values;
}

/**
 * `parseOptions` for a command that also takes positional arguments (ids, ...): the option values
 * and the positionals in order.
 */
export function parseArguments(
  args: readonly string[],
  options: readonly AdminOption[],
): { values: OptionValues; positionals: string[] } {
  return parseCommandLine(args, options, true);
}

function parseCommandLine(
  args: readonly string[],
  options: readonly AdminOption[],
  allowPositionals: boolean,
) {
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals,
      options: Object.fromEntries(
        options.map((option) => [option.name, { type: option.value ? 'string' : 'boolean' } as const]),
      ),
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const missing = options.filter((option) => option.required && parsed.values[option.name] === undefined);
  if (missing.length > 0) {
    throw new UsageError(`Missing ${missing.map((option) => `--${option.name}`).join(', ')}.`);
  }
  return parsed;
}

/** A positive whole number option, or `fallback` when absent. Throws `UsageError` otherwise. */
export function positiveIntegerOption(value: string | boolean | undefined, name: string, fallback: number) {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new UsageError(`--${name} must be a positive integer.`);
  return number;
}

/** Parsed option values by name: strings for options with a value, `true` for flags. */
export type OptionValues = Record<string, string | boolean | undefined>;

/**
 * A command from its summary, options and body: the usage line is derived from the options, and
 * the body gets the arguments already parsed by `parseOptions`.
 */
export function defineAdminCommand(definition: {
  summary: string;
  options: readonly AdminOption[];
  run(values: OptionValues, output: AdminOutput): Promise<number>;
}): AdminCommand {
  return {
    summary: definition.summary,
    usage: usageOf(definition.options),
    options: definition.options,
    run: (args, output) => definition.run(parseOptions(args, definition.options), output),
  };
}
