import type { AdminCommand, AdminOutput } from './command';
import { UsageError } from './command';
import { adminCommands } from './commands';

const environmentHelp = [
  'Which stack: with nothing set, the local stack `npm start` runs in this folder (it leaves a note in',
  '.data/local-stack.json for these commands). For a deployed stack set TABLE_NAME, AWS_REGION,',
  "DATA_KEY_SECRET_ID (the stack's data key secret, read with your AWS credentials) and, for",
  'redrive-dead-letters, the QUEUE_URL_* of each queue: all of them are stack outputs.',
  'README "Operating it" has examples.',
];

function optionLines(command: AdminCommand, indent: string): string[] {
  const options = command.options ?? [];
  const labels = options.map((option) => `--${option.name}${option.value ? ` ${option.value}` : ''}`);
  const width = Math.max(0, ...labels.map((label) => label.length));
  return options.map(
    (option, index) =>
      `${indent}${labels[index]!.padEnd(width)}  ${option.required ? '(required) ' : ''}${option.description}`,
  );
}

function overview(commands: Readonly<Record<string, AdminCommand>>): string[] {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  return [
    'Usage: npm run admin -- <command> [arguments]   (<command> --help for its arguments)',
    '',
    'Commands:',
    ...Object.entries(commands).flatMap(([name, command]) => [
      `  ${name.padEnd(width)}  ${command.summary}`,
      ...optionLines(command, `  ${' '.repeat(width)}    `),
    ]),
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
    const help = [
      usageOf(name, command),
      '',
      command.summary,
      ...optionLines(command, '  '),
      '',
      ...environmentHelp,
    ];
    for (const line of help) output.out(line);
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
