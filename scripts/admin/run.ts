import type { AdminCommand, AdminOutput } from './command';
import { UsageError } from './command';
import { adminCommands } from './commands';

const environmentHelp = [
  'Environment: TABLE_NAME, AWS_REGION and the data keyring, either DATA_KEY_SECRET_ID (the',
  "stack's secret, read with your AWS credentials) or DATA_KEY (the local stack's key).",
];

function overview(commands: Readonly<Record<string, AdminCommand>>): string[] {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  return [
    'Usage: npm run admin -- <command> [arguments]   (<command> --help for its arguments)',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`),
    '',
    ...environmentHelp,
  ];
}

const usageOf = (name: string, command: AdminCommand) =>
  `Usage: npm run admin -- ${name}${command.usage ? ` ${command.usage}` : ''}`;

/**
 * Runs one admin command from its command line (`argv` without node and the script) and resolves
 * to the exit code: 0 done, 1 failed, 2 bad usage. `--help` lists the commands.
 */
export async function runAdmin(
  argv: readonly string[],
  output: AdminOutput,
  commands: Readonly<Record<string, AdminCommand>> = adminCommands,
): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    for (const line of overview(commands)) output.out(line);
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    output.err(`Unknown command "${name}".`);
    for (const line of overview(commands)) output.err(line);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    for (const line of [usageOf(name, command), '', command.summary, '', ...environmentHelp])
      output.out(line);
    return 0;
  }
  try {
    return await command.run(args, output);
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(error.message);
      output.err(usageOf(name, command));
      return 2;
    }
    output.err(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
